import { type FunctionOptions, fn, group } from '../../catalogue/build.js';
import { api } from '../../catalogue/grants.js';
import type { ApiGrant, CatalogueEntry, CatalogueFunction, MenuGroup, ModuleCode } from '../../catalogue/types.js';

/** A menu group of the project area (spec 001 §2 /pjt). */
export const familyGroup = (key: string, icon: string): MenuGroup =>
  group(key, 'pjt', icon, '/pjt', '/pjt/pjtprojectsummary');

/** A screen of the project area: /pjt/<key>. */
export const familyScreen = (
  key: string,
  parent: string,
  icon: string,
  module: ModuleCode,
  options?: FunctionOptions,
): CatalogueFunction => fn(key, '/pjt', parent, icon, module, options);

/** The screens of one menu group: `screen(key, icon, options)` in `parent`, of `module`, with `defaults`. */
export const familyMenu =
  (parent: string, module: ModuleCode, defaults?: FunctionOptions) =>
  (key: string, icon: string, options?: FunctionOptions): CatalogueFunction =>
    familyScreen(key, parent, icon, module, { ...defaults, ...options });

/** What every device-family screen reads of its devices: a family screen needs no device-list grant. */
export const FAMILY_READS: ApiGrant[] = [
  api('GET', '/api/pjts/:projectId/devices.do/family'),
  api('GET', '/api/pjts/:projectId/devices.do/one/:id'),
  api('GET', '/api/pjts/:projectId/devices.do/children/:id'),
];

/** A built screen of a family's group: the calls it makes (besides FAMILY_READS). */
export interface FamilyPage {
  key: string;
  icon: string;
  apis: readonly ApiGrant[];
}

/** The catalogue keys of a device family's list, `pjtdevice<slug>list`, and of its device page, `pjtdevice<slug>`. */
export const deviceScreenKeys = <const S extends string>(slug: S) => ({
  list: `pjtdevice${slug}list` as const,
  device: `pjtdevice${slug}` as const,
});

/**
 * The menu of a family whose screens are built: its group `pjt<slug>`, the device list
 * `pjtdevice<slug>list` that may make `apis`, the device page `pjtdevice<slug>` the list opens (granted
 * as the list), then `more` screens of the group; every screen reads the devices (FAMILY_READS).
 */
export function deviceScreens(
  family: { slug: string; module: ModuleCode; icon: string },
  apis: readonly ApiGrant[],
  more: readonly FamilyPage[] = [],
): CatalogueEntry[] {
  const { slug, module, icon } = family;
  const screen = familyMenu(`pjt${slug}`, module, { ready: true });
  const { list, device } = deviceScreenKeys(slug);
  return [
    familyGroup(`pjt${slug}`, icon),
    screen(list, icon, { apis: [...apis, ...FAMILY_READS] }),
    screen(device, icon, { menu: false, authOf: list }),
    ...more.map((page) => screen(page.key, page.icon, { apis: [...page.apis, ...FAMILY_READS] })),
  ];
}
