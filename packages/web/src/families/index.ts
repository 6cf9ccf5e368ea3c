import { camera } from './camera';
import { dvr } from './dvr';
import { ece } from './ece';
import { envmonitor } from './envmonitor';
import { gateway } from './gateway';
import { illum } from './illum';
import { led } from './led';
import { lighting } from './lighting';
import { mtc } from './mtc';
import { nsc } from './nsc';
import { pgw } from './pgw';
import { scd } from './scd';
import type { FamilyConsole, LazyScreen } from './types';
import { whm } from './whm';
import { wifi } from './wifi';

/** Every device family of the console: adding a family is its folder and one line here. */
export const FAMILIES: readonly FamilyConsole[] = [
  gateway,
  envmonitor,
  lighting,
  whm,
  illum,
  pgw,
  mtc,
  scd,
  wifi,
  led,
  nsc,
  camera,
  dvr,
  ece,
];

const merged = <T>(pick: (f: FamilyConsole) => Record<string, T> | undefined): Record<string, T> =>
  Object.assign({}, ...FAMILIES.map((f) => pick(f) ?? {}));

/** The framed screens of every family, by catalogue key (spread into the page registry). */
export const FAMILY_PAGES: Record<string, LazyScreen> = merged((f) => f.pages);
/** The public screens of every family, by their PUBLIC_SCREENS key. */
export const FAMILY_PUBLIC_PAGES: Record<string, LazyScreen> = merged((f) => f.publicPages);
/** The menu icons the families' catalogue entries name. */
export const FAMILY_ICONS = merged((f) => f.icons);

export type { FamilyConsole, LazyScreen } from './types';
