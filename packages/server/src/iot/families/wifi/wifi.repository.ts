import { wifiManifest } from '@sc/contract/families/wifi';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import { type ListFilter, listedDevicesWhere, type PageWindow, pageDevices } from '../kit/device-list.js';
import { deviceProjectName, type ProjectReach } from '../kit/project-reach.js';
import { createReadingsRepository } from '../kit/readings.repository.js';
import { wifiTelemetry } from './wifi.tables.js';

const TYPE = wifiManifest.type;
/** What the list shows of each device besides its latest report (SSID and link type are in `props`). */
const LISTED = { ...DEVICE_COLUMNS, props: devices.props };
/** The access controller an AP hangs under. */
const parent = alias(devices, 'parent');

export type WifiPageFilter = ListFilter & { linkType?: string };

/** The WiFi devices of a project (paged, searched, by online state and link type) and their reports. */
export function createWifiRepository(db: Db) {
  return {
    readings: createReadingsRepository(db, wifiTelemetry),

    async page(project: number | ProjectReach, filter: WifiPageFilter, window: PageWindow) {
      const linkTypeIs =
        filter.linkType === undefined ? undefined : sql`${devices.props}->>'linkType' = ${filter.linkType}`;
      const where = listedDevicesWhere(TYPE, project, filter, linkTypeIs);
      const list = db
        .select({ ...LISTED, projectName: deviceProjectName, parentName: parent.name })
        .from(devices)
        .leftJoin(parent, eq(parent.id, devices.parentId))
        .$dynamic();
      return pageDevices(db, list, where, window);
    },
  };
}

export type WifiRepository = ReturnType<typeof createWifiRepository>;
