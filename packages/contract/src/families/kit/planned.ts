import type { NetworkField } from '../types.js';
import { defineFamily, type FamilyInput } from './manifest.js';
import { IP_NET } from './network.js';
import { familyGroup, familyMenu } from './screens.js';

/** A screen of a family not built yet: `[key, icon]`, or `[key, icon, list]` for a page its list opens. */
export type PlannedScreen = readonly [key: string, icon: string, list?: string];

export interface PlannedFamilyInput extends Omit<FamilyInput, 'screens'> {
  /** The menu group of its screens: its own (given its icon) or one another family opens. */
  menu?: { group: string; icon?: string };
  screens?: readonly PlannedScreen[];
}

/**
 * The manifest of a family not built yet (spec 001 §3 lists it; no calls in this phase): its registry
 * part (properties, network fields, demo) is whole, and its screens are held in the catalogue, not ready
 * (a role may be granted them; the console shows them once built). A family without `menu` has none.
 */
export function plannedFamily(input: PlannedFamilyInput) {
  const { menu, screens = [], ...rest } = input;
  if (!menu && screens.length) throw new Error(`${input.slug}: screens need a menu group`);
  const screen = menu ? familyMenu(menu.group, input.module) : null;
  return defineFamily({
    ...rest,
    screens: [
      ...(menu?.icon ? [familyGroup(menu.group, menu.icon)] : []),
      ...screens.map(([key, icon, list]) => screen!(key, icon, list ? { menu: false, authOf: list } : undefined)),
    ],
  });
}

/** Network fields of a device reached over IP: IP_NET, then `extra`, then its equipment id. */
export const ipNetwork = (...extra: NetworkField[]): NetworkField[] => [...IP_NET, ...extra, 'equipmentId'];
