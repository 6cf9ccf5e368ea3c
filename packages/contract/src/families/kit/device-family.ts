import type { ApiGrant } from '../../catalogue/types.js';
import { type EndpointTable, grantsOf } from '../../endpoints/endpoint.js';
import { defineFamily, type FamilyInput, type FamilyManifest } from './manifest.js';
import { keptFor } from './retention.js';
import { deviceScreens, type FamilyPage } from './screens.js';

export interface DeviceFamilyInput<A extends EndpointTable> extends Omit<FamilyInput, 'screens'> {
  api: A;
  /** The icon of its menu group and of its device screens. */
  icon: string;
  /** What its device list may call: its whole table unless given. */
  listApis?: readonly ApiGrant[];
  /** The other screens of its group. */
  more?: readonly FamilyPage[];
  /** The setting (days, a year by default) its events and readings (`kept`) are kept for. */
  retentionDays?: string;
  kept?: Parameters<typeof keptFor>[1];
}

/**
 * The manifest of a built device family: its menu (`deviceScreens`: group, device list, device page and
 * `more`), the retention setting of its events and readings after its own settings, and its calls.
 */
export function deviceFamily<const A extends EndpointTable>(input: DeviceFamilyInput<A>): FamilyManifest<A> {
  const { icon, listApis, more, retentionDays, kept, ...rest } = input;
  const retention = retentionDays ? keptFor(retentionDays, kept) : { retention: rest.retention ?? {}, settings: [] };
  return defineFamily({
    ...rest,
    retention: retention.retention,
    settings: [...(rest.settings ?? []), ...retention.settings],
    screens: deviceScreens(
      { slug: rest.slug, module: rest.module, icon },
      listApis ?? grantsOf(input.api as EndpointTable),
      more,
    ),
  });
}
