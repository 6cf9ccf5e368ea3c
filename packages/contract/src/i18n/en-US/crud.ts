import type { crud as zh } from '../zh-CN/crud.js';

export const crud: Record<keyof typeof zh, string> = {
  searchPlaceholder: 'Keywords separated by spaces, up to {limit}',
  searchLimit: 'Up to {limit} search words: the rest were ignored',
  createTitle: 'New {what}',
  editTitle: 'Edit {what}',
  noun_users: 'user',
  noun_projects: 'project',
  noun_roles: 'role',
  noun_models: 'device model',
  noun_factories: 'device factory',
  noun_devicetypes: 'device type',
  noun_areas: 'device area',
  noun_groups: 'device group',
  noun_production: 'production item',
  noun_devices: 'device',
  columnsTitle: 'Columns shown',
  columnsShowAll: 'Show all columns',
  deleteOne: 'Delete this record?',
  selected: '{count} selected',
  forbidden: 'You may not open this page',
  back: 'Back to home',
};
