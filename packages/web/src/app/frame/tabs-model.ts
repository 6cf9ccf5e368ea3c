import { HOME_PATH } from '../guard';

/** An open window of the frame (spec 000 §2 "tab tags"): one per visited screen. */
export interface Tab {
  path: string;
  search: string;
}

export interface TabsChange {
  tabs: Tab[];
  /** Where to go when the active tab was closed. */
  navigateTo?: string;
}

const HOME_TAB: Tab = { path: HOME_PATH, search: '' };
export const href = (tab: Tab) => tab.path + tab.search;

/** Home is always the first tab and cannot be closed: there must be somewhere to land. */
function withHome(tabs: Tab[]): Tab[] {
  return tabs.some((t) => t.path === HOME_PATH) ? tabs : [HOME_TAB, ...tabs];
}

export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const at = tabs.findIndex((t) => t.path === tab.path);
  if (at < 0) return withHome([...tabs, tab]);
  if (tabs[at].search === tab.search) return withHome(tabs);
  return withHome(tabs.map((t, i) => (i === at ? tab : t)));
}

export function closeTab(tabs: Tab[], path: string, activePath: string): TabsChange {
  const at = tabs.findIndex((t) => t.path === path);
  if (path === HOME_PATH || at < 0) return { tabs };
  const rest = tabs.filter((t) => t.path !== path);
  if (path !== activePath) return { tabs: rest };
  const neighbour = rest[at] ?? rest[at - 1] ?? HOME_TAB;
  return { tabs: withHome(rest), navigateTo: href(neighbour) };
}

export function closeOthers(tabs: Tab[], keepPath: string, activePath: string): TabsChange {
  const rest = withHome(tabs.filter((t) => t.path === keepPath || t.path === HOME_PATH));
  const keep = rest.find((t) => t.path === keepPath);
  return { tabs: rest, navigateTo: keep && keepPath !== activePath ? href(keep) : undefined };
}

export function closeAll(activePath: string): TabsChange {
  return { tabs: [HOME_TAB], navigateTo: activePath === HOME_PATH ? undefined : HOME_PATH };
}

const STORAGE_KEY = 'sc.tabs';

export function loadTabs(): Tab[] {
  try {
    const raw = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Tab[];
    return withHome(raw.filter((t) => typeof t?.path === 'string' && typeof t.search === 'string'));
  } catch {
    return [HOME_TAB];
  }
}

export function saveTabs(tabs: Tab[]): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs));
}
