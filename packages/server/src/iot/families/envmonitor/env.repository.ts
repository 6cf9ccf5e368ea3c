import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { devices, envReadings, envTelemetry } from '../../../db/schema/index.js';
import { readingSeries } from '../../telemetry/series.js';

const readingColumns = {
  at: envReadings.at,
  temperature: envReadings.temperature,
  humidity: envReadings.humidity,
  pm25: envReadings.pm25,
  pm10: envReadings.pm10,
  soilTemperature: envReadings.soilTemperature,
  soilHumidity: envReadings.soilHumidity,
  co2: envReadings.co2,
  gas: envReadings.gas,
  light: envReadings.light,
  atmosphere: envReadings.atmosphere,
  noise: envReadings.noise,
};

export type EnvReadingRow = { at: Date } & Record<Exclude<keyof typeof readingColumns, 'at'>, number | null>;

export const presentReading = (row: EnvReadingRow) => ({ ...row, at: row.at.toISOString() });

export function createEnvRepository(db: Db) {
  const window = (deviceId: number, from?: Date, to?: Date) =>
    and(
      eq(envReadings.deviceId, deviceId),
      from ? gte(envReadings.at, from) : undefined,
      to ? lte(envReadings.at, to) : undefined,
    );

  return {
    async page(deviceId: number, from: Date | undefined, to: Date | undefined, limit: number, offset: number) {
      const where = window(deviceId, from, to);
      const [rows, [total]] = await Promise.all([
        db
          .select(readingColumns)
          .from(envReadings)
          .where(where)
          .orderBy(desc(envReadings.at))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(envReadings).where(where),
      ]);
      return { rows: rows as EnvReadingRow[], total: total?.n ?? 0 };
    },

    /**
     * Averages over a period for the line chart, from the readings or their hourly or daily rollups as
     * the period's length calls for (iot/telemetry/series.ts); the answer says which.
     */
    series: (deviceId: number, from: Date, to: Date, options: { dayOffsetHours: number; maxRollupPoints?: number }) =>
      readingSeries(db, envTelemetry, { deviceId }, from, to, options),

    /**
     * Every reading of the period, oldest first, in chunks (for the CSV export). Paged by offset: a
     * keyset on `at` would loop, JavaScript dates being coarser (ms) than PostgreSQL's (µs).
     */
    async *stream(deviceId: number, from: Date | undefined, to: Date | undefined) {
      const chunk = 5000;
      for (let offset = 0; ; offset += chunk) {
        const rows = (await db
          .select(readingColumns)
          .from(envReadings)
          .where(window(deviceId, from, to))
          .orderBy(envReadings.at, envReadings.id)
          .limit(chunk)
          .offset(offset)) as EnvReadingRow[];
        if (rows.length > 0) yield rows;
        if (rows.length < chunk) return;
      }
    },

    /** The last `n` readings of each device, newest first. */
    async lastOf(deviceIds: number[], n: number) {
      if (deviceIds.length === 0) return new Map<number, EnvReadingRow[]>();
      const result = (await db.execute(sql`
        SELECT r.* FROM unnest(${sql.param(deviceIds)}::int4[]) AS d(id)
        CROSS JOIN LATERAL (
          SELECT device_id, at, temperature, humidity, pm25, pm10, soil_temperature AS "soilTemperature", soil_humidity AS "soilHumidity",
                 co2, gas, light, atmosphere, noise
          FROM env_readings WHERE device_id = d.id ORDER BY at DESC LIMIT ${n}
        ) r`)) as unknown as { rows: (EnvReadingRow & { device_id: number; at: string | Date })[] };
      const map = new Map<number, EnvReadingRow[]>();
      for (const row of result.rows) {
        const { device_id, ...reading } = row;
        map.set(device_id, [...(map.get(device_id) ?? []), { ...reading, at: new Date(reading.at) } as EnvReadingRow]);
      }
      return map;
    },

    devicesOfProject: (projectId: number) =>
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
        })
        .from(devices)
        .where(and(eq(devices.projectId, projectId), eq(devices.type, 'envmonitor')))
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
            eq(devices.type, 'envmonitor'),
            sql`${devices.props}->>'public' = 'true'`,
            ids ? inArray(devices.id, ids) : undefined,
          ),
        )
        .orderBy(devices.name)
        .limit(200),
  };
}

export type EnvRepository = ReturnType<typeof createEnvRepository>;
