import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { badRequest, notFound } from '../../../platform/errors.js';
import type { FamilyContext } from '../family-handler.js';
import { type Row, rows } from './raw-rows.js';

/**
 * Where a family keeps its timed policies: a table of policies (`id`, `project_id`, `name`, `no`, a
 * free-text note, `body` jsonb with what the family's policy holds, `in_use`, `updated_at`) and a table
 * of which devices run which (`policy_id`, `device_id`).
 */
export interface PolicyTables {
  policies: string;
  links: string;
  /** The free-text column beside name and no (a lamp policy's alias, a cabinet policy's description). */
  note: string;
  /** The list's order: by number, or newest first. */
  order: 'no' | 'newest';
}

/** A policy to store: the family's own fields go in `body`. */
export interface StoredPolicy {
  name: string;
  no: string;
  note: string;
  body: object;
  inUse: boolean;
}

/** A project's records (`<alias>.project_id`) whose name or number holds every word: a list's search. */
export function namedInProject(alias: string, projectId: number, words: string[]): SQL {
  const a = sql.raw(alias);
  const parts: SQL[] = [sql`${a}.project_id = ${projectId}`];
  for (const w of words) parts.push(sql`(${a}.name ILIKE ${`%${w}%`} OR ${a}.no ILIKE ${`%${w}%`})`);
  return sql.join(parts, sql` AND `);
}

/** What every stored policy answers: its id, name, number and the family's free-text `note` column. */
export const policyHeadOf = <const N extends string>(r: Row, note: N) =>
  ({ id: Number(r.id), name: String(r.name), no: String(r.no), [note]: String(r[note] ?? '') }) as {
    id: number;
    name: string;
    no: string;
  } & { [P in N]: string };

/** The policy a family's store found, or a 404 in the words every family with policies shares. */
export function foundPolicy<P>(policy: P | null | undefined): P {
  if (!policy) throw notFound('schedule.errors.policyMissing');
  return policy;
}

/**
 * A policy's body checked by the family's schema for the policy-units maximum of the settings at the
 * time of the call (a 400 naming each field).
 */
export async function checkedPolicyBody<T>(
  ctx: FamilyContext,
  schemaFor: (unitsMax: number | undefined) => z.ZodType<T>,
  body: unknown,
): Promise<T> {
  const parsed = schemaFor(Number(await ctx.settings.get('policyUnitsMax')) || undefined).safeParse(body);
  if (!parsed.success)
    throw badRequest(
      'errors.badRequest',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), key: i.message })),
    );
  return parsed.data;
}

/**
 * The SQL of a family's policies, shared by every family with policies. `present` turns a stored row
 * into the family's answer; `used_by` in the row is the count of devices that run it (0 where the
 * caller did not ask for it).
 */
export function policyStore<P>(db: Db, t: PolicyTables, present: (row: Row) => P) {
  const policies = sql.identifier(t.policies);
  const links = sql.identifier(t.links);
  const note = sql.identifier(t.note);
  const usedBy = sql`(SELECT count(*)::int FROM ${links} u WHERE u.policy_id = p.id) AS used_by`;
  const order = t.order === 'no' ? sql`p.no` : sql`p.id DESC`;

  return {
    async policyPage(projectId: number, keyword: string[], limit: number, offset: number) {
      const where = namedInProject('p', projectId, keyword);
      const list = await rows(
        db,
        sql`SELECT p.*, ${usedBy} FROM ${policies} p WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      );
      const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${policies} p WHERE ${where}`);
      return { rows: list.map(present), total: Number(count?.n ?? 0) };
    },

    async policy(projectId: number, id: number) {
      const [r] = await rows(
        db,
        sql`SELECT p.*, ${usedBy} FROM ${policies} p WHERE p.project_id = ${projectId} AND p.id = ${id}`,
      );
      return r ? present(r) : null;
    },

    async policyNoTaken(projectId: number, no: string, exceptId?: number) {
      const [r] = await rows(
        db,
        sql`SELECT id FROM ${policies} WHERE project_id = ${projectId} AND no = ${no} AND id <> ${exceptId ?? 0}`,
      );
      return Boolean(r);
    },

    async createPolicy(projectId: number, p: StoredPolicy) {
      const [r] = await rows<{ id: number }>(
        db,
        sql`INSERT INTO ${policies} (project_id, name, no, ${note}, body, in_use)
          VALUES (${projectId}, ${p.name}, ${p.no}, ${p.note}, ${JSON.stringify(p.body)}::jsonb, ${p.inUse})
          RETURNING id`,
      );
      return Number(r!.id);
    },

    updatePolicy: (projectId: number, id: number, p: StoredPolicy) =>
      db.execute(
        sql`UPDATE ${policies} SET name = ${p.name}, no = ${p.no}, ${note} = ${p.note},
          body = ${JSON.stringify(p.body)}::jsonb, in_use = ${p.inUse}, updated_at = now()
          WHERE project_id = ${projectId} AND id = ${id}`,
      ),

    deletePolicy: (projectId: number, id: number) =>
      db.execute(sql`DELETE FROM ${policies} WHERE project_id = ${projectId} AND id = ${id}`),

    /** The statement that uses a policy on devices (a family may run it with more in one transaction). */
    useOnSql: (policyId: number, deviceIds: number[]) =>
      sql`INSERT INTO ${links} (policy_id, device_id)
        SELECT ${policyId}, unnest(${sql.param(deviceIds)}::int4[]) ON CONFLICT DO NOTHING`,

    /** The statement that takes a policy off devices. */
    removeFromSql: (policyId: number, deviceIds: number[]) =>
      sql`DELETE FROM ${links} WHERE policy_id = ${policyId} AND device_id = ANY(${sql.param(deviceIds)}::int4[])`,

    /** The statement that takes every policy off devices. */
    clearSql: (deviceIds: number[]) => sql`DELETE FROM ${links} WHERE device_id = ANY(${sql.param(deviceIds)}::int4[])`,

    /** The devices that run a policy, in id order. */
    async devicesUsing(policyId: number): Promise<number[]> {
      const list = await rows<{ device_id: number }>(
        db,
        sql`SELECT device_id FROM ${links} WHERE policy_id = ${policyId} ORDER BY device_id`,
      );
      return list.map((r) => Number(r.device_id));
    },

    /**
     * The policies of each device (all of them; a schedule skips those not in use), in id order;
     * `counted` adds how many devices run each (a device page shows it; a schedule needs none).
     */
    async policiesOfDevices(deviceIds: number[], counted = false) {
      const list = await rows(
        db,
        sql`SELECT l.device_id, p.*, ${counted ? usedBy : sql`0 AS used_by`} FROM ${links} l
          JOIN ${policies} p ON p.id = l.policy_id
          WHERE l.device_id = ANY(${sql.param(deviceIds)}::int4[]) ORDER BY p.id`,
      );
      const byDevice = new Map<number, P[]>();
      for (const r of list) {
        const id = Number(r.device_id);
        byDevice.set(id, [...(byDevice.get(id) ?? []), present(r)]);
      }
      return byDevice;
    },
  };
}
