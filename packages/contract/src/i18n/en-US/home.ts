import type { home as zh } from '../zh-CN/home.js';

export const home: Record<keyof typeof zh, string> = {
  welcome: 'Welcome, {name}',
  role: 'Role',
  project: 'Project',
  lastLogin: 'Last sign-in',
  projects: 'Projects',
  users: 'Users',
  devices: 'Devices',
  account: 'Account',
  realName: 'Name',
  firstLogin: 'First sign-in',
  signedIn: 'Signed in',
  overview: 'Overview',
};
