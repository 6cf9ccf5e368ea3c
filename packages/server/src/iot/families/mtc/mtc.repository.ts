import {
  circuitBit,
  MTC_ALARM_KINDS,
  MTC_DEFAULT_CIRCUITS,
  MTC_PERIPHERAL_KINDS,
  MTC_READINGS,
  type MtcAlarmKind,
  type MtcCircuitRow,
  type MtcMode,
  type MtcPolicyBody,
  type MtcRow,
  mtcManifest,
} from '@sc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { policyHeadOf, policyStore } from '../kit/policy-store.js';
import { inSubtreeOfD, type ProjectReach, projectNameOfD, projectOfD } from '../kit/project-reach.js';
import { iso, json, num, type PlacedTarget, placeOf, type Row, rows, targetOf } from '../kit/raw-rows.js';
import { createReadingsRepository } from '../kit/readings.repository.js';
import { mtcTelemetry } from './mtc.tables.js';

const TYPE = mtcManifest.type;

export interface CabinetFilter {
  areaId?: number;
  groupId?: number;
  state?: 'online' | 'offline';
  mode?: MtcMode;
  alarm?: 'normal' | 'alarm';
  keyword?: string[];
}

/** A cabinet as the command bus needs it, with its place and circuit count. */
export type CabinetTarget = PlacedTarget & { circuitCount: number };

/** The circuits of a report's masks (null masks: not reported). */
export function circuitsOf(r: Row, count: number): MtcCircuitRow[] {
  const bit = (column: string, n: number) => {
    const v = r[column];
    return v === null || v === undefined ? null : circuitBit(Number(v), n);
  };
  return Array.from({ length: count }, (_, i) => ({
    no: i + 1,
    enable: bit('circuit_enable', i + 1),
    setting: bit('circuit_setting', i + 1),
    actual: bit('circuit_actual', i + 1),
    active: bit('circuit_active', i + 1),
    cableTheft: bit('circuit_cable_theft', i + 1),
  }));
}

/** The alarm kinds set in a status mask (bit i for MTC_ALARM_KINDS[i]). */
export const alarmsOf = (mask: unknown): MtcAlarmKind[] =>
  mask === null || mask === undefined ? [] : MTC_ALARM_KINDS.filter((_, i) => circuitBit(Number(mask), i + 1));

const countOf = (r: Row) => {
  const fromReport = num(r.circuit_count);
  const fromProps = num(json<Record<string, unknown>>(r.props)?.circuitCount);
  return Math.max(1, Math.min(32, fromReport ?? fromProps ?? MTC_DEFAULT_CIRCUITS));
};

const STATE_SQL = sql.raw(`CASE WHEN d.active_state = 1 THEN 'online' ELSE 'offline' END`);
const SELECT =
  sql.raw(`d.id, d.name, d.no, d.equipment_id, d.active_state, d.registered, d.area_id, a.name AS area_name,
  d.group_id, g.name AS group_name, d.lng, d.lat, d.props, m.no AS model,
  s.at, s.mode, s.circuit_count, s.circuit_enable, s.circuit_setting, s.circuit_actual, s.circuit_active,
  s.circuit_cable_theft, s.alarm_status, s."values", s.peripherals, s.device_time, s.version,
  (SELECT count(*)::int FROM mtc_policy_cabinets pc WHERE pc.device_id = d.id) AS policy_count`);
const FROM = sql.raw(`FROM devices d
  LEFT JOIN mtc_state s ON s.device_id = d.id
  LEFT JOIN device_areas a ON a.id = d.area_id
  LEFT JOIN device_groups g ON g.id = d.group_id
  LEFT JOIN device_models m ON m.id = d.model_id`);

/** The MTC family's SQL: cabinets with their last report, their settings, policies, upgrades. */
export function createMtcRepository(db: Db) {
  const policies = policyStore(db, MTC_POLICIES, presentPolicy);
  const where = (project: number | ProjectReach, f: CabinetFilter) => {
    const parts: SQL[] = [projectOfD(project), sql`d.type = ${TYPE}`];
    if (f.areaId) parts.push(sql`d.area_id = ${f.areaId}`);
    if (f.groupId) parts.push(sql`d.group_id = ${f.groupId}`);
    if (f.state) parts.push(sql`(${STATE_SQL}) = ${f.state}`);
    if (f.mode) parts.push(sql`s.mode = ${f.mode}`);
    if (f.alarm === 'alarm') parts.push(sql`coalesce(s.alarm_status, 0) <> 0`);
    if (f.alarm === 'normal') parts.push(sql`coalesce(s.alarm_status, 0) = 0`);
    for (const word of f.keyword ?? [])
      parts.push(
        sql`(d.name ILIKE ${`%${word}%`} OR d.no ILIKE ${`%${word}%`} OR d.equipment_id ILIKE ${`%${word}%`})`,
      );
    return sql.join(parts, sql` AND `);
  };

  const present = (
    r: Row,
  ): MtcRow & { values: Record<string, number | null>; peripherals: unknown; deviceTime: string | null } => {
    const count = countOf(r);
    const circuits = circuitsOf(r, count);
    const alarms = alarmsOf(r.alarm_status);
    const values = json<Record<string, number | null>>(r.values) ?? {};
    return {
      id: Number(r.id),
      name: String(r.name),
      no: String(r.no),
      model: (r.model as string | null) ?? null,
      equipmentId: (r.equipment_id as string | null) ?? null,
      activeState: Number(r.active_state),
      state: Number(r.active_state) === 1 ? 'online' : 'offline',
      registered: Boolean(r.registered),
      ...placeOf(r),
      mode: (r.mode as MtcMode | null) ?? null,
      circuitCount: count,
      circuits,
      circuitsOn: circuits.filter((c) => c.actual).length,
      alarmStatus: alarms.length ? 'alarm' : 'normal',
      alarms,
      version: (r.version as string | null) ?? (json<Record<string, unknown>>(r.props)?.version as string) ?? null,
      activePower: values.activePower ?? null,
      policyCount: Number(r.policy_count ?? 0),
      lastReportAt: iso(r.at),
      ...(r.project_name === undefined ? {} : { projectName: String(r.project_name) }),
      values,
      peripherals: json(r.peripherals),
      deviceTime: iso(r.device_time),
    };
  };
  const strip = ({ values: _v, peripherals: _p, deviceTime: _d, ...row }: ReturnType<typeof present>): MtcRow => row;

  return {
    readings: createReadingsRepository(db, mtcTelemetry),
    present,

    async page(project: number | ProjectReach, f: CabinetFilter, limit: number, offset: number) {
      const w = where(project, f);
      const list = await rows(
        db,
        sql`SELECT ${SELECT}, ${projectNameOfD} ${FROM} WHERE ${w} ORDER BY d.name, d.id LIMIT ${limit} OFFSET ${offset}`,
      );
      const [count] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM devices d LEFT JOIN mtc_state s ON s.device_id = d.id WHERE ${w}`,
      );
      return { rows: list.map((r) => strip(present(r))), total: Number(count?.n ?? 0) };
    },

    /** The cabinets of the project (or of its subtree) that have coordinates, with their project's name. */
    async map(project: number | ProjectReach) {
      const list = await rows(
        db,
        sql`SELECT ${SELECT}, ${projectNameOfD} ${FROM} WHERE ${where(project, {})} AND d.lng IS NOT NULL AND d.lat IS NOT NULL
          ORDER BY d.id LIMIT 10000`,
      );
      return list.map((r) => strip(present(r)));
    },

    /** One cabinet of the project with its last report (null: none such). */
    async cabinet(projectId: number, id: number) {
      const [r] = await rows(db, sql`SELECT ${SELECT} ${FROM} WHERE ${where(projectId, {})} AND d.id = ${id}`);
      return r ? present(r) : null;
    },

    /** Cabinets of the project (or of its child projects) among `ids`, as command targets (others are left out). */
    async targets(projectId: number, ids: number[]): Promise<CabinetTarget[]> {
      if (ids.length === 0) return [];
      const list = await rows(
        db,
        sql`SELECT d.id, d.project_id, d.name, d.equipment_id, d.active_state, p.equipment_id AS parent_equipment_id,
          d.lng, d.lat, d.props, s.circuit_count
        FROM devices d LEFT JOIN devices p ON p.id = d.parent_id LEFT JOIN mtc_state s ON s.device_id = d.id
        WHERE ${inSubtreeOfD(projectId)} AND d.type = ${TYPE}
          AND d.id IN (SELECT unnest(${sql.param(ids)}::int4[])) ORDER BY d.id`,
      );
      return list.map((r) => ({
        ...targetOf(r),
        lng: num(r.lng),
        lat: num(r.lat),
        circuitCount: countOf(r),
      }));
    },

    /** When each alarm kind last occurred on a cabinet (its events). */
    async alarmSince(deviceId: number, codes: readonly string[]) {
      if (codes.length === 0) return new Map<string, string>();
      const list = await rows<{ code: string; at: string }>(
        db,
        sql`SELECT code, max(at) AS at FROM device_events
          WHERE device_id = ${deviceId} AND event_type = 'occur' AND code IN (SELECT unnest(${sql.param([...codes])}::text[]))
          GROUP BY code`,
      );
      return new Map(list.map((r) => [r.code, new Date(r.at).toISOString()]));
    },

    // ── Policies (the kit's store)

    policyPage: (projectId: number, limit: number, offset: number, keyword: string[] = []) =>
      policies.policyPage(projectId, keyword, limit, offset),
    policy: policies.policy,
    policyNoTaken: policies.policyNoTaken,
    createPolicy: (projectId: number, body: MtcPolicyBody) => policies.createPolicy(projectId, stored(body)),
    updatePolicy: (projectId: number, id: number, body: MtcPolicyBody) =>
      policies.updatePolicy(projectId, id, stored(body)),
    deletePolicy: policies.deletePolicy,
    useOn: (policyId: number, deviceIds: number[]) => db.execute(policies.useOnSql(policyId, deviceIds)),
    removeFrom: (policyId: number, deviceIds: number[]) => db.execute(policies.removeFromSql(policyId, deviceIds)),
    /** The cabinets a policy is used on. */
    cabinetsUsing: policies.devicesUsing,
    policiesOf: async (deviceId: number) => (await policies.policiesOfDevices([deviceId], true)).get(deviceId) ?? [],
  };
}

const MTC_POLICIES = {
  policies: 'mtc_policies',
  links: 'mtc_policy_cabinets',
  note: 'description',
  order: 'newest',
} as const;

const stored = (b: MtcPolicyBody) => ({
  name: b.name,
  no: b.no,
  note: b.description ?? '',
  body: { timeMode: b.timeMode, units: b.units, cycle: b.cycle },
  inUse: b.inUse,
});

export function presentPolicy(r: Row) {
  const body = json<Pick<MtcPolicyBody, 'timeMode' | 'units' | 'cycle'>>(r.body)!;
  return {
    ...policyHeadOf(r, 'description'),
    timeMode: body.timeMode,
    units: body.units,
    cycle: body.cycle,
    inUse: Boolean(r.in_use),
    cabinetCount: Number(r.used_by ?? 0),
    updatedAt: iso(r.updated_at)!,
  };
}
export type MtcPolicyOut = ReturnType<typeof presentPolicy>;

/** A peripheral reading as stored (what the cabinet sent), made safe for the answer. */
export function presentPeripherals(stored: unknown, at: string | null) {
  if (!Array.isArray(stored)) return [];
  return stored.slice(0, 64).flatMap((p) => {
    if (!p || typeof p !== 'object') return [];
    const o = p as Record<string, unknown>;
    const index = Number(o.index);
    if (!Number.isInteger(index)) return [];
    const kind = (MTC_PERIPHERAL_KINDS as readonly string[]).includes(String(o.kind)) ? String(o.kind) : 'other';
    return [
      {
        index,
        name: typeof o.name === 'string' ? o.name.slice(0, 32) : '',
        kind: kind as (typeof MTC_PERIPHERAL_KINDS)[number],
        value: typeof o.value === 'number' && Number.isFinite(o.value) ? o.value : null,
        unit: typeof o.unit === 'string' ? o.unit.slice(0, 16) : '',
        at,
      },
    ];
  });
}

export const READING_KEYS = MTC_READINGS.map((r) => r.key);
