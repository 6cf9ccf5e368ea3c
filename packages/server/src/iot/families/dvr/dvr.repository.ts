import { dvrManifest } from '@sc/contract/families/dvr';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceGroups, deviceModels, devices } from '../../../db/schema/index.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import { type ListFilter, listedDevicesWhere, type PageWindow, pageDevices } from '../kit/device-list.js';
import { deviceProjectName, type ProjectReach } from '../kit/project-reach.js';
import { dvrChannels } from './dvr.tables.js';

const TYPE = dvrManifest.type;

/** What the list shows of each recorder: the device, its model, group, address and bound channels. */
const LISTED = {
  ...DEVICE_COLUMNS,
  props: devices.props,
  ip: devices.ip,
  mac: devices.mac,
  projectName: deviceProjectName,
  modelName: deviceModels.name,
  groupName: deviceGroups.name,
  boundCount: sql<number>`(select count(*)::int from ${dvrChannels} where ${dvrChannels.dvrId} = ${devices.id})`,
};

/** A camera as a channel names it. */
const CAMERA = { id: devices.id, name: devices.name, no: devices.no, activeState: devices.activeState };

/** The SQL of recorders: their list, their channels and the cameras a channel may take. */
export function createDvrRepository(db: Db) {
  return {
    async page(project: number | ProjectReach, filter: ListFilter, window: PageWindow) {
      const where = listedDevicesWhere(TYPE, project, filter);
      const list = db
        .select(LISTED)
        .from(devices)
        .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
        .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
        .$dynamic();
      return pageDevices(db, list, where, window);
    },

    /** The bound channels of a recorder with their camera, by channel. */
    channelsOf: (dvrId: number) =>
      db
        .select({ channel: dvrChannels.channel, ...CAMERA })
        .from(dvrChannels)
        .innerJoin(devices, eq(devices.id, dvrChannels.cameraId))
        .where(eq(dvrChannels.dvrId, dvrId))
        .orderBy(asc(dvrChannels.channel)),

    /** The cameras (`type`) of a project by name, at most `limit`, with the channel each has on the recorder. */
    camerasOf: (projectId: number, type: string, dvrId: number, limit: number) =>
      db
        .select({ ...CAMERA, channel: dvrChannels.channel })
        .from(devices)
        .leftJoin(dvrChannels, and(eq(dvrChannels.cameraId, devices.id), eq(dvrChannels.dvrId, dvrId)))
        .where(and(eq(devices.projectId, projectId), eq(devices.type, type)))
        .orderBy(asc(devices.name), asc(devices.id))
        .limit(limit),

    /** A camera (`type`) of the project by id, or undefined. */
    async camera(projectId: number, type: string, id: number) {
      const [row] = await db
        .select(CAMERA)
        .from(devices)
        .where(and(eq(devices.id, id), eq(devices.projectId, projectId), eq(devices.type, type)));
      return row;
    },

    bind: (dvrId: number, channel: number, cameraId: number) =>
      db.insert(dvrChannels).values({ dvrId, channel, cameraId }),

    /** Frees a channel; answers the camera it had (undefined: it was free). */
    async unbind(dvrId: number, channel: number) {
      const [row] = await db
        .delete(dvrChannels)
        .where(and(eq(dvrChannels.dvrId, dvrId), eq(dvrChannels.channel, channel)))
        .returning({ cameraId: dvrChannels.cameraId });
      return row?.cameraId;
    },
  };
}

export type DvrRepository = ReturnType<typeof createDvrRepository>;
