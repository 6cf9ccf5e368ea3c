import { z } from 'zod';
import { LANGS } from '../enums.js';
import { authLevelAnswer } from './admin-responses.js';
import { isoTimeAnswer } from './paging.js';

/** The session user of spec 000 §3, answered by POST and GET /api/login.do. */
export const sessionUser = z.object({
  userId: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleNo: z.string(),
  roleStatus: z.number().int(),
  /** `admin`: true for the built-in administrator role. */
  role: z.object({
    id: z.number().int(),
    name: z.string(),
    no: z.string(),
    status: z.number().int(),
    admin: z.boolean(),
  }),
  projectId: z.number().int(),
  projectName: z.string(),
  projectNo: z.string(),
  projectStatus: z.number().int(),
  project: z.object({
    id: z.number().int(),
    name: z.string(),
    no: z.string(),
    status: z.number().int(),
    parentId: z.number().int().nullable(),
  }),
  userToken: z.string(),
  lastLoginTime: isoTimeAnswer.nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** GET /api/pub/runningparams.do: what the console needs before sign-in. */
export const runningParams = z.object({
  version: z.string(),
  defaultLang: z.enum(LANGS),
  timezone: z.number(),
  identifyCode: z.boolean(),
  map: z.object({
    lng: z.number(),
    lat: z.number(),
    zoom: z.number(),
    tileUrl: z.string(),
    tileAttribution: z.string(),
  }),
  pageSize: z.number().int(),
  logPageSize: z.number().int(),
  parentListSize: z.number().int(),
  requestTimeout: z.number().int(),
  preventDoubleClick: z.number().int(),
  messageDuration: z.number().int(),
  liveHeartbeat: z.number().int(),
  searchWordLimit: z.number().int(),
  deviceSearchWordLimit: z.number().int(),
  watermark: z.object({ enabled: z.boolean(), text: z.string() }),
  /** The most units a lamp or cabinet policy may have (setting `policyUnitsMax`; the server checks it too). */
  policyUnitsMax: z.number().int(),
});
export type RunningParams = z.infer<typeof runningParams>;

/** GET /api/health */
/** /api/health: `degraded` (503) when the device uplink is down; `mqtt` says how the device side is. */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  mqtt: z
    .object({
      ok: z.boolean(),
      mode: z.string(),
      state: z.string(),
      devices: z.number().int().optional(),
      silentSeconds: z.number().int().optional(),
      /** QoS 0 device messages shed since start because ingest could not keep up (oldest first). */
      shed: z.number().int().optional(),
    })
    .optional(),
});

/** /api/health's 503: the uplink's degraded answer, or the error body when the database is out. */
export const healthUnavailable = z.union([
  healthAnswer,
  z.object({ statusCode: z.number().int(), code: z.string(), message: z.string() }),
]);

/** GET /api/pageauth.do */
export const pageAuth = z.object({ flag: z.union([z.literal(0), z.literal(1)]), authValue: authLevelAnswer });
export type PageAuth = z.infer<typeof pageAuth>;

/** A node of GET /api/menus.do: groups carry children, functions a path and the caller's level. */
export type MenuNode = {
  key: string;
  path: string;
  icon: string;
  name: string;
  level: z.infer<typeof authLevelAnswer>;
  children?: MenuNode[];
};
export const menuNode: z.ZodType<MenuNode> = z.object({
  key: z.string(),
  path: z.string(),
  icon: z.string(),
  name: z.string(),
  level: authLevelAnswer,
  get children() {
    return z.array(menuNode).optional();
  },
});
export const menuTree = z.array(menuNode);

/** Every paged answer (`pageAnswer` in paging.ts describes it). */
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
export const homeSummary = z.object({
  projects: z.number().int(),
  users: z.number().int(),
  devices: z.number().int(),
});
export type HomeSummary = z.infer<typeof homeSummary>;
