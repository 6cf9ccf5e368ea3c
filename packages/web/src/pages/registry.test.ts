import { FUNCTIONS, GROUPS, PUBLIC_SCREENS } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from '../app/frame/menu-icon';
import { PAGES, PUBLIC_PAGES } from './registry';

describe('page registry', () => {
  const ready = FUNCTIONS.filter((f) => f.ready).map((f) => f.key);

  it('has a page for every ready catalogue function', () => {
    expect(ready.filter((key) => !(key in PAGES))).toEqual([]);
  });

  it('has only pages of ready catalogue functions', () => {
    expect(Object.keys(PAGES).filter((key) => !ready.includes(key))).toEqual([]);
  });

  it('has a screen for exactly the public screens of the catalogue', () => {
    expect(Object.keys(PUBLIC_PAGES).sort()).toEqual(PUBLIC_SCREENS.map((s) => s.key).sort());
  });

  it('knows the icon of every catalogue entry', () => {
    const icons = [...FUNCTIONS, ...GROUPS].map((entry) => entry.icon);
    expect(icons.filter((icon) => !(icon in MENU_ICONS))).toEqual([]);
  });
});
