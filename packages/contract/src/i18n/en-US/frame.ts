import type { frame as zh } from '../zh-CN/frame.js';

export const frame: Record<keyof typeof zh, string> = {
  unread: 'Unread messages: {msg}',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  language: 'Language',
  logout: 'Logout',
  logoutConfirm: 'ARE YOU SURE TO LOGOUT?',
  modifyPassword: 'Modify password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  oldPassword: 'Current password',
  passwordChanged: 'Password changed',
  closeTab: 'Close',
  closeOthers: 'Close others',
  closeAll: 'Close all',
  userMenu: 'User menu',
  tabActions: 'Tab actions',
  collapse: 'Collapse menu',
  unavailableTitle: '"{name}" is not available yet',
  unavailableDetail:
    'This function is planned, but this version of the console does not have its screen yet. The menu lists every screen that is available.',
  unavailableHome: 'Back to home',
  tabOf: '{name} ({group})',
  expand: 'Expand menu',
};
