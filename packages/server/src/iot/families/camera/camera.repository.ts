import { cameraManifest } from '@sc/contract/families/camera';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import { type ListFilter, listedDevicesWhere, type PageWindow, pageDevices } from '../kit/device-list.js';
import { deviceProjectName, type ProjectReach } from '../kit/project-reach.js';

const TYPE = cameraManifest.type;
/** The recorder a camera is bound to. */
const recorder = alias(devices, 'recorder');

export type CameraPageFilter = ListFilter & { ptz?: boolean };

/** The cameras of a project (paged, searched, by online state and PTZ) with their recorder. */
export function createCameraRepository(db: Db) {
  return {
    async page(project: number | ProjectReach, filter: CameraPageFilter, window: PageWindow) {
      const ptz =
        filter.ptz === undefined
          ? undefined
          : filter.ptz
            ? sql`coalesce((${devices.props}->>'ptzSupported')::boolean, false)`
            : sql`not coalesce((${devices.props}->>'ptzSupported')::boolean, false)`;
      const where = listedDevicesWhere(TYPE, project, filter, ptz);
      const list = db
        .select({ ...DEVICE_COLUMNS, props: devices.props, projectName: deviceProjectName, parentName: recorder.name })
        .from(devices)
        .leftJoin(recorder, eq(recorder.id, devices.parentId))
        .$dynamic();
      return pageDevices(db, list, where, window);
    },
  };
}
