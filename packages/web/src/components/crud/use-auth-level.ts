import { AUTH_LEVEL, type AuthLevel, type MenuNode } from '@sc/contract';
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { findMenuNode, menusKey, useMenus } from '../../api/session-api';
import { useLang } from '../../i18n/i18n';
import { pageLevel } from '../../session/page-levels';

/**
 * The caller's level on the current screen: its menu node's, else what pageauth granted. The screen
 * re-renders when the level changes, not whenever the menus' answer does: on a reload the menus arrive
 * while the screen waits for its rows and usually confirm what pageauth granted, and re-rendering a
 * whole list for that delayed the rows' render.
 */
export function useAuthLevel(): AuthLevel {
  const { pathname } = useLocation();
  const lang = useLang();
  const client = useQueryClient();
  useMenus(true, { rerender: false });
  // Told after the cache's batch, as TanStack's own cache hooks are: a query updated while another
  // component renders would otherwise re-render this one in the middle of that render.
  const subscribe = useCallback(
    (changed: () => void) => client.getQueryCache().subscribe(notifyManager.batchCalls(changed)),
    [client],
  );
  const level = useCallback(() => {
    const node = findMenuNode(client.getQueryData<MenuNode[]>(menusKey(lang)), (n) => n.path === pathname);
    return node?.level ?? pageLevel(pathname) ?? AUTH_LEVEL.none;
  }, [client, lang, pathname]);
  return useSyncExternalStore(subscribe, level, level);
}

export const canModify = (level: AuthLevel) => level >= AUTH_LEVEL.modify;
