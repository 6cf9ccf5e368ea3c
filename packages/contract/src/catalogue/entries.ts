import { AUTH_LEVEL } from '../enums.js';
import { api, crud } from './grants.js';
import type { ApiGrant, CatalogueEntry, CatalogueFunction, MenuGroup, ModuleCode } from './types.js';

/**
 * The catalogue: every route of spec 000 §2 and 001 §2. Keys are the route's last segment, labels
 * are `menu.<key>` in the i18n catalogues. Set `ready` when the console has the screen.
 */

function group(key: string, parent: string | null, icon: string, path: string, redirect: string): MenuGroup {
  return { kind: 'group', key, parent, icon, path, redirect };
}

interface FunctionOptions {
  menu?: boolean;
  ready?: boolean;
  authOf?: string;
  everyone?: CatalogueFunction['everyone'];
  apis?: ApiGrant[];
}

function fn(
  key: string,
  parentPath: string,
  parent: string,
  icon: string,
  module: ModuleCode,
  options: FunctionOptions = {},
): CatalogueFunction {
  return {
    kind: 'function',
    key,
    path: `${parentPath}/${key}`,
    parent,
    icon,
    module,
    menu: options.menu ?? true,
    ready: options.ready ?? false,
    authOf: options.authOf,
    everyone: options.everyone,
    apis: options.apis ?? [],
  };
}

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

/** What every device-family screen reads of its devices: a family screen needs no device-list grant. */
const FAMILY_READS: ApiGrant[] = [
  api('GET', '/api/pjts/:projectId/devices.do/family'),
  api('GET', '/api/pjts/:projectId/devices.do/one/:id'),
  api('GET', '/api/pjts/:projectId/devices.do/children/:id'),
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
      api('DELETE', '/api/biz/productionlib.do/:id'),
    ],
  }),

  // ── Map (spec 000 §2 /map)
  group('map', null, 'EnvironmentOutlined', '/map', '/map/bizindex'),
  fn('bizindex', '/map', 'map', 'GlobalOutlined', 'map', {
    ready: true,
    apis: [
      api('GET', '/api/map/clusters.do'),
      api('GET', '/api/map/view.do'),
      api('GET', '/api/map/extent.do'),
      api('GET', '/api/map/devices.do/:id/summary'),
      api('GET', '/api/bas/devicetypes.do'),
    ],
  }),

  // ── Project area (spec 001 §2 /pjt)
  group('pjt', null, 'ProjectOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  group('pjtoverview', 'pjt', 'DashboardOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtprojectsummary', 'pjtoverview', 'DashboardOutlined', 'project'),
  pjt('pjtprojectsummarylayout', 'pjtoverview', 'LayoutOutlined', 'project'),
  pjt('pjtnoticerule', 'pjtoverview', 'NotificationOutlined', 'project'),
  pjt('pjtparams', 'pjtoverview', 'ProfileOutlined', 'project'),
  group('pjtadmin', 'pjt', 'TeamOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtrolelist', 'pjtadmin', 'TeamOutlined', 'project'),
  pjt('pjtuserlist', 'pjtadmin', 'UserOutlined', 'project'),
  pjt('pjtauthlist', 'pjtadmin', 'SafetyCertificateOutlined', 'project'),
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
    ],
  }),
  pjt('pjtdeviceedit', 'pjtdevices', 'FormOutlined', 'project', {
    ready: true,
    menu: false,
    authOf: 'pjtdevicelist',
  }),
  group('pjtlighting', 'pjt', 'BulbOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicelightingsummary', 'pjtlighting', 'PieChartOutlined', 'lighting'),
  pjt('pjtdevicelightinglist', 'pjtlighting', 'BulbOutlined', 'lighting'),
  pjt('pjtdevicelighting', 'pjtlighting', 'BulbOutlined', 'lighting', { menu: false, authOf: 'pjtdevicelightinglist' }),
  pjt('pjtdevicelightingpolicy', 'pjtlighting', 'ScheduleOutlined', 'lighting'),
  pjt('pjtdevicelightinggroup', 'pjtlighting', 'GroupOutlined', 'lighting'),
  group('pjtmtc', 'pjt', 'ControlOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicemtclist', 'pjtmtc', 'ControlOutlined', 'mtc'),
  pjt('pjtdevicemtc', 'pjtmtc', 'ControlOutlined', 'mtc', { menu: false, authOf: 'pjtdevicemtclist' }),
  pjt('pjtdevicemtcpolicy', 'pjtmtc', 'ScheduleOutlined', 'mtc'),
  group('pjtpgw', 'pjt', 'NodeIndexOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicepgwlist', 'pjtpgw', 'NodeIndexOutlined', 'pgw'),
  pjt('pjtdevicepgw', 'pjtpgw', 'NodeIndexOutlined', 'pgw', { menu: false, authOf: 'pjtdevicepgwlist' }),
  group('pjtvideo', 'pjt', 'VideoCameraOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicedvrlist', 'pjtvideo', 'DatabaseOutlined', 'video'),
  pjt('pjtdevicedvr', 'pjtvideo', 'DatabaseOutlined', 'video', { menu: false, authOf: 'pjtdevicedvrlist' }),
  pjt('pjtdevicecameralist', 'pjtvideo', 'VideoCameraOutlined', 'video'),
  pjt('pjtcameralivegrid', 'pjtvideo', 'AppstoreOutlined', 'video'),
  pjt('pjtdevicecamera', 'pjtvideo', 'VideoCameraOutlined', 'video', { menu: false, authOf: 'pjtdevicecameralist' }),
  pjt('pjtdevicecamerarecord', 'pjtvideo', 'PlaySquareOutlined', 'video'),
  group('pjtenv', 'pjt', 'CloudOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdeviceenvmonitorlist', 'pjtenv', 'CloudOutlined', 'env', {
    ready: true,
    apis: [
      api('GET', '/api/pjts/:projectId/iot/envmonitor/reports.do/family/attempts/last/:n'),
      api('POST', '/api/pjts/:projectId/iot/envmonitor/:id/register'),
      api('POST', '/api/pjts/:projectId/iot/envmonitor/:id/unregister'),
      ...FAMILY_READS,
    ],
  }),
  pjt('pjtdeviceenvdatahistory', 'pjtenv', 'LineChartOutlined', 'env', {
    ready: true,
    apis: [
      api('GET', '/api/pjts/:projectId/iot/envmonitor/:id/reports.do'),
      api('GET', '/api/pjts/:projectId/iot/envmonitor/:id/reports.do/series'),
      api('GET', '/api/pjts/:projectId/iot/envmonitor/:id/reports.do/export'),
      api('GET', '/api/pjts/:projectId/iot/envmonitor/reports.do/family/attempts/last/:n'),
      ...FAMILY_READS,
    ],
  }),
  group('pjtled', 'pjt', 'DesktopOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdeviceledlist', 'pjtled', 'DesktopOutlined', 'led'),
  pjt('pjtdeviceled', 'pjtled', 'DesktopOutlined', 'led', { menu: false, authOf: 'pjtdeviceledlist' }),
  pjt('pjtledresourcelist', 'pjtled', 'FileImageOutlined', 'led'),
  pjt('pjtledprogramlist', 'pjtled', 'OrderedListOutlined', 'led'),
  pjt('pjtledprogram', 'pjtled', 'EditOutlined', 'led', { menu: false, authOf: 'pjtledprogramlist' }),
  pjt('pjtledlive', 'pjtled', 'PlayCircleOutlined', 'led'),
  group('pjtnsc', 'pjt', 'SoundOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicevoice', 'pjtnsc', 'SoundOutlined', 'nsc'),
  pjt('pjtdevicensclist', 'pjtnsc', 'SoundOutlined', 'nsc'),
  pjt('pjtdevicenscgroup', 'pjtnsc', 'GroupOutlined', 'nsc'),
  pjt('pjtnscmediagroup', 'pjtnsc', 'CustomerServiceOutlined', 'nsc'),
  pjt('pjtnsctasklist', 'pjtnsc', 'FieldTimeOutlined', 'nsc'),
  pjt('pjtnsctask', 'pjtnsc', 'EditOutlined', 'nsc', { menu: false, authOf: 'pjtnsctasklist' }),
  pjt('pjtnsccontrolcenter', 'pjtnsc', 'ControlOutlined', 'nsc'),
  group('pjtscd', 'pjt', 'DeleteOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicescdlist', 'pjtscd', 'DeleteOutlined', 'scd'),
  pjt('pjtdevicescd', 'pjtscd', 'DeleteOutlined', 'scd', { menu: false, authOf: 'pjtdevicescdlist' }),
  group('pjtwifi', 'pjt', 'WifiOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicewifilist', 'pjtwifi', 'WifiOutlined', 'wifi'),
  pjt('pjtdevicewifi', 'pjtwifi', 'WifiOutlined', 'wifi', { menu: false, authOf: 'pjtdevicewifilist' }),
  group('pjtece', 'pjt', 'AlertOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdeviceecelist', 'pjtece', 'AlertOutlined', 'ece'),
  pjt('pjtdeviceece', 'pjtece', 'FileSearchOutlined', 'ece'),
  pjt('pjtdeviceeceagentseat', 'pjtece', 'CustomerServiceOutlined', 'ece'),
  pjt('pjtdeviceecerecord', 'pjtece', 'PlaySquareOutlined', 'ece'),
  group('pjtillum', 'pjt', 'SunOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdeviceillumlist', 'pjtillum', 'SunOutlined', 'illum'),
  pjt('pjtdeviceillum', 'pjtillum', 'SunOutlined', 'illum', { menu: false, authOf: 'pjtdeviceillumlist' }),
  pjt('pjtdeviceillumgroup', 'pjtillum', 'GroupOutlined', 'illum'),
  group('pjtwhm', 'pjt', 'DashboardOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicewhmlist', 'pjtwhm', 'DashboardOutlined', 'whm'),
  pjt('pjtdevicewhm', 'pjtwhm', 'DashboardOutlined', 'whm', { menu: false, authOf: 'pjtdevicewhmlist' }),
  group('pjtgateway', 'pjt', 'GatewayOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtdevicegatewaylist', 'pjtgateway', 'GatewayOutlined', 'gateway', {
    ready: true,
    apis: [
      ...['register', 'unregister', 'correcttime', 'reboot', 'clearlcus'].map((c) =>
        api('POST', `/api/pjts/:projectId/iot/gateway/:id/${c}`),
      ),
      api('GET', '/api/pjts/:projectId/iot/gateway/:id/events'),
      api('GET', '/api/pjts/:projectId/iot/gateway/:id/children'),
      ...FAMILY_READS,
    ],
  }),
  pjt('pjtdevicegateway', 'pjtgateway', 'GatewayOutlined', 'gateway', {
    ready: true,
    menu: false,
    authOf: 'pjtdevicegatewaylist',
  }),
  group('pjtmaintenance', 'pjt', 'ToolOutlined', '/pjt', '/pjt/pjtprojectsummary'),
  pjt('pjtmaintenancebilllist', 'pjtmaintenance', 'ToolOutlined', 'maintenance'),
  pjt('pjtmaintenancebill', 'pjtmaintenance', 'EditOutlined', 'maintenance', {
    menu: false,
    authOf: 'pjtmaintenancebilllist',
  }),
  pjt('pjtpolemaintenance', 'pjtmaintenance', 'ColumnHeightOutlined', 'maintenance'),
  pjt('pjtdevicemaintenancehistory', 'pjtmaintenance', 'HistoryOutlined', 'maintenance'),
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
  { method: 'GET', path: '/api/pub/iot/env/:id/reports.do/last/:n' },
  { method: 'GET', path: '/api/pub/iot/env/devices.do' },
];
