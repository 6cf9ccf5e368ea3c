import { WIFI_LINK_TYPES, WIFI_READINGS, type WifiLinkType, type WifiReadingKey } from '@sc/contract/families/wifi';
import type { FamilyContext } from '../family-handler.js';
import type { PageWindow } from '../kit/device-list.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { ProjectReach } from '../kit/project-reach.js';
import { type ReadingRow, withLatestReading } from '../kit/readings.repository.js';
import { createWifiRepository, type WifiPageFilter } from './wifi.repository.js';

/** A report's values by the manifest's readings (null when missing, or before the first report). */
const valuesOf = (report: ReadingRow | undefined) =>
  Object.fromEntries(WIFI_READINGS.map((r) => [r.key, report?.[r.key] ?? null])) as Record<
    WifiReadingKey,
    number | null
  >;

const linkTypeOf = (v: unknown): WifiLinkType | null =>
  WIFI_LINK_TYPES.includes(v as WifiLinkType) ? (v as WifiLinkType) : null;
const textOf = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** What the WiFi calls do beyond the kit: the list with latest reports, and the latest report. */
export function createWifiService(ctx: FamilyContext) {
  const repo = ctx.repository(createWifiRepository);

  return {
    async page(project: number | ProjectReach, filter: WifiPageFilter, window: PageWindow) {
      const { rows, total } = await repo.page(project, filter, window);
      const list = (await withLatestReading(repo.readings, rows)).map(([{ props, lastActiveAt, ...ap }, report]) => {
        const own = (props ?? {}) as Record<string, unknown>;
        return {
          ...ap,
          ...valuesOf(report),
          parentName: ap.parentName ?? null,
          ssid: textOf(own.ssid),
          linkType: linkTypeOf(own.linkType),
          lastActiveAt: lastActiveAt?.toISOString() ?? null,
          reportedAt: report?.at.toISOString() ?? null,
        };
      });
      return { rows: list, total };
    },

    /** The latest stored report. */
    async latest(ap: FamilyDevice) {
      const report = (await repo.readings.lastOf([ap.id], 1)).get(ap.id)?.[0];
      return { id: ap.id, at: report?.at.toISOString() ?? null, values: valuesOf(report) };
    },
  };
}
