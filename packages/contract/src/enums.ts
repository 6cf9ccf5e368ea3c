/** Enumerations and codes of the specification, shared by server and console. */

export const LANGS = ['zh_CN', 'en_US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh_CN';

/** Item status (spec 000 §4). The numeric codes are the product's choice. */
export const ITEM_STATUS = { normal: 1, ban: 0, deleted: -1 } as const;
export type ItemStatus = (typeof ITEM_STATUS)[keyof typeof ITEM_STATUS];

/** Device active state (spec 000 §4). */
export const ACTIVE_STATE = { error: -1, unknown: 0, active: 1 } as const;
export type ActiveState = (typeof ACTIVE_STATE)[keyof typeof ACTIVE_STATE];

/** Authorisation levels (spec 000 §4); 0 is N/A. */
export const AUTH_LEVEL = { none: 0, view: 1, modify: 5, check: 10 } as const;
export type AuthLevel = (typeof AUTH_LEVEL)[keyof typeof AUTH_LEVEL];
export const AUTH_LEVELS: readonly AuthLevel[] = [0, 1, 5, 10];

export const DEVICE_TYPES = [
  'camera',
  'dvr',
  'nsc',
  'lighting',
  'envmonitor',
  'gateway',
  'led',
  'wifi',
  'evse',
  'smartclassifieddustbin',
  'emergencycallequipment',
  'illumination',
  'watthourmeter',
  'mtc',
  'pgw',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Model codes with the device type each belongs to. */
export const DEVICE_MODELS = {
  gws: 'gateway',
  lcunb: 'lighting',
  lcurs485: 'lighting',
  lcuplc: 'lighting',
  lcuhlstnb: 'lighting',
  lcuhlstlora: 'lighting',
  envwifi: 'envmonitor',
  envrs485: 'envmonitor',
  dahualocal: 'dvr',
  dahuaonline: 'camera',
  dahuadss: 'camera',
  ipcxswpusher: 'camera',
  hikisc: 'camera',
  ledxx: 'led',
  nscitc: 'nsc',
  nscdh: 'nsc',
  scdqg4g: 'smartclassifieddustbin',
  wificomfastac: 'wifi',
  wificomfastap: 'wifi',
  eceisc: 'emergencycallequipment',
  ecedh: 'emergencycallequipment',
  illumrs485: 'illumination',
  whmrs485: 'watthourmeter',
  cabletheftrs485: 'mtc',
  mtchlsteth: 'mtc',
  mtchlstcat: 'mtc',
  plcgweth: 'pgw',
  plcgwcat: 'pgw',
} as const satisfies Record<string, DeviceType>;
export type DeviceModelCode = keyof typeof DEVICE_MODELS;
export const DEVICE_MODEL_CODES = Object.keys(DEVICE_MODELS) as DeviceModelCode[];

export const DEVICE_FACTORIES = [
  { no: 'dahua', name: 'Dahua' },
  { no: 'hikvision', name: 'HikVision' },
] as const;

export const MEDIA_TYPES = ['image', 'video', 'audio', 'text', 'flash', 'env', 'html'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const NOTICE_TYPES = ['SITEMESSAGE', 'EMAIL', 'SMS'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/** Dashboard unit codes (spec 001 §3). */
export const LAYOUT_UNITS = {
  DEVICE_SUMMARY: 1,
  DEVICE_ONLINE: 2,
  DEVICE_EVENT: 3,
  DEVICE_MAINTENANCE: 4,
  ENV_SUMMARY: 5,
  VTT_SUMMARY: 6,
  LIGHT_RATE: 7,
  CAMERA_WINDOW: 8,
  ENV_WINDOW: 9,
  LIGHT_WINDOW: 10,
  LED_WINDOW: 11,
  WIFI_SUMMARY: 12,
  WIFI_WINDOW: 13,
  POWER_CONSUMPTION: 14,
} as const;
export type LayoutUnitCode = keyof typeof LAYOUT_UNITS;

/** Maintenance work order states (spec 001 §4). */
export const BILL_STATUS = { init: 0, checked: 10, canceled: -10 } as const;
export const BILL_DETAIL_STATUS = { init: 0, ok: 1, deny: -1 } as const;

export const PRODUCTION_STATUS = { idle: 0, occupied: 1 } as const;
