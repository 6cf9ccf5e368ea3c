import type { AuthLevel } from '../enums.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Modules a project can be authorised for (screen /bas/authmodule). */
export const MODULES = [
  'system',
  'base',
  'business',
  'map',
  'project',
  'lighting',
  'mtc',
  'pgw',
  'video',
  'env',
  'led',
  'nsc',
  'scd',
  'wifi',
  'ece',
  'illum',
  'whm',
  'gateway',
  'maintenance',
] as const;
export type ModuleCode = (typeof MODULES)[number];

/** One API route owned by a function, with the level its verb needs. */
export interface ApiGrant {
  method: HttpMethod;
  /** Fastify route pattern, e.g. /api/users.do/:id */
  path: string;
  level: AuthLevel;
}

/** A menu group: a node of the menu tree with no screen of its own. */
export interface MenuGroup {
  kind: 'group';
  key: string;
  parent: string | null;
  icon: string;
  /** Where the group's own route redirects (spec: /bas → /man/manmain, /pjt → summary). */
  path: string;
  redirect: string;
}

/** One function of the console: a screen (or a family of calls) with its permissions. */
export interface CatalogueFunction {
  kind: 'function';
  key: string;
  /** Route path of the screen, e.g. /man/userlist. */
  path: string;
  parent: string;
  icon: string;
  module: ModuleCode;
  /** Shown in the menu; detail pages and wizards are reached from their list instead. */
  menu: boolean;
  /**
   * The console has this screen. Entries not yet built stay in the catalogue as data (their
   * permissions can be granted) but are left out of menus and the router.
   */
  ready: boolean;
  /** Detail pages share the permission of their list: the key of that function. */
  authOf?: string;
  /** Every signed-in user gets this level on it (home page, own site messages). */
  everyone?: AuthLevel;
  /**
   * Changes platform-wide data (system settings, built-in data sync, device types and their icons):
   * only roles of the root project may hold it. A project's roles manage their own records only.
   */
  global?: boolean;
  apis: ApiGrant[];
}

export type CatalogueEntry = MenuGroup | CatalogueFunction;
