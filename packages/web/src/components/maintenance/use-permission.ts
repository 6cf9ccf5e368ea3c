import type { AuthLevel } from '@sc/contract';
import { findMenuNode, useMenus } from '../../api/session-api';

/** Whether the caller holds at least `level` on a screen of the catalogue (by key), from the menu tree. */
export function usePermission(key: string, level: AuthLevel): boolean {
  const menus = useMenus();
  const node = findMenuNode(menus.data, (n) => n.path === `/pjt/${key}`);
  return (node?.level ?? 0) >= level;
}

/** The caller's level on a screen of the catalogue (by key). */
export function useLevelOf(key: string): number {
  const menus = useMenus();
  return findMenuNode(menus.data, (n) => n.path === `/pjt/${key}`)?.level ?? 0;
}
