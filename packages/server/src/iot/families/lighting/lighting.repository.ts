import { insidePolygon, type LampState, lightingManifest } from '@sc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { projectDailySums } from '../../telemetry/project-rollups.js';
import { namedInProject, policyHeadOf, policyStore } from '../kit/policy-store.js';
import { inSubtreeOfD, type ProjectReach, projectIn, projectNameOfD, projectOfD } from '../kit/project-reach.js';
import { iso, num, type PlacedTarget, placeOf, type Row, rows, targetOf } from '../kit/raw-rows.js';
import { createReadingsRepository } from '../kit/readings.repository.js';
import { lightingTelemetry } from './lighting.tables.js';

const TYPE = lightingManifest.type;

const toDays = (list: Row[]) =>
  list.map((r) => ({
    bucket: new Date(r.bucket as string),
    energy: Number(r.energy ?? 0),
    saved: Number(r.saved ?? 0),
  }));

/** The state a lamp shows (list, map, overview), from its activity and last report. */
const STATE_SQL = sql.raw(`CASE WHEN d.active_state <> 1 THEN 'offline'
  WHEN s.run_status = 2 THEN 'fault'
  WHEN s."on" = 1 AND coalesce(s.level, 100) > 0 AND coalesce(s.level, 100) < 100 THEN 'dimmed'
  WHEN s."on" = 1 AND coalesce(s.level, 100) > 0 THEN 'on'
  ELSE 'off' END`);
const RUN_STATUS = ['normal', 'alert', 'error'] as const;
interface OverviewRow {
  state: number;
  lit: boolean;
  policy_set: string | null;
  x: number | null;
  y: number | null;
  n: number;
}
/** The overview's state codes, as its count query numbers them (the order of STATE_SQL). */
const OVERVIEW_STATES: LampState[] = ['offline', 'fault', 'dimmed', 'on', 'off'];

export interface LampFilter {
  areaId?: number;
  groupId?: number;
  lcuGroupId?: number;
  gatewayId?: number;
  state?: LampState;
  keyword?: string[];
}

/** A lamp as the command bus needs it. */
export type LampTarget = PlacedTarget;

export type PowerScope = 'project' | 'area' | 'group' | 'lcugroup' | 'lamp';

/** A lamp on the map (or in a drawn area), with its project's name when the reach takes child projects. */
const presentPoint = (r: Row) => ({
  id: Number(r.id),
  name: String(r.name),
  lng: Number(r.lng),
  lat: Number(r.lat),
  state: r.state as LampState,
  level: num(r.level),
  ...(r.project_name === undefined ? {} : { projectName: String(r.project_name) }),
});
const withProjectName = (project: number | ProjectReach) =>
  typeof project !== 'number' && project.includeChildren ? sql`, ${projectNameOfD}` : sql``;

/** The lighting family's SQL: lamps with their state, policies, LCU groups, energy (batches: the kit's). */
export function createLightingRepository(db: Db) {
  const lampWhere = (project: number | ProjectReach, f: LampFilter) => {
    const parts: SQL[] = [projectOfD(project), sql`d.type = ${TYPE}`];
    if (f.areaId) parts.push(sql`d.area_id = ${f.areaId}`);
    if (f.groupId) parts.push(sql`d.group_id = ${f.groupId}`);
    if (f.gatewayId) parts.push(sql`d.parent_id = ${f.gatewayId}`);
    if (f.lcuGroupId)
      parts.push(
        sql`EXISTS (SELECT 1 FROM lighting_group_lamps gl WHERE gl.device_id = d.id AND gl.group_id = ${f.lcuGroupId})`,
      );
    if (f.state) parts.push(sql`(${STATE_SQL}) = ${f.state}`);
    for (const word of f.keyword ?? [])
      parts.push(
        sql`(d.name ILIKE ${`%${word}%`} OR d.no ILIKE ${`%${word}%`} OR d.equipment_id ILIKE ${`%${word}%`})`,
      );
    return sql.join(parts, sql` AND `);
  };

  const presentLamp = (r: Row) => ({
    id: Number(r.id),
    name: String(r.name),
    no: String(r.no),
    equipmentId: (r.equipment_id as string | null) ?? null,
    activeState: Number(r.active_state),
    registered: Boolean(r.registered),
    lastActiveAt: iso(r.last_active_at),
    ...placeOf(r),
    gatewayId: num(r.parent_id),
    gatewayName: (r.gateway_name as string | null) ?? null,
    ratedPower: num((r.props as Record<string, unknown> | null)?.ratedPower),
    state: r.state as LampState,
    on: r.on === null || r.on === undefined ? null : Number(r.on) === 1,
    level: num(r.level),
    runStatus: r.run_status === null || r.run_status === undefined ? null : (RUN_STATUS[Number(r.run_status)] ?? null),
    voltage: num(r.voltage),
    current: num(r.current),
    activePower: num(r.active_power),
    energyToday: num(r.daily_energy),
    at: iso(r.at),
    ...(r.project_name === undefined ? {} : { projectName: String(r.project_name) }),
  });

  const scopeLamps = (projectId: number, scope: PowerScope, id: number | undefined) => {
    const base = sql`SELECT d.id FROM devices d WHERE d.project_id = ${projectId} AND d.type = ${TYPE}`;
    switch (scope) {
      case 'area':
        return sql`${base} AND d.area_id = ${id ?? 0}`;
      case 'group':
        return sql`${base} AND d.group_id = ${id ?? 0}`;
      case 'lcugroup':
        return sql`${base} AND d.id IN (SELECT device_id FROM lighting_group_lamps WHERE group_id = ${id ?? 0})`;
      case 'lamp':
        return sql`${base} AND d.id = ${id ?? 0}`;
      default:
        return base;
    }
  };

  /**
   * Changes which policies lamps run and, in the same transaction, their policy-set keys
   * (`lighting_lamps.policy_set`: the ids in order, null without any), lamps in id order.
   */
  const policies = policyStore(db, LIGHTING_POLICIES, presentPolicy);
  const changePolicies = async (lampIds: number[], change: SQL) => {
    if (lampIds.length === 0) return;
    const ids = [...new Set(lampIds)].sort((a, b) => a - b);
    await db.transaction(async (tx) => {
      await tx.execute(change);
      await tx.execute(
        sql`INSERT INTO lighting_lamps (device_id, project_id, policy_set)
          SELECT d.id, d.project_id,
            (SELECT string_agg(pl.policy_id::text, ',' ORDER BY pl.policy_id) FROM lighting_policy_lamps pl WHERE pl.device_id = d.id)
          FROM devices d WHERE d.id = ANY(${sql.param(ids)}::int4[]) ORDER BY d.id
          ON CONFLICT (device_id) DO UPDATE SET policy_set = excluded.policy_set`,
      );
    });
  };

  /**
   * Energy and energy saved by local day of the project or of its subtree (their daily totals,
   * `readings_project_daily`) or of some of the project's lamps (their daily rollups), each with the
   * readings the rollup job has not folded yet (iot/telemetry/project-rollups.ts `projectDailySums`):
   * today is current.
   */
  const energyDays = async (project: number | ProjectReach, from: Date, to: Date, tz: number, lamps?: SQL) =>
    toDays(
      await rows(
        db,
        sql`SELECT bucket, sum("energy")::float8 AS energy, sum("energySaved")::float8 AS saved
        FROM (${await projectDailySums(db, lightingTelemetry, (column) => projectIn(column, project), from, new Date(to.getTime() - 1), tz, lamps)}) d
        WHERE bucket >= ${from.toISOString()}::timestamptz AND bucket < ${to.toISOString()}::timestamptz
        GROUP BY bucket ORDER BY bucket`,
      ),
    );
  /** Energy and energy saved of the project (or its subtree) by day (local days of the system timezone `tz`). */
  const projectEnergyByDay = (project: number | ProjectReach, from: Date, to: Date, tz: number) =>
    energyDays(project, from, to, tz);

  return {
    readings: createReadingsRepository(db, lightingTelemetry),

    /**
     * A page of lamps: the page's ids first (the devices alone, joined to the last state only to filter
     * by state) and the count beside them, then those lamps with their lookups and live values.
     */
    async lampPage(project: number | ProjectReach, f: LampFilter, limit: number, offset: number) {
      const where = lampWhere(project, f);
      const from = f.state ? sql`devices d LEFT JOIN lighting_state s ON s.device_id = d.id` : sql`devices d`;
      // The page's ids and their rows in one statement (one round trip: a page waits behind device
      // traffic once, not twice), the count beside it.
      const [list, [count]] = await Promise.all([
        rows(
          db,
          sql`WITH page AS (SELECT d.id FROM ${from} WHERE ${where} ORDER BY d.name, d.id LIMIT ${limit} OFFSET ${offset})
            SELECT d.id, d.name, d.no, d.equipment_id, d.active_state, d.registered, d.last_active_at, d.area_id,
              a.name AS area_name, d.group_id, g.name AS group_name, d.parent_id, p.name AS gateway_name, d.lng, d.lat,
              d.props, s.at, s."on", s.level, s.run_status, s.voltage, s.current, s.active_power, s.daily_energy,
              ${STATE_SQL} AS state, ${projectNameOfD}
            FROM page
            JOIN devices d ON d.id = page.id
            LEFT JOIN lighting_state s ON s.device_id = d.id
            LEFT JOIN device_areas a ON a.id = d.area_id
            LEFT JOIN device_groups g ON g.id = d.group_id
            LEFT JOIN devices p ON p.id = d.parent_id
            ORDER BY d.name, d.id`,
        ),
        rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`),
      ]);
      return { rows: list.map(presentLamp), total: Number(count?.n ?? 0) };
    },

    /** A lamp with its last state; of the project when `projectId` is given (null: the caller checked it). */
    async lamp(projectId: number | null, id: number) {
      const [r] = await rows(
        db,
        sql`SELECT d.id, d.name, d.no, d.equipment_id, d.active_state, d.registered, d.last_active_at, d.area_id,
          NULL AS area_name, d.group_id, NULL AS group_name, d.parent_id, NULL AS gateway_name, d.lng, d.lat, d.props,
          s.at, s."on", s.level, s.run_status, s.voltage, s.current, s.active_power, s.daily_energy,
          s.device_time, s.raw, ${STATE_SQL} AS state
        FROM devices d LEFT JOIN lighting_state s ON s.device_id = d.id
        WHERE d.id = ${id}${projectId === null ? sql`` : sql` AND d.project_id = ${projectId}`}`,
      );
      return r
        ? { ...presentLamp(r), deviceTime: (r.device_time as string) ?? null, raw: (r.raw as string) ?? null }
        : null;
    },

    /** The lamps of the project (or of its subtree, with their project's name) that have coordinates. */
    async map(project: number | ProjectReach) {
      const list = await rows(
        db,
        sql`SELECT d.id, d.name, d.lng, d.lat, s.level, ${STATE_SQL} AS state${withProjectName(project)}
        FROM devices d LEFT JOIN lighting_state s ON s.device_id = d.id
        WHERE ${projectOfD(project)} AND d.type = ${TYPE} AND d.lng IS NOT NULL AND d.lat IS NOT NULL
        ORDER BY d.id LIMIT 100000`,
      );
      return list.map(presentPoint);
    },

    /**
     * Lamps of the project (or of its child projects) by id and by LCU group, as the command bus needs
     * them. Answers the ids that are not such lamps (the caller refuses them) besides the targets.
     */
    async targets(projectId: number, lampIds: number[], groupIds: number[]) {
      const list = await rows(
        db,
        sql`SELECT d.id, d.project_id, d.name, d.equipment_id, d.active_state, p.equipment_id AS parent_equipment_id,
          d.lng, d.lat
        FROM devices d LEFT JOIN devices p ON p.id = d.parent_id
        WHERE ${inSubtreeOfD(projectId)} AND d.type = ${TYPE} AND (
          d.id = ANY(${sql.param(lampIds)}::int4[])
          OR d.id IN (SELECT gl.device_id FROM lighting_group_lamps gl JOIN lighting_groups g ON g.id = gl.group_id
            WHERE g.project_id = ${projectId} AND g.id = ANY(${sql.param(groupIds)}::int4[])))
        ORDER BY d.id`,
      );
      const targets: LampTarget[] = list.map((r) => ({
        ...targetOf(r),
        lng: num(r.lng),
        lat: num(r.lat),
      }));
      const found = new Set(targets.map((t) => t.id));
      const groups = groupIds.length
        ? await rows<{ id: number }>(
            db,
            sql`SELECT id FROM lighting_groups WHERE project_id = ${projectId} AND id = ANY(${sql.param(groupIds)}::int4[])`,
          )
        : [];
      const foundGroups = new Set(groups.map((g) => Number(g.id)));
      return {
        targets,
        missingLamps: lampIds.filter((id) => !found.has(id)),
        missingGroups: groupIds.filter((id) => !foundGroups.has(id)),
      };
    },

    /** Lamps of the project (or of its subtree, as the map shows them) whose coordinates fall inside a polygon. */
    async inPolygon(project: number | ProjectReach, polygon: readonly (readonly [number, number])[]) {
      const lngs = polygon.map((p) => p[0]);
      const lats = polygon.map((p) => p[1]);
      const list = await rows(
        db,
        sql`SELECT d.id, d.name, d.lng, d.lat, s.level, ${STATE_SQL} AS state${withProjectName(project)}
        FROM devices d LEFT JOIN lighting_state s ON s.device_id = d.id
        WHERE ${projectOfD(project)} AND d.type = ${TYPE}
          AND d.lng BETWEEN ${Math.min(...lngs)} AND ${Math.max(...lngs)}
          AND d.lat BETWEEN ${Math.min(...lats)} AND ${Math.max(...lats)}
        ORDER BY d.id`,
      );
      return list.filter((r) => insidePolygon(Number(r.lng), Number(r.lat), polygon)).map(presentPoint);
    },

    // ── Settings of a lamp (config, alarm config, modes, reset)

    async settings(deviceId: number) {
      const [r] = await rows(db, sql`SELECT * FROM lighting_lamps WHERE device_id = ${deviceId}`);
      return r
        ? {
            config: (r.config as Record<string, unknown> | null) ?? null,
            configAt: r.config_at ? new Date(r.config_at as string) : null,
            alarmConfig: (r.alarm_config as Record<string, unknown> | null) ?? null,
            alarmAt: r.alarm_at ? new Date(r.alarm_at as string) : null,
            runMode: (r.run_mode as string | null) ?? null,
            policyMode: (r.policy_mode as string | null) ?? null,
            unusableUntil: r.unusable_until ? new Date(r.unusable_until as string) : null,
          }
        : null;
    },

    async saveSettings(
      deviceId: number,
      projectId: number,
      patch: {
        config?: unknown;
        alarmConfig?: unknown;
        runMode?: string;
        policyMode?: string;
        unusableUntil?: Date | null;
      },
    ) {
      const now = new Date().toISOString();
      const cols: [string, SQL][] = [];
      if (patch.config !== undefined) {
        cols.push(['config', sql`${JSON.stringify(patch.config)}::jsonb`]);
        cols.push(['config_at', sql`${now}::timestamptz`]);
      }
      if (patch.alarmConfig !== undefined) {
        cols.push(['alarm_config', sql`${JSON.stringify(patch.alarmConfig)}::jsonb`]);
        cols.push(['alarm_at', sql`${now}::timestamptz`]);
      }
      if (patch.runMode !== undefined) cols.push(['run_mode', sql`${patch.runMode}`]);
      if (patch.policyMode !== undefined) cols.push(['policy_mode', sql`${patch.policyMode}`]);
      if (patch.unusableUntil !== undefined)
        cols.push(['unusable_until', sql`${patch.unusableUntil?.toISOString() ?? null}::timestamptz`]);
      if (cols.length === 0) return;
      const names = sql.raw(cols.map(([c]) => `"${c}"`).join(', '));
      const values = sql.join(
        cols.map(([, v]) => v),
        sql`, `,
      );
      const sets = sql.raw(cols.map(([c]) => `"${c}" = EXCLUDED."${c}"`).join(', '));
      await db.execute(
        sql`INSERT INTO lighting_lamps (device_id, project_id, ${names}) VALUES (${deviceId}, ${projectId}, ${values})
          ON CONFLICT (device_id) DO UPDATE SET ${sets}`,
      );
    },

    /** The run and policy modes of many lamps in one statement (lamps of a batch that acknowledged). */
    async saveSettingsOf(lamps: { id: number; projectId: number }[], modes: { runMode: string; policyMode: string }) {
      if (lamps.length === 0) return;
      const sorted = [...lamps].sort((a, b) => a.id - b.id);
      await db.execute(
        sql`INSERT INTO lighting_lamps (device_id, project_id, run_mode, policy_mode)
          SELECT unnest(${sql.param(sorted.map((l) => l.id))}::int4[]), unnest(${sql.param(sorted.map((l) => l.projectId))}::int4[]),
            ${modes.runMode}, ${modes.policyMode}
          ON CONFLICT (device_id) DO UPDATE SET run_mode = excluded.run_mode, policy_mode = excluded.policy_mode`,
      );
    },

    setLocation: (deviceId: number, lng: number, lat: number) =>
      db.execute(sql`UPDATE devices SET lng = ${lng}, lat = ${lat}, updated_at = now() WHERE id = ${deviceId}`),

    // ── Policies (the kit's store; using them also updates the lamps' policy-set keys)

    policyPage: policies.policyPage,
    policy: policies.policy,
    policyNoTaken: policies.policyNoTaken,
    deletePolicy: policies.deletePolicy,
    createPolicy: (projectId: number, p: PolicyInput) => policies.createPolicy(projectId, stored(p)),
    updatePolicy: (projectId: number, id: number, p: PolicyInput) => policies.updatePolicy(projectId, id, stored(p)),
    useOn: (policyId: number, lampIds: number[]) => changePolicies(lampIds, policies.useOnSql(policyId, lampIds)),
    removeFrom: (policyId: number, lampIds: number[]) =>
      changePolicies(lampIds, policies.removeFromSql(policyId, lampIds)),
    clearFrom: (lampIds: number[]) => changePolicies(lampIds, policies.clearSql(lampIds)),
    /** The policies of each lamp (all of them; the schedule skips those not in use). */
    policiesOf: (lampIds: number[]) => policies.policiesOfDevices(lampIds),
    lampsOfPolicy: (policyId: number) => policies.devicesUsing(policyId),

    // ── LCU groups

    async groupPage(projectId: number, keyword: string[], limit: number, offset: number) {
      const where = namedInProject('g', projectId, keyword);
      const list = await rows(
        db,
        sql`SELECT g.*, (SELECT count(*)::int FROM lighting_group_lamps gl WHERE gl.group_id = g.id) AS member_count
        FROM lighting_groups g WHERE ${where} ORDER BY g.no LIMIT ${limit} OFFSET ${offset}`,
      );
      const [count] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM lighting_groups g WHERE ${where}`,
      );
      return { rows: list.map(presentGroup), total: Number(count?.n ?? 0) };
    },

    async group(projectId: number, id: number) {
      const [r] = await rows(
        db,
        sql`SELECT g.*, (SELECT count(*)::int FROM lighting_group_lamps gl WHERE gl.group_id = g.id) AS member_count
        FROM lighting_groups g WHERE g.project_id = ${projectId} AND g.id = ${id}`,
      );
      if (!r) return null;
      const members = await rows<{ device_id: number }>(
        db,
        sql`SELECT device_id FROM lighting_group_lamps WHERE group_id = ${id} ORDER BY device_id`,
      );
      return { ...presentGroup(r), lampIds: members.map((m) => Number(m.device_id)) };
    },

    async groupNoTaken(projectId: number, no: string, exceptId?: number) {
      const [r] = await rows(
        db,
        sql`SELECT id FROM lighting_groups WHERE project_id = ${projectId} AND no = ${no} AND id <> ${exceptId ?? 0}`,
      );
      return Boolean(r);
    },

    async createGroup(projectId: number, g: { name: string; no: string; description: string }) {
      const [r] = await rows<{ id: number }>(
        db,
        sql`INSERT INTO lighting_groups (project_id, name, no, description)
        VALUES (${projectId}, ${g.name}, ${g.no}, ${g.description}) RETURNING id`,
      );
      return Number(r!.id);
    },
    updateGroup: (projectId: number, id: number, g: { name: string; no: string; description: string }) =>
      db.execute(
        sql`UPDATE lighting_groups SET name = ${g.name}, no = ${g.no}, description = ${g.description}
        WHERE project_id = ${projectId} AND id = ${id}`,
      ),
    deleteGroup: (projectId: number, id: number) =>
      db.execute(sql`DELETE FROM lighting_groups WHERE project_id = ${projectId} AND id = ${id}`),
    async setMembers(groupId: number, add: number[], remove: number[], replace = false) {
      if (replace) await db.execute(sql`DELETE FROM lighting_group_lamps WHERE group_id = ${groupId}`);
      if (remove.length)
        await db.execute(
          sql`DELETE FROM lighting_group_lamps WHERE group_id = ${groupId} AND device_id = ANY(${sql.param(remove)}::int4[])`,
        );
      if (add.length)
        await db.execute(
          sql`INSERT INTO lighting_group_lamps (group_id, device_id)
          SELECT ${groupId}, unnest(${sql.param(add)}::int4[]) ON CONFLICT DO NOTHING`,
        );
    },

    // ── Power and overview

    /**
     * Energy (kWh) of a scope by day (local days of the system timezone): the project's from its
     * totals per day (`readings_project_daily`, a row per day whatever the number of lamps), a part of
     * it from the lamps' daily rollups.
     */
    async energyByDay(projectId: number, scope: PowerScope, id: number | undefined, from: Date, to: Date, tz: number) {
      const lamps = scopeLamps(projectId, scope, id);
      const [days, [count]] = await Promise.all([
        scope === 'project' ? projectEnergyByDay(projectId, from, to, tz) : energyDays(projectId, from, to, tz, lamps),
        rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${lamps}) x`),
      ]);
      return { lamps: Number(count?.n ?? 0), days };
    },

    /** The project's energy and energy saved by day, from its daily totals. */
    projectEnergyByDay,

    async lastOfScope(projectId: number, scope: PowerScope, id: number | undefined) {
      const list = await rows(
        db,
        sql`SELECT d.id, d.name, s.at, s.active_power, s.energy_total, s.daily_energy
        FROM devices d LEFT JOIN lighting_state s ON s.device_id = d.id
        WHERE d.id IN (${scopeLamps(projectId, scope, id)}) ORDER BY d.name, d.id LIMIT 1000`,
      );
      return list.map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        at: iso(r.at),
        activePower: num(r.active_power),
        energyTotal: num(r.energy_total),
        energyToday: num(r.daily_energy),
      }));
    },

    /**
     * The overview's counts in one pass over the project's lamps: per state, whether lit, policy-set key
     * (stored in `lighting_lamps`, null without policies) and place (coordinates to 0.05°, a few seconds
     * of sun time; null without coordinates), how many lamps there are. The three tables are walked
     * together in device-id order (merge joins over their primary keys) rather than hashing the lamps'
     * last states and policy sets, and grouped on small values rather than one text key per lamp:
     * on 100,000 lamps this took about 40% less time than the hashed single key (docs/performance.md).
     * A group may come from each half: the caller adds them up.
     */
    async overviewCounts(project: number | ProjectReach) {
      // In two halves of the device ids at once: two backends (two cores) share the walk.
      const [bounds] = await rows<{ lo: number | null; hi: number | null }>(
        db,
        sql`SELECT min(id) AS lo, max(id) AS hi FROM devices`,
      );
      const lo = Number(bounds?.lo ?? 0);
      const hi = Number(bounds?.hi ?? 0);
      const mid = Math.floor((lo + hi) / 2);
      const part = (from: number, to: number) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL enable_hashjoin = off`);
          return rows<OverviewRow>(
            tx as unknown as Db,
            sql`SELECT CASE WHEN d.active_state <> 1 THEN 0 WHEN s.run_status = 2 THEN 1
                WHEN s."on" = 1 AND coalesce(s.level, 100) > 0 AND coalesce(s.level, 100) < 100 THEN 2
                WHEN s."on" = 1 AND coalesce(s.level, 100) > 0 THEN 3 ELSE 4 END AS state,
              coalesce(d.active_state = 1 AND s."on" = 1 AND coalesce(s.level, 100) > 0, false) AS lit,
              l.policy_set, floor(d.lng * 20 + 0.5)::int AS x, floor(d.lat * 20 + 0.5)::int AS y, count(*)::int AS n
            FROM devices d
            LEFT JOIN lighting_state s ON s.device_id = d.id AND s.device_id BETWEEN ${from} AND ${to}
            LEFT JOIN lighting_lamps l ON l.device_id = d.id AND l.device_id BETWEEN ${from} AND ${to}
            WHERE ${projectOfD(project)} AND d.type = ${TYPE} AND d.id BETWEEN ${from} AND ${to}
            GROUP BY 1, 2, 3, 4, 5`,
          );
        });
      const list = (await Promise.all([part(lo, mid), part(mid + 1, hi)])).flat();
      return list.map((r) => {
        const placed = r.x !== null && r.y !== null;
        return {
          state: OVERVIEW_STATES[Number(r.state)]!,
          lit: Boolean(r.lit),
          policyIds: r.policy_set ? r.policy_set.split(',').map(Number) : null,
          lng: placed ? Number(r.x) / 20 : null,
          lat: placed ? Number(r.y) / 20 : null,
          n: Number(r.n),
        };
      });
    },

    /** The policies of the project (or of its subtree: the lamps of child projects run theirs). */
    async policiesOfProject(project: number | ProjectReach) {
      const list = await rows(
        db,
        sql`SELECT p.*, 0 AS used_by FROM lighting_policies p WHERE ${projectIn(sql`p.project_id`, project)}`,
      );
      return list.map(presentPolicy);
    },

    async faultsByCode(project: number | ProjectReach, since: Date) {
      const list = await rows<{ code: string; n: number }>(
        db,
        sql`SELECT code, count(*)::int AS n FROM device_events
        WHERE type = ${TYPE} AND ${projectIn(sql`project_id`, project)} AND at >= ${since.toISOString()}::timestamptz
          AND event_type = 'occur' AND level IN ('alarm', 'warning')
        GROUP BY code ORDER BY 2 DESC, 1`,
      );
      return list.map((r) => ({ code: String(r.code), count: Number(r.n) }));
    },

    /**
     * The lamps' open faults, newest first: per lamp and code the newest raise or restore, kept when it
     * is an alarm or warning raise (the codes the overview counts). The platform's OFFLINE has no
     * restore (the lamp's next message ends it), so it is open while the lamp is not active. A lamp
     * moved since to another project leaves its faults there.
     */
    async openFaults(project: number | ProjectReach, code: string | undefined, limit: number, offset: number) {
      const list = await rows(
        db,
        sql`WITH newest AS (
          SELECT DISTINCT ON (e.device_id, e.code) e.id, e.device_id, e.project_id, e.code, e.at, e.event_type, e.level
          FROM device_events e
          WHERE e.type = ${TYPE} AND ${projectIn(sql`e.project_id`, project)}
            AND e.event_type IN ('occur', 'restore') ${code === undefined ? sql`` : sql`AND e.code = ${code}`}
          ORDER BY e.device_id, e.code, e.at DESC, e.id DESC
        )
        SELECT n.id AS event_id, n.code, n.level, n.at, d.id, d.name, d.no, d.project_id,
          pr.name AS project_name, count(*) OVER () AS total
        FROM newest n
        JOIN devices d ON d.id = n.device_id AND d.project_id = n.project_id AND d.type = ${TYPE}
        JOIN projects pr ON pr.id = d.project_id
        WHERE n.event_type = 'occur' AND n.level IN ('alarm', 'warning')
          AND (n.code <> 'OFFLINE' OR d.active_state <> 1)
        ORDER BY n.at DESC, n.id DESC
        LIMIT ${limit} OFFSET ${offset}`,
      );
      return {
        rows: list.map((r) => ({
          id: Number(r.id),
          name: String(r.name),
          no: String(r.no),
          projectId: Number(r.project_id),
          projectName: String(r.project_name),
          eventId: Number(r.event_id),
          code: String(r.code),
          level: String(r.level),
          at: iso(r.at)!,
        })),
        total: Number(list[0]?.total ?? 0),
      };
    },
  };
}

export type LightingRepository = ReturnType<typeof createLightingRepository>;

export interface PolicyInput {
  name: string;
  no: string;
  alias: string;
  units: unknown[];
  range: string;
  channelControl: boolean;
  channels: number[];
  cycle: unknown;
  inUse: boolean;
}

const LIGHTING_POLICIES = {
  policies: 'lighting_policies',
  links: 'lighting_policy_lamps',
  note: 'alias',
  order: 'no',
} as const;

const stored = (p: PolicyInput) => ({
  name: p.name,
  no: p.no,
  note: p.alias,
  body: { units: p.units, range: p.range, channelControl: p.channelControl, channels: p.channels, cycle: p.cycle },
  inUse: p.inUse,
});

function presentPolicy(r: Row) {
  const body = r.body as {
    units: {
      type: 'on' | 'off' | 'eco';
      level: number;
      start: { kind: 'clock' | 'sunrise' | 'sunset'; time?: string; offset?: number };
    }[];
    range: 'all' | 'primary' | 'secondary';
    channelControl: boolean;
    channels: number[];
    cycle: { mode: 'everyday' | 'once' | 'year' | 'month' | 'week' | 'holiday' } & Record<string, unknown>;
  };
  return {
    ...policyHeadOf(r, 'alias'),
    units: body.units,
    range: body.range,
    channelControl: body.channelControl,
    channels: body.channels,
    cycle: body.cycle,
    inUse: Boolean(r.in_use),
    lampCount: Number(r.used_by ?? 0),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}
export type StoredPolicy = ReturnType<typeof presentPolicy>;

function presentGroup(r: Row) {
  return {
    id: Number(r.id),
    name: String(r.name),
    no: String(r.no),
    description: String(r.description ?? ''),
    memberCount: Number(r.member_count ?? 0),
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}
