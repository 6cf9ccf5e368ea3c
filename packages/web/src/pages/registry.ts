import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { FAMILY_PAGES, FAMILY_PUBLIC_PAGES } from '../families';

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
  devicelist: lazy(() => import('./biz/devicelist/device-list-page')),
  deviceedit: lazy(() => import('./biz/deviceedit/device-edit-page')),
  bizproductionlib: lazy(() => import('./biz/bizproductionlib/production-page')),
  bizindex: lazy(() => import('./map/bizindex/map-page')),
  pjtdevicelist: lazy(() => import('./pjt/pjtdevicelist/pjt-device-list-page')),
  pjtdeviceedit: lazy(() => import('./pjt/pjtdeviceedit/pjt-device-edit-page')),
  devicetypelist: lazy(() => import('./bas/devicetypelist/device-type-list-page')),
  devicefactorylist: lazy(() => import('./bas/devicefactorylist/device-factory-list-page')),
  devicemodellist: lazy(() => import('./bas/devicemodellist/device-model-list-page')),
  devicearealist: lazy(() => import('./biz/devicearealist/device-area-list-page')),
  devicegrouplist: lazy(() => import('./biz/devicegrouplist/device-group-list-page')),
  pjtdevicefactorylist: lazy(() => import('./pjt/pjtdevicefactorylist/pjt-device-factory-list-page')),
  pjtdevicemodellist: lazy(() => import('./pjt/pjtdevicemodellist/pjt-device-model-list-page')),
  pjtdevicearealist: lazy(() => import('./pjt/pjtdevicearealist/pjt-device-area-list-page')),
  pjtdevicegrouplist: lazy(() => import('./pjt/pjtdevicegrouplist/pjt-device-group-list-page')),
  pjtmaintenancebilllist: lazy(() => import('./pjt/pjtmaintenancebilllist/bill-list-page')),
  pjtmaintenancebill: lazy(() => import('./pjt/pjtmaintenancebill/bill-page')),
  pjtpolemaintenance: lazy(() => import('./pjt/pjtpolemaintenance/pole-maintenance-page')),
  pjtdevicemaintenancehistory: lazy(() => import('./pjt/pjtdevicemaintenancehistory/device-history-page')),
  pjtprojectsummary: lazy(() => import('./pjt/pjtprojectsummary/summary-page')),
  pjtprojectsummarylayout: lazy(() => import('./pjt/pjtprojectsummarylayout/layout-list-page')),
  pjtnoticerule: lazy(() => import('./pjt/pjtnoticerule/notice-rule-page')),
  pjtparams: lazy(() => import('./pjt/pjtparams/params-page')),
  pjtrolelist: lazy(() => import('./pjt/pjtrolelist/pjt-role-list-page')),
  pjtuserlist: lazy(() => import('./pjt/pjtuserlist/pjt-user-list-page')),
  pjtauthlist: lazy(() => import('./pjt/pjtauthlist/pjt-auth-list-page')),
  // Device families bring their own screens (packages/web/src/families).
  ...FAMILY_PAGES,
};

/** Public screens (catalogue PUBLIC_SCREENS key → screen), outside the frame and without sign-in. */
export const PUBLIC_PAGES: Record<string, LazyExoticComponent<ComponentType>> = { ...FAMILY_PUBLIC_PAGES };
