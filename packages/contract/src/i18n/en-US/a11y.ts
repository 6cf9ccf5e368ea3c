import type { a11y as zh } from '../zh-CN/a11y.js';

export const a11y: Record<keyof typeof zh, string> = {
  openWindows: 'Open windows',
  mainMenu: 'Main menu',
  openMenu: 'Open the menu',
};
