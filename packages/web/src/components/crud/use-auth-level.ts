import { AUTH_LEVEL, type AuthLevel } from '@sc/contract';
import { useLocation } from 'react-router';
import { findMenuNode, useMenus } from '../../api/session-api';
import { pageLevel } from '../../session/page-levels';

/** The caller's level on the current screen: its menu node's, else what pageauth granted. */
export function useAuthLevel(): AuthLevel {
  const { pathname } = useLocation();
  const menus = useMenus();
  const node = findMenuNode(menus.data, (n) => n.path === pathname);
  return node?.level ?? pageLevel(pathname) ?? AUTH_LEVEL.none;
}

export const canModify = (level: AuthLevel) => level >= AUTH_LEVEL.modify;
