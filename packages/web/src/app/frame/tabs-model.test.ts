import { describe, expect, it } from 'vitest';
import { closeAll, closeOthers, closeTab, loadTabs, openTab, saveTabs, type Tab } from './tabs-model';

const home: Tab = { path: '/man/manmain', search: '' };
const users: Tab = { path: '/man/userlist', search: '' };
const roles: Tab = { path: '/man/rolelist', search: '?page=2' };

describe('tabs', () => {
  it('opens each screen once, home first, and keeps the latest query', () => {
    let tabs = openTab([], users);
    tabs = openTab(tabs, roles);
    tabs = openTab(tabs, { ...users, search: '?k=1' });
    expect(tabs).toEqual([home, { ...users, search: '?k=1' }, roles]);
  });

  it('closing the active tab goes to its right neighbour, else its left one', () => {
    const tabs = [home, users, roles];
    expect(closeTab(tabs, '/man/userlist', '/man/userlist')).toEqual({
      tabs: [home, roles],
      navigateTo: '/man/rolelist?page=2',
    });
    expect(closeTab(tabs, '/man/rolelist', '/man/rolelist').navigateTo).toBe('/man/userlist');
  });

  it('closing another tab stays put; home cannot be closed', () => {
    const tabs = [home, users, roles];
    expect(closeTab(tabs, '/man/userlist', '/man/rolelist')).toEqual({ tabs: [home, roles] });
    expect(closeTab(tabs, '/man/manmain', '/man/manmain')).toEqual({ tabs });
  });

  it('close others keeps home and the chosen tab, and shows it', () => {
    expect(closeOthers([home, users, roles], '/man/rolelist', '/man/userlist')).toEqual({
      tabs: [home, roles],
      navigateTo: '/man/rolelist?page=2',
    });
  });

  it('close all leaves home and goes there', () => {
    expect(closeAll('/man/userlist')).toEqual({ tabs: [home], navigateTo: '/man/manmain' });
    expect(closeAll('/man/manmain').navigateTo).toBeUndefined();
  });

  it('persists in session storage', () => {
    saveTabs([home, users]);
    expect(loadTabs()).toEqual([home, users]);
    sessionStorage.setItem('sc.tabs', 'not json');
    expect(loadTabs()).toEqual([home]);
  });
});
