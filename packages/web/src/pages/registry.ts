import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../app/lazy-page';
import { FAMILY_PAGES, FAMILY_PUBLIC_PAGES } from '../families';

/**
 * Catalogue function key → its screen, each loaded on first visit. A key belongs here exactly when
 * the catalogue marks the function `ready` (checked by registry.test.ts).
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  manmain: lazyPage(() => import('./man/manmain/home-page')),
  projectlist: lazyPage(() => import('./man/projectlist/project-list-page')),
  rolelist: lazyPage(() => import('./man/rolelist/role-list-page')),
  userlist: lazyPage(() => import('./man/userlist/user-list-page')),
  authlist: lazyPage(() => import('./man/authlist/auth-list-page')),
  authmodule: lazyPage(() => import('./bas/authmodule/auth-module-page')),
  syssettings: lazyPage(() => import('./man/syssettings/settings-page')),
  sitemessage: lazyPage(() => import('./man/sitemessage/site-message-page')),
  managehistory: lazyPage(() => import('./man/managehistory/manage-history-page')),
  operatehistory: lazyPage(() => import('./man/operatehistory/operate-history-page')),
  visithistory: lazyPage(() => import('./man/visithistory/visit-history-page')),
  devicelist: lazyPage(() => import('./biz/devicelist/device-list-page')),
  deviceedit: lazyPage(() => import('./biz/deviceedit/device-edit-page')),
  bizproductionlib: lazyPage(() => import('./biz/bizproductionlib/production-page')),
  bizindex: lazyPage(() => import('./map/bizindex/map-page')),
  pjtdevicelist: lazyPage(() => import('./pjt/pjtdevicelist/pjt-device-list-page')),
  pjtdeviceedit: lazyPage(() => import('./pjt/pjtdeviceedit/pjt-device-edit-page')),
  devicetypelist: lazyPage(() => import('./bas/devicetypelist/device-type-list-page')),
  devicefactorylist: lazyPage(() => import('./bas/devicefactorylist/device-factory-list-page')),
  devicemodellist: lazyPage(() => import('./bas/devicemodellist/device-model-list-page')),
  devicearealist: lazyPage(() => import('./biz/devicearealist/device-area-list-page')),
  devicegrouplist: lazyPage(() => import('./biz/devicegrouplist/device-group-list-page')),
  pjtdevicefactorylist: lazyPage(() => import('./pjt/pjtdevicefactorylist/pjt-device-factory-list-page')),
  pjtdevicemodellist: lazyPage(() => import('./pjt/pjtdevicemodellist/pjt-device-model-list-page')),
  pjtdevicearealist: lazyPage(() => import('./pjt/pjtdevicearealist/pjt-device-area-list-page')),
  pjtdevicegrouplist: lazyPage(() => import('./pjt/pjtdevicegrouplist/pjt-device-group-list-page')),
  pjtmaintenancebilllist: lazyPage(() => import('./pjt/pjtmaintenancebilllist/bill-list-page')),
  pjtmaintenancebill: lazyPage(() => import('./pjt/pjtmaintenancebill/bill-page')),
  pjtpolemaintenance: lazyPage(() => import('./pjt/pjtpolemaintenance/pole-maintenance-page')),
  pjtdevicemaintenancehistory: lazyPage(() => import('./pjt/pjtdevicemaintenancehistory/device-history-page')),
  pjtprojectsummary: lazyPage(() => import('./pjt/pjtprojectsummary/summary-page')),
  pjtprojectsummarylayout: lazyPage(() => import('./pjt/pjtprojectsummarylayout/layout-list-page')),
  pjtnoticerule: lazyPage(() => import('./pjt/pjtnoticerule/notice-rule-page')),
  pjtparams: lazyPage(() => import('./pjt/pjtparams/params-page')),
  pjtrolelist: lazyPage(() => import('./pjt/pjtrolelist/pjt-role-list-page')),
  pjtuserlist: lazyPage(() => import('./pjt/pjtuserlist/pjt-user-list-page')),
  pjtauthlist: lazyPage(() => import('./pjt/pjtauthlist/pjt-auth-list-page')),
  // Device families bring their own screens (packages/web/src/families).
  ...FAMILY_PAGES,
};

/** Public screens (catalogue PUBLIC_SCREENS key → screen), outside the frame and without sign-in. */
export const PUBLIC_PAGES: Record<string, LazyExoticComponent<ComponentType>> = { ...FAMILY_PUBLIC_PAGES };
