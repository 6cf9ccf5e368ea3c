import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { redactText, redactValue } from '../../../../platform/redact.js';
import { type Row, rows, targetOf } from '../raw-rows.js';

export type BatchState = 'running' | 'done' | 'interrupted';

export interface BatchRow {
  id: string;
  projectId: number;
  type: string;
  command: string;
  deviceCommand: string;
  args: Record<string, unknown>;
  total: number;
  acknowledged: number;
  failed: number;
  state: BatchState;
  operationId: number | null;
  startedAt: Date;
  finishedAt: Date | null;
}

/** A target's stored result: `ok` null while not answered. */
export interface TargetResult {
  seq: number;
  deviceId: number;
  name: string;
  ok: boolean | null;
  error: string | null;
  durationMs: number | null;
}

export interface TargetRow extends TargetResult {
  requestId: string;
  args: Record<string, unknown> | null;
}

const batchOf = (r: Row): BatchRow => ({
  id: String(r.id),
  projectId: Number(r.project_id),
  type: String(r.type),
  command: String(r.command),
  deviceCommand: String(r.device_command),
  args: (r.args as Record<string, unknown>) ?? {},
  total: Number(r.total),
  acknowledged: Number(r.acknowledged),
  failed: Number(r.failed),
  state: String(r.state) as BatchState,
  operationId: r.operation_id === null || r.operation_id === undefined ? null : Number(r.operation_id),
  startedAt: new Date(r.started_at as string),
  finishedAt: r.finished_at ? new Date(r.finished_at as string) : null,
});

const leaseFor = (ms: number) => sql`now() + ${`${Math.ceil(ms)} milliseconds`}::interval`;

/** The kit's batch tables (batch.tables.ts): the only SQL of batches. */
export function createBatchRepository(db: Db) {
  return {
    /** The batch and its targets (each with its command id) in one transaction. */
    async create(b: {
      id: string;
      projectId: number;
      type: string;
      command: string;
      deviceCommand: string;
      args: Record<string, unknown>;
      owner: string;
      leaseMs: number;
      targets: { deviceId: number; name: string; requestId: string; args: Record<string, unknown> | null }[];
    }) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO family_batches (id, project_id, type, command, device_command, args, total, owner, lease_until)
          VALUES (${b.id}, ${b.projectId}, ${b.type}, ${b.command}, ${b.deviceCommand}, ${JSON.stringify(b.args)}::jsonb,
            ${b.targets.length}, ${b.owner}, ${leaseFor(b.leaseMs)})`,
        );
        if (b.targets.length === 0) return;
        await tx.execute(
          sql`INSERT INTO family_batch_targets (batch_id, seq, device_id, name, request_id, args)
          SELECT ${b.id}, s - 1, d, n, r, a::jsonb
          FROM unnest(${sql.param(b.targets.map((t) => t.deviceId))}::int4[],
            ${sql.param(b.targets.map((t) => t.name.slice(0, 64)))}::text[],
            ${sql.param(b.targets.map((t) => t.requestId))}::text[],
            ${sql.param(b.targets.map((t) => (t.args ? JSON.stringify(t.args) : null)))}::text[]) WITH ORDINALITY AS u(d, n, r, a, s)`,
        );
      });
    },

    /** Links the batch to its operation-log entry. */
    setOperation: (id: string, operationId: number) =>
      db.execute(sql`UPDATE family_batches SET operation_id = ${operationId} WHERE id = ${id}`),

    /**
     * Stores results that arrived and the counts, and moves the lease on, in one statement; answers
     * false when the batch is no longer this owner's (another instance claimed it).
     */
    async store(
      id: string,
      owner: string,
      leaseMs: number,
      counts: { acknowledged: number; failed: number },
      results: TargetResult[],
    ): Promise<boolean> {
      const updated = await rows(
        db,
        sql`WITH results AS (
          UPDATE family_batch_targets t SET ok = u.ok, error = u.error, duration_ms = u.duration_ms
          FROM unnest(${sql.param(results.map((r) => r.seq))}::int4[], ${sql.param(results.map((r) => r.ok))}::bool[],
            ${sql.param(results.map((r) => r.error))}::text[],
            ${sql.param(results.map((r) => (r.durationMs === null ? null : Math.round(r.durationMs))))}::int4[])
            AS u(seq, ok, error, duration_ms)
          WHERE t.batch_id = ${id} AND t.seq = u.seq
            AND EXISTS (SELECT 1 FROM family_batches b WHERE b.id = ${id} AND b.owner = ${owner} AND b.state = 'running')
          RETURNING 1)
        UPDATE family_batches SET acknowledged = ${counts.acknowledged}, failed = ${counts.failed},
          lease_until = ${leaseFor(leaseMs)}
        WHERE id = ${id} AND owner = ${owner} AND state = 'running' RETURNING id`,
      );
      return updated.length > 0;
    },

    /** Ends the batch (done or interrupted) with counts taken from its targets, and lets go of it. */
    async finish(id: string, owner: string, state: Exclude<BatchState, 'running'>) {
      const [r] = await rows(
        db,
        sql`UPDATE family_batches b SET state = ${state}, finished_at = now(), lease_until = now(), owner = NULL,
          acknowledged = c.acknowledged, failed = c.failed
        FROM (SELECT count(*) FILTER (WHERE ok) AS acknowledged, count(*) FILTER (WHERE ok = false) AS failed
          FROM family_batch_targets WHERE batch_id = ${id}) c
        WHERE b.id = ${id} AND b.owner = ${owner} AND b.state = 'running' RETURNING b.*`,
      );
      return r ? batchOf(r) : null;
    },

    /** Lets go of a running batch at once (a graceful stop): another instance may claim it now. */
    release: (id: string, owner: string) =>
      db.execute(
        sql`UPDATE family_batches SET lease_until = now() - interval '1 millisecond', owner = NULL
        WHERE id = ${id} AND owner = ${owner} AND state = 'running'`,
      ),

    /**
     * Claims the running batches of a family whose lease ran out (their instance stopped or died): one
     * statement, so of instances claiming at once each batch goes to one.
     */
    async claimExpired(type: string, owner: string, leaseMs: number, limit = 20) {
      const list = await rows(
        db,
        sql`UPDATE family_batches SET owner = ${owner}, lease_until = ${leaseFor(leaseMs)}
        WHERE id IN (SELECT id FROM family_batches WHERE state = 'running' AND type = ${type} AND lease_until < now()
          ORDER BY lease_until LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          AND state = 'running' AND lease_until < now()
        RETURNING *`,
      );
      return list.map(batchOf);
    },

    async batch(projectId: number, type: string, id: string) {
      const [r] = await rows(
        db,
        sql`SELECT * FROM family_batches WHERE project_id = ${projectId} AND type = ${type} AND id = ${id}`,
      );
      return r ? batchOf(r) : null;
    },

    /**
     * Every target's result as the status call shows it (`TargetResult` without `seq`), in the batch's
     * order, written as JSON by the database: a batch of ten thousand is followed by polling it.
     */
    async resultsJson(id: string): Promise<string> {
      const [r] = await rows<{ json: string }>(
        db,
        sql`SELECT coalesce(json_agg(json_build_object('deviceId', device_id, 'name', name, 'ok', ok, 'error', error,
            'durationMs', duration_ms) ORDER BY seq), '[]')::text AS json
          FROM family_batch_targets WHERE batch_id = ${id}`,
      );
      return r!.json;
    },

    /** Every target's result, in the batch's order. */
    async results(id: string): Promise<TargetResult[]> {
      const list = await rows(
        db,
        sql`SELECT seq, device_id, name, ok, error, duration_ms FROM family_batch_targets WHERE batch_id = ${id} ORDER BY seq`,
      );
      return list.map((r) => ({
        seq: Number(r.seq),
        deviceId: Number(r.device_id),
        name: String(r.name),
        ok: r.ok === null ? null : Boolean(r.ok),
        error: (r.error as string | null) ?? null,
        durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
      }));
    },

    /** The targets not answered yet, with their command ids and the devices as they are now (to send to). */
    async unanswered(id: string) {
      const list = await rows(
        db,
        sql`SELECT t.seq, t.device_id, t.name, t.request_id, t.args, d.project_id, d.equipment_id, d.active_state,
          p.equipment_id AS parent_equipment_id, d.id IS NOT NULL AS present
        FROM family_batch_targets t LEFT JOIN devices d ON d.id = t.device_id LEFT JOIN devices p ON p.id = d.parent_id
        WHERE t.batch_id = ${id} AND t.ok IS NULL ORDER BY t.seq`,
      );
      return list.map((r) => ({
        seq: Number(r.seq),
        requestId: String(r.request_id),
        args: (r.args as Record<string, unknown> | null) ?? null,
        target: r.present ? targetOf(r, r.device_id) : null,
        deviceId: Number(r.device_id),
        name: String(r.name),
      }));
    },

    /** The devices of the batch that acknowledged (to store what they now run, again if need be). */
    async acknowledged(id: string) {
      const list = await rows(
        db,
        sql`SELECT t.device_id, COALESCE(d.project_id, b.project_id) AS project_id
        FROM family_batch_targets t JOIN family_batches b ON b.id = t.batch_id LEFT JOIN devices d ON d.id = t.device_id
        WHERE t.batch_id = ${id} AND t.ok ORDER BY t.seq`,
      );
      return list.map((r) => ({ id: Number(r.device_id), projectId: Number(r.project_id) }));
    },

    /** Completes the operation-log entry written when the batch started. */
    completeOperation: (
      operationId: number,
      entry: { result: string; success: boolean; durationMs: number; args: unknown },
    ) =>
      db.execute(
        sql`UPDATE operate_logs SET result = ${redactText(entry.result).slice(0, 4000)}, success = ${entry.success},
          duration_ms = ${Math.max(0, Math.round(entry.durationMs))}, args = ${JSON.stringify(redactValue(entry.args))}::jsonb
        WHERE id = ${operationId}`,
      ),
  };
}

export type BatchRepository = ReturnType<typeof createBatchRepository>;
