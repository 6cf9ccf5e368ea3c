import { envmonitorManifest } from '@sc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { deviceProjectName, devicesOfProject, type ProjectReach } from '../kit/project-reach.js';
import { createReadingsRepository } from '../kit/readings.repository.js';
import { envTelemetry } from './env.tables.js';

const TYPE = envmonitorManifest.type;

/** The monitors of a project and the public display's; their readings through the kit's repository. */
export function createEnvRepository(db: Db) {
  return {
    readings: createReadingsRepository(db, envTelemetry),

    devicesOfProject: (project: number | ProjectReach) =>
      db
        .select({
          id: devices.id,
          name: devices.name,
          no: devices.no,
          activeState: devices.activeState,
          lastActiveAt: devices.lastActiveAt,
          registered: devices.registered,
          lng: devices.lng,
          lat: devices.lat,
          props: devices.props,
          projectName: deviceProjectName,
        })
        .from(devices)
        .where(and(devicesOfProject(project), eq(devices.type, TYPE)))
        .orderBy(devices.name)
        .limit(1000),

    /** Devices marked public (props.public) for the public display. */
    publicDevices: (ids?: number[]) =>
      db
        .select({
          id: devices.id,
          name: devices.name,
          activeState: devices.activeState,
          lastActiveAt: devices.lastActiveAt,
          lng: devices.lng,
          lat: devices.lat,
        })
        .from(devices)
        .where(
          and(
            eq(devices.type, TYPE),
            sql`${devices.props}->>'public' = 'true'`,
            ids ? inArray(devices.id, ids) : undefined,
          ),
        )
        .orderBy(devices.name)
        .limit(200),
  };
}

export type EnvRepository = ReturnType<typeof createEnvRepository>;
