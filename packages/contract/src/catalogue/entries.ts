import { AUTH_LEVEL } from '../enums.js';
import { FAMILY_PUBLIC_APIS, FAMILY_SCREENS } from '../families/index.js';
import { type FunctionOptions, fn, group } from './build.js';
import { api, crud } from './grants.js';
import { MAINTENANCE_BILL_APIS, MAINTENANCE_HISTORY_APIS, MAINTENANCE_POLE_APIS } from './maintenance-grants.js';
import type { ApiGrant, CatalogueEntry, ModuleCode } from './types.js';

/**
 * The catalogue: every route of spec 000 §2 and 001 §2. Keys are the route's last segment, labels
 * are `menu.<key>` in the i18n catalogues. Set `ready` when the console has the screen.
 */

const man = (key: string, icon: string, options?: FunctionOptions) => fn(key, '/man', 'man', icon, 'system', options);
const bas = (key: string, icon: string, options?: FunctionOptions) => fn(key, '/bas', 'bas', icon, 'base', options);
const biz = (key: string, icon: string, options?: FunctionOptions) => fn(key, '/biz', 'biz', icon, 'business', options);
const pjt = (key: string, parent: string, icon: string, module: ModuleCode, options?: FunctionOptions) =>
  fn(key, '/pjt', parent, icon, module, options);

const logApis = (base: string): ApiGrant[] => [
  api('GET', `${base}/pages`),
  api('DELETE', `${base}/:id`, AUTH_LEVEL.check),
  api('DELETE', base, AUTH_LEVEL.check),
];

/** The pickers of the device screens: who may edit devices may read what a device refers to. */
const REGISTRY_LOOKUPS: ApiGrant[] = [
  api('GET', '/api/bas/devicetypes.do'),
  api('GET', '/api/bas/devicefactories.do'),
  api('GET', '/api/bas/devicemodels.do'),
  api('GET', '/api/biz/deviceareas.do'),
  api('GET', '/api/biz/devicegroups.do'),
];

/** The calls of the device map (the map screen and the device lists' map view draw the same map). */
const DEVICE_MAP_APIS: ApiGrant[] = [
  api('GET', '/api/map/view.do'),
  api('GET', '/api/map/extent.do'),
  api('GET', '/api/map/devices.do/:id/summary'),
  api('GET', '/api/map/poles.do/:groupId/summary'),
];

/** A project's own administration picks projects among the path's project and its descendants. */
const PROJECT_TREE_APIS: ApiGrant[] = [
  api('GET', '/api/pjts/:projectId/projects.do'),
  api('GET', '/api/pjts/:projectId/projects.do/trees'),
];

export const CATALOGUE: readonly CatalogueEntry[] = [
  // ── Global administration (spec 000 §2 /man)
  group('man', null, 'SettingOutlined', '/man', '/man/manmain'),
  man('manmain', 'HomeOutlined', {
    ready: true,
    everyone: AUTH_LEVEL.view,
    apis: [api('GET', '/api/summary/home.do')],
  }),
  man('projectlist', 'ApartmentOutlined', {
    ready: true,
    apis: [
      // The list and tree of one's projects are session calls: every screen picks projects.
      api('GET', '/api/projects.do/pages'),
      api('GET', '/api/projects.do/:id'),
      api('POST', '/api/projects.do'),
      api('PUT', '/api/projects.do/:id'),
      api('DELETE', '/api/projects.do/:id'),
      api('GET', '/api/projects.do/:id/childrenprojects'),
      api('PUT', '/api/projects.do/:id/location'),
    ],
  }),
  man('rolelist', 'TeamOutlined', { ready: true, apis: crud('/api/roles.do') }),
  man('userlist', 'UserOutlined', { ready: true, apis: [...crud('/api/users.do'), api('GET', '/api/roles.do')] }),
  man('authlist', 'SafetyCertificateOutlined', {
    ready: true,
    apis: [
      api('GET', '/api/roles/:id/menus.do'),
      api('GET', '/api/roles/:id/menus.do/flat'),
      api('GET', '/api/roles/:id/permissions.do'),
      api('POST', '/api/roles/:id/permissions.do'),
      api('GET', '/api/roles.do'),
    ],
  }),
  man('syssettings', 'ControlOutlined', {
    ready: true,
    global: true,
    apis: [
      api('GET', '/api/webparams.do'),
      api('PUT', '/api/webparams.do/:id'),
      api('PATCH', '/api/syncsysdata.do'),
      api('GET', '/api/noticeevents.do'),
    ],
  }),
  man('sitemessage', 'MailOutlined', {
    ready: true,
    everyone: AUTH_LEVEL.modify,
    apis: [
      api('GET', '/api/sitemessages.do'),
      api('GET', '/api/sitemessages.do/pages/:n'),
      api('PATCH', '/api/sitemessages.do/isread/:id'),
      api('PATCH', '/api/sitemessages.do/isread'),
      api('PATCH', '/api/sitemessages.do/isdeleted/:id'),
      api('PATCH', '/api/sitemessages.do/isdeleted'),
      api('PATCH', '/api/sitemessages.do/restoreisdeleted/:id'),
      api('DELETE', '/api/sitemessages.do'),
    ],
  }),
  man('managehistory', 'AuditOutlined', { ready: true, apis: logApis('/api/managehistories.do') }),
  man('operatehistory', 'ThunderboltOutlined', { ready: true, apis: logApis('/api/operatehistories.do') }),
  man('visithistory', 'LoginOutlined', { ready: true, apis: logApis('/api/visithistories.do') }),

  // ── Base data (spec 000 §2 /bas)
  group('bas', null, 'DatabaseOutlined', '/bas', '/man/manmain'),
  bas('authmodule', 'AppstoreAddOutlined', {
    ready: true,
    apis: [api('GET', '/api/bas/authmodules.do/projects/:id'), api('POST', '/api/bas/authmodules.do')],
  }),
  bas('devicetypelist', 'TagsOutlined', {
    ready: true,
    global: true,
    apis: [...crud('/api/bas/devicetypes.do'), api('PUT', '/api/bas/devicetypes.do/:id/icon')],
  }),
  bas('devicefactorylist', 'BankOutlined', {
    ready: true,
    apis: [
      ...crud('/api/bas/devicefactories.do'),
      api('GET', '/api/bas/mediatypes.do'),
      api('GET', '/api/bas/layoutunits.do'),
    ],
  }),
  bas('devicemodellist', 'BlockOutlined', { ready: true, apis: crud('/api/bas/devicemodels.do') }),

  // ── Business data (spec 000 §2 /biz)
  group('biz', null, 'ClusterOutlined', '/biz', '/biz/devicelist'),
  biz('devicearealist', 'BorderOuterOutlined', { ready: true, apis: crud('/api/biz/deviceareas.do') }),
  biz('devicegrouplist', 'GroupOutlined', {
    ready: true,
    apis: [
      ...crud('/api/biz/devicegroups.do'),
      api('PUT', '/api/biz/devicegroups.do/:id/location'),
      api('PUT', '/api/biz/devicegroups.do/:id/active'),
    ],
  }),
  biz('devicelist', 'HddOutlined', {
    ready: true,
    apis: [
      ...crud('/api/biz/devices.do'),
      api('PUT', '/api/biz/devices.do/:id/location'),
      api('PUT', '/api/biz/devices.do/:id/active'),
      api('POST', '/api/biz/devices.do/batch/active'),
      ...REGISTRY_LOOKUPS,
      ...DEVICE_MAP_APIS,
    ],
  }),
  biz('deviceedit', 'FormOutlined', { ready: true, menu: false, authOf: 'devicelist' }),
  biz('bizproductionlib', 'BarcodeOutlined', {
    ready: true,
    apis: [
      api('GET', '/api/bas/devicemodels.do'),
      api('GET', '/api/biz/productionlib.do/pages'),
      api('POST', '/api/biz/productionlib.do'),
      api('POST', '/api/biz/productionlib.do/auto'),
      api('POST', '/api/biz/productionlib.do/upload'),
      api('GET', '/api/biz/productionlib.do/template'),
      api('PUT', '/api/biz/productionlib.do/:id'),
      // A device's MQTT password: read one at a time at edit level only (issue 11).
      api('GET', '/api/biz/productionlib.do/:id/key1', AUTH_LEVEL.modify),
      api('DELETE', '/api/biz/productionlib.do/:id'),
    ],
  }),

  // ── Map (spec 000 §2 /map)
  group('map', null, 'EnvironmentOutlined', '/map', '/map/bizindex'),
  fn('bizindex', '/map', 'map', 'GlobalOutlined', 'map', {
    ready: true,
    apis: [api('GET', '/api/map/clusters.do'), ...DEVICE_MAP_APIS, api('GET', '/api/bas/devicetypes.do')],
  }),

  // ── Project area (spec 001 §2 /pjt)
  group('pjt', null, 'ProjectOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  group('pjtoverview', 'pjt', 'DashboardOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtprojectsummary', 'pjtoverview', 'DashboardOutlined', 'project', {
    ready: true,
    apis: [api('GET', '/api/pjts/:projectId/summary.do'), api('GET', '/api/pjts/:projectId/summarylayouts.do/pages')],
  }),
  pjt('pjtprojectsummarylayout', 'pjtoverview', 'LayoutOutlined', 'project', {
    ready: true,
    apis: [
      api('GET', '/api/pjts/:projectId/summarylayouts.do/pages'),
      api('POST', '/api/pjts/:projectId/summarylayouts.do'),
      api('PUT', '/api/pjts/:projectId/summarylayouts.do/:id'),
      api('DELETE', '/api/pjts/:projectId/summarylayouts.do/:id'),
      api('PUT', '/api/pjts/:projectId/summarylayouts.do/:id/priority'),
    ],
  }),
  pjt('pjtnoticerule', 'pjtoverview', 'NotificationOutlined', 'project', {
    ready: true,
    apis: [
      api('GET', '/api/pjts/:projectId/noticerules.do'),
      api('GET', '/api/pjts/:projectId/noticerules.do/deliveries'),
      api('POST', '/api/pjts/:projectId/noticeevents/:eventId'),
      api('DELETE', '/api/pjts/:projectId/noticeevents/:eventId'),
      api('POST', '/api/pjts/:projectId/noticerules.do/test'),
    ],
  }),
  pjt('pjtparams', 'pjtoverview', 'ProfileOutlined', 'project', {
    ready: true,
    apis: [api('GET', '/api/pjts/:projectId/projectparams.do'), api('POST', '/api/pjts/:projectId/projectparams.do')],
  }),
  group('pjtadmin', 'pjt', 'TeamOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtrolelist', 'pjtadmin', 'TeamOutlined', 'project', {
    ready: true,
    apis: [...PROJECT_TREE_APIS, ...crud('/api/pjts/:projectId/roles.do')],
  }),
  pjt('pjtuserlist', 'pjtadmin', 'UserOutlined', 'project', {
    ready: true,
    apis: [...PROJECT_TREE_APIS, ...crud('/api/pjts/:projectId/users.do'), api('GET', '/api/pjts/:projectId/roles.do')],
  }),
  pjt('pjtauthlist', 'pjtadmin', 'SafetyCertificateOutlined', 'project', {
    ready: true,
    apis: [
      api('GET', '/api/pjts/:projectId/roles/:roleId/menus.do'),
      api('GET', '/api/pjts/:projectId/roles/:roleId/permissions.do'),
      api('POST', '/api/pjts/:projectId/roles/:roleId/permissions.do'),
      api('GET', '/api/pjts/:projectId/roles.do'),
    ],
  }),
  group('pjtdevices', 'pjt', 'HddOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicefactorylist', 'pjtdevices', 'BankOutlined', 'project', {
    ready: true,
    apis: [api('GET', '/api/pjts/:projectId/devicefactories.do'), api('GET', '/api/pjts/:projectId/devicetypes.do')],
  }),
  pjt('pjtdevicemodellist', 'pjtdevices', 'BlockOutlined', 'project', {
    ready: true,
    apis: [
      api('GET', '/api/pjts/:projectId/devicemodels.do'),
      api('GET', '/api/pjts/:projectId/types/:serial/devicemodels.do'),
    ],
  }),
  pjt('pjtdevicearealist', 'pjtdevices', 'BorderOuterOutlined', 'project', {
    ready: true,
    apis: crud('/api/pjts/:projectId/deviceareas.do'),
  }),
  pjt('pjtdevicegrouplist', 'pjtdevices', 'GroupOutlined', 'project', {
    ready: true,
    apis: [
      ...crud('/api/pjts/:projectId/devicegroups.do'),
      api('PUT', '/api/pjts/:projectId/devicegroups.do/:id/location'),
      api('PUT', '/api/pjts/:projectId/devicegroups.do/:id/active'),
    ],
  }),
  pjt('pjtdevicelist', 'pjtdevices', 'HddOutlined', 'project', {
    ready: true,
    apis: [
      api('GET', '/api/pjts/:projectId/devices.do/one/:id'),
      api('GET', '/api/pjts/:projectId/devices.do/pages'),
      api('GET', '/api/pjts/:projectId/devices.do/family'),
      api('GET', '/api/pjts/:projectId/devices.do/children/:id'),
      api('GET', '/api/pjts/:projectId/devices.do/batch'),
      api('GET', '/api/pjts/:projectId/devices.do/types/:type/models'),
      api('POST', '/api/pjts/:projectId/devices.do'),
      api('PUT', '/api/pjts/:projectId/devices.do/:id'),
      api('DELETE', '/api/pjts/:projectId/devices.do/:id'),
      api('GET', '/api/pjts/:projectId/devices.do/:id/active'),
      api('PUT', '/api/pjts/:projectId/devices.do/:id/location'),
      api('PUT', '/api/pjts/:projectId/devices.do/:id/active'),
      api('POST', '/api/pjts/:projectId/devices.do/batch/active'),
      ...DEVICE_MAP_APIS,
    ],
  }),
  pjt('pjtdeviceedit', 'pjtdevices', 'FormOutlined', 'project', {
    ready: true,
    menu: false,
    authOf: 'pjtdevicelist',
  }),
  // ── Device families: each family's screens come from its manifest (families/<slug>/).
  ...FAMILY_SCREENS,
  group('pjtmaintenance', 'pjt', 'ToolOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtmaintenancebilllist', 'pjtmaintenance', 'ToolOutlined', 'maintenance', {
    ready: true,
    apis: MAINTENANCE_BILL_APIS,
  }),
  pjt('pjtmaintenancebill', 'pjtmaintenance', 'EditOutlined', 'maintenance', {
    ready: true,
    menu: false,
    authOf: 'pjtmaintenancebilllist',
  }),
  pjt('pjtpolemaintenance', 'pjtmaintenance', 'ColumnHeightOutlined', 'maintenance', {
    ready: true,
    apis: MAINTENANCE_POLE_APIS,
  }),
  pjt('pjtdevicemaintenancehistory', 'pjtmaintenance', 'HistoryOutlined', 'maintenance', {
    ready: true,
    apis: MAINTENANCE_HISTORY_APIS,
  }),
];

/**
 * Calls any signed-in user may make without a catalogue level; the services scope them to the
 * caller (own password, own menus, own unread count).
 */
export const SESSION_APIS: readonly { method: string; path: string }[] = [
  { method: 'DELETE', path: '/api/login.do' },
  { method: 'GET', path: '/api/pageauth.do' },
  { method: 'GET', path: '/api/menus.do' },
  { method: 'GET', path: '/api/projects.do' },
  { method: 'GET', path: '/api/projects.do/trees' },
  { method: 'PATCH', path: '/api/users.do/:id/pwd' },
  { method: 'GET', path: '/api/sitemessages.do/count/unread' },
  // The realtime channel: pushes are filtered to the user's project subtree.
  { method: 'GET', path: '/api/ws' },
  // Type icons are shown wherever devices are (lists, map) to anyone signed in.
  { method: 'GET', path: '/api/bas/devicetypes.do/:id/icon' },
];

/** Calls that need no sign-in at all. */
export const PUBLIC_APIS: readonly { method: string; path: string }[] = [
  { method: 'GET', path: '/code/getloginidentifyimage.do' },
  { method: 'GET', path: '/api/pub/runningparams.do' },
  { method: 'POST', path: '/api/login.do' },
  { method: 'GET', path: '/api/login.do' },
  { method: 'GET', path: '/api/health' },
  // Public displays of device families (their manifests' publicApis).
  ...FAMILY_PUBLIC_APIS.map(({ method, path }) => ({ method, path })),
];
