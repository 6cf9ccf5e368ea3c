import type { AuthLevel, Lang } from '../enums.js';

/** The session user of spec 000 §3, answered by POST and GET /api/login.do. */
export interface SessionUser {
  userId: number;
  userName: string;
  realName: string;
  roleId: number;
  roleName: string;
  roleNo: string;
  roleStatus: number;
  /** True for the built-in administrator role. */
  role: { id: number; name: string; no: string; status: number; admin: boolean };
  projectId: number;
  projectName: string;
  projectNo: string;
  projectStatus: number;
  project: { id: number; name: string; no: string; status: number; parentId: number | null };
  userToken: string;
  lastLoginTime: string | null;
}

/** GET /api/pub/runningparams.do: what the console needs before sign-in. */
export interface RunningParams {
  version: string;
  defaultLang: Lang;
  timezone: number;
  identifyCode: boolean;
  map: { lng: number; lat: number; zoom: number; tileUrl: string; tileAttribution: string };
  pageSize: number;
  logPageSize: number;
  parentListSize: number;
  requestTimeout: number;
  preventDoubleClick: number;
  messageDuration: number;
  liveHeartbeat: number;
  searchWordLimit: number;
  deviceSearchWordLimit: number;
  watermark: { enabled: boolean; text: string };
  /** The most units a lamp or cabinet policy may have (setting `policyUnitsMax`; the server checks it too). */
  policyUnitsMax: number;
}

/** GET /api/pageauth.do */
export interface PageAuth {
  flag: 0 | 1;
  authValue: AuthLevel;
}

/** A node of GET /api/menus.do: groups carry children, functions a path and the caller's level. */
export interface MenuNode {
  key: string;
  path: string;
  icon: string;
  name: string;
  level: AuthLevel;
  children?: MenuNode[];
}

/** Every paged answer. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Every error answer. */
export interface ErrorBody {
  statusCode: number;
  /** Stable machine code, e.g. SESSION_EXPIRED, VALIDATION, CONFLICT. */
  code: string;
  message: string;
  errors?: { field: string; message: string }[];
}

/** GET /api/summary/home.do: the home page's figures, scoped to the caller's projects. */
export interface HomeSummary {
  projects: number;
  users: number;
  devices: number;
}
