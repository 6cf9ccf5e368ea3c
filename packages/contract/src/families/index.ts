import type { ApiGrant, CatalogueEntry, CatalogueFunction } from '../catalogue/types.js';
import { cameraManifest } from './camera/index.js';
import { dvrManifest } from './dvr/index.js';
import { eceManifest } from './ece/index.js';
import { envmonitorManifest } from './envmonitor/index.js';
import { evseManifest } from './evse/index.js';
import { gatewayManifest } from './gateway/index.js';
import { illumManifest } from './illum/index.js';
import type { FamilyManifest } from './kit/manifest.js';
import { ledManifest } from './led/index.js';
import { lightingManifest } from './lighting/index.js';
import { mtcManifest } from './mtc/index.js';
import { nscManifest } from './nsc/index.js';
import { pgwManifest } from './pgw/index.js';
import { scdManifest } from './scd/index.js';
import { whmManifest } from './whm/index.js';
import { wifiManifest } from './wifi/index.js';

/**
 * THE list of device families (spec 000 §3), in menu order. Adding a family is a folder beside this
 * file, one line here and one in texts.ts (its `i18n.ts`, kept out of the manifest so that the login
 * page does not load it); everything else (catalogue, settings, demo, the server's ingest, broker,
 * activity and retention) reads this list.
 */
export const FAMILY_MANIFESTS: readonly FamilyManifest[] = [
  lightingManifest,
  mtcManifest,
  pgwManifest,
  dvrManifest,
  cameraManifest,
  envmonitorManifest,
  ledManifest,
  nscManifest,
  scdManifest,
  wifiManifest,
  eceManifest,
  illumManifest,
  whmManifest,
  gatewayManifest,
  evseManifest,
];

export { ENV_API, ENV_READINGS } from './envmonitor/index.js';
export { GATEWAY_API, GATEWAY_COMMANDS } from './gateway/index.js';
export * from './kit/batches.js';
export * from './kit/calls.js';
export * from './kit/carried-schedules.js';
export * from './kit/firmware.js';
export * from './kit/link.js';
export * from './kit/manifest.js';
export * from './kit/network.js';
export * from './kit/policy.js';
export type { Property } from './kit/properties.js';
export * from './kit/responses.js';
export * from './kit/schedule.js';
export * from './kit/screens.js';
export * from './kit/totals.js';
export * from './lighting/index.js';
export * from './mtc/index.js';
export {
  cameraManifest,
  dvrManifest,
  eceManifest,
  envmonitorManifest,
  evseManifest,
  gatewayManifest,
  illumManifest,
  ledManifest,
  lightingManifest,
  mtcManifest,
  nscManifest,
  pgwManifest,
  scdManifest,
  whmManifest,
  wifiManifest,
};

/** Every family (the registry's view of a manifest: properties, network fields, parents). */
export const FAMILIES: readonly FamilyManifest[] = FAMILY_MANIFESTS;

const byType = new Map<string, FamilyManifest>(FAMILY_MANIFESTS.map((f) => [f.type, f]));
const bySlug = new Map<string, FamilyManifest>(FAMILY_MANIFESTS.map((f) => [f.slug, f]));

/** The family of a device type; custom types (not a family) have no properties of their own. */
export const familyOf = (type: string): FamilyManifest | undefined => byType.get(type);
/**
 * The page of one device of a type: its family's first detail screen (out of the menu, granted with
 * its list), when that screen is built; undefined for other types (their page is the device wizard).
 */
export const deviceScreenOf = (type: string): CatalogueFunction | undefined =>
  familyOf(type)?.screens.find((s): s is CatalogueFunction => 'authOf' in s && Boolean(s.authOf) && !s.menu && s.ready);

/** The family of an API segment / folder name (`whm`, `illum`, `gateway` …). */
export const familyBySlug = (slug: string): FamilyManifest | undefined => bySlug.get(slug);

/** Types whose devices speak for their children on MQTT (gateways, power-line gateways, cabinets). */
export const RELAY_TYPES: ReadonlySet<string> = new Set(
  FAMILY_MANIFESTS.filter((f) => f.relaysChildren).map((f) => f.type),
);

/** The catalogue entries of every family, in list order (the project area's device menus). */
export const FAMILY_SCREENS: readonly CatalogueEntry[] = FAMILY_MANIFESTS.flatMap((f) => f.screens);

/** The calls of every family that need no sign-in (a public display), from their manifests. */
export const FAMILY_PUBLIC_APIS: readonly ApiGrant[] = FAMILY_MANIFESTS.flatMap((f) => f.publicApis);
