import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Catalogue function key → its screen, each loaded on first visit. A key belongs here exactly when
 * the catalogue marks the function `ready` (checked by registry.test.ts).
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  manmain: lazy(() => import('./man/manmain/home-page')),
  projectlist: lazy(() => import('./man/projectlist/project-list-page')),
  rolelist: lazy(() => import('./man/rolelist/role-list-page')),
  userlist: lazy(() => import('./man/userlist/user-list-page')),
  authlist: lazy(() => import('./man/authlist/auth-list-page')),
  authmodule: lazy(() => import('./bas/authmodule/auth-module-page')),
  syssettings: lazy(() => import('./man/syssettings/settings-page')),
  sitemessage: lazy(() => import('./man/sitemessage/site-message-page')),
  managehistory: lazy(() => import('./man/managehistory/manage-history-page')),
  operatehistory: lazy(() => import('./man/operatehistory/operate-history-page')),
  visithistory: lazy(() => import('./man/visithistory/visit-history-page')),
};
