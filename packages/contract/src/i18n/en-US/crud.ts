import type { crud as zh } from '../zh-CN/crud.js';

export const crud: Record<keyof typeof zh, string> = {
  searchPlaceholder: 'Keywords separated by spaces, up to {limit}',
  searchLimit: 'Up to {limit} search words: the rest were ignored',
  createTitle: 'New',
  editTitle: 'Edit',
  deleteOne: 'Delete this record?',
  selected: '{count} selected',
  forbidden: 'You may not open this page',
  back: 'Back to home',
};
