import { type SQL, sql } from 'drizzle-orm';
import { isDatabaseUnavailable } from '../db/availability.js';
import type { Db } from '../db/client.js';
import { createLatestMemory } from './telemetry/readings-batch.js';
import { insertWithRollups, type RollupTarget } from './telemetry/rollups.js';

/** A table the writer fills: its columns with their PostgreSQL array types, in row order. */
export interface BatchTable {
  name: string;
  columns: readonly {
    name: string;
    type: 'int4' | 'int8' | 'float4' | 'float8' | 'timestamptz' | 'text' | 'jsonb' | 'bool';
  }[];
  /**
   * Readings with rollups: the same statement keeps the latest values and marks the hours stored for
   * the rollup job (iot/telemetry/rollups.ts).
   */
  rollups?: RollupTarget;
  /**
   * A latest-state table: the columns of its unique key. A batch keeps the last row per key and
   * replaces the stored row (`ON CONFLICT (key) DO UPDATE`).
   */
  upsert?: readonly string[];
  /**
   * With `upsert`: a time column by which a row replaces the stored one only when at least as new (a
   * back-filled history written while devices report must not put an old state over a live one).
   */
  newerBy?: string;
}

/** The rows as `unnest(…)` of one array parameter per column, whatever the row count. */
function unnestOf(table: BatchTable, rows: readonly unknown[][]): SQL {
  const params = table.columns.map((col, c) => {
    const values = rows.map((r) => {
      const v = r[c] ?? null;
      if (col.type === 'jsonb') return v === null ? null : JSON.stringify(v);
      if (col.type === 'timestamptz') return v instanceof Date ? v.toISOString() : v;
      return v;
    });
    return sql`${sql.param(values)}::${sql.raw(col.type)}[]`;
  });
  return sql`unnest(${sql.join(params, sql`, `)})`;
}

/** PostgreSQL's deadlock detected, serialization failure and lock not available: worth one more try. */
const RETRYABLE = new Set(['40P01', '40001', '55P03']);

/**
 * The database's own error inside what the driver threw (drizzle wraps it as `cause`): its SQLSTATE
 * code, message and the names it points at, never the statement or its parameters (the readings).
 */
export function dbErrorOf(error: unknown): {
  code: string;
  message: string;
  detail?: string;
  table?: string;
  constraint?: string;
} | null {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return {
        code: e.code,
        message: String(e.message ?? '').slice(0, 500),
        ...(typeof e.detail === 'string' ? { detail: e.detail.slice(0, 500) } : {}),
        ...(typeof e.table === 'string' ? { table: e.table } : {}),
        ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
      };
    e = e.cause as Record<string, unknown> | undefined;
  }
  return null;
}

/** Longest wait between two tries of rows the database could not take (it is away). */
const MAX_BACKOFF_MS = 5000;

/** The rows a caller of `settled` waits for could not be taken (the writer is full or stopping). */
export class TelemetryNotStored extends Error {
  constructor(reason: 'full' | 'stopped') {
    super(`telemetry not stored (${reason})`);
  }
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Buffers rows per table and writes them in one `INSERT … SELECT * FROM unnest(…)` per flush: one
 * statement and one parameter per column whatever the row count, on PGlite and PostgreSQL alike.
 * Flushes every `intervalMs` or when a table holds `maxRows`, in statements of `maxRows` at most. While the database is away (stopped,
 * restarting, unreachable: availability.ts) or picked as a deadlock's victim, the rows stay and are
 * tried again with a growing pause (up to 5 s), and whoever waits for them (`settled`: the MQTT
 * acknowledgement) waits on; `onUnavailable` hears of the outage once, when it starts and when it
 * ends. Rows the database refuses for what they hold are logged (`onError`) and dropped: trying them
 * again cannot help.
 */
export function createBatchWriter(
  db: Db,
  options: {
    intervalMs?: number;
    maxRows?: number;
    maxBuffered?: number;
    onError?: (error: unknown, table: string, rows: number) => void;
    onUnavailable?: (down: boolean, error?: unknown) => void;
    /** How long `stop` goes on trying while the database is away (the rows are then not stored). */
    stopGraceMs?: number;
  } = {},
) {
  const intervalMs = options.intervalMs ?? 200;
  const maxRows = options.maxRows ?? 5000;
  /** Rows waiting (buffered or being written) beyond which new rows are refused, not queued without end. */
  const maxBuffered = options.maxBuffered ?? 200_000;
  const buffers = new Map<BatchTable, unknown[][]>();
  const stats = { written: 0, failed: 0, flushes: 0, dropped: 0, retried: 0, outages: 0 };
  const latestMemory = createLatestMemory();
  let waiting = 0;
  let writing = false;
  let stopping = false;
  let down = false;
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  /** Callers of `settled` waiting for the rows buffered now, and for the rows being written now. */
  let nextRound: Waiter[] = [];
  let thisRound: Waiter[] = [];
  /** A row was refused (full) while these rounds gathered: their waiters are told it was not stored. */
  let nextRoundShort = false;
  let thisRoundShort = false;
  /** Who waits for the rows waiting to fall below a mark (`whenBelow`: ingest pauses meanwhile). */
  let roomWaiters: { below: number; resolve(): void }[] = [];
  const tellRoom = () => {
    if (roomWaiters.length === 0) return;
    const still: typeof roomWaiters = [];
    for (const w of roomWaiters) waiting < w.below ? w.resolve() : still.push(w);
    roomWaiters = still;
  };

  async function writeTable(table: BatchTable, all: unknown[][]) {
    const key = table.upsert;
    let rows = all;
    if (key) {
      const at = key.map((k) => table.columns.findIndex((c) => c.name === k));
      const time = table.newerBy ? table.columns.findIndex((c) => c.name === table.newerBy) : -1;
      const ms = (row: unknown[]) => new Date(row[time] as string | Date).getTime();
      const last = new Map<string, unknown[]>();
      for (const row of all) {
        const id = at.map((i) => String(row[i])).join('|');
        const kept = last.get(id);
        if (!kept || time < 0 || ms(row) >= ms(kept)) last.set(id, row);
      }
      rows = [...last.values()];
    }
    const names = sql.raw(table.columns.map((c) => `"${c.name}"`).join(', '));
    const conflict = key
      ? sql.raw(
          ` ON CONFLICT (${key.map((k) => `"${k}"`).join(', ')}) DO UPDATE SET ${table.columns
            .filter((c) => !key.includes(c.name))
            .map((c) => `"${c.name}" = EXCLUDED."${c.name}"`)
            .join(
              ', ',
            )}${table.newerBy ? ` WHERE "${table.name}"."${table.newerBy}" <= EXCLUDED."${table.newerBy}"` : ''}`,
        )
      : sql``;
    const insert = sql`INSERT INTO ${sql.raw(`"${table.name}"`)} (${names}) SELECT * FROM ${unnestOf(table, rows)}${conflict}`;
    if (!table.rollups) return void (await db.execute(insert));
    const column = (name: string) => table.columns.findIndex((c) => c.name === name);
    const plan = latestMemory.plan(table.name, rows, {
      device: column('device_id'),
      project: column('project_id'),
      at: column('at'),
    });
    const latest = plan.latest;
    await db.execute(
      insertWithRollups(insert, table.rollups, {
        hours: plan.hours,
        latest: !latest
          ? 'batch'
          : latest.length === 0
            ? 'none'
            : sql`SELECT * FROM ${unnestOf(
                table,
                latest.map((i) => rows[i]!),
              )} AS s(${names})`,
      }),
    );
    plan.written();
  }

  const settle = (waiters: Waiter[], short: boolean) => {
    const error = short ? new TelemetryNotStored('full') : null;
    for (const w of waiters) error ? w.reject(error) : w.resolve();
  };

  async function flushNow() {
    writing = true;
    let backoff = 100;
    let giveUpAt = Number.POSITIVE_INFINITY;
    try {
      // What arrives while writing waits for the next round: one statement per table in flight.
      while (buffers.size > 0) {
        const work = [...buffers.entries()].filter(([, rows]) => rows.length > 0);
        buffers.clear();
        thisRound = nextRound;
        thisRoundShort = nextRoundShort;
        nextRound = [];
        nextRoundShort = false;
        const again: [BatchTable, unknown[][]][] = [];
        let reason: unknown;
        for (const [table, all] of work) {
          // At most `maxRows` per statement: on one connection (PGlite) a request waits for one at most.
          for (let from = 0; from < all.length; from += maxRows) {
            const rows = all.slice(from, from + maxRows);
            try {
              await writeTable(table, rows);
              stats.written += rows.length;
            } catch (error) {
              // The database is away, or chose this statement as a deadlock's victim (rolled back
              // whole): these rows and the table's next ones are kept for another try.
              if (isDatabaseUnavailable(error) || RETRYABLE.has(dbErrorOf(error)?.code ?? '')) {
                again.push([table, all.slice(from)]);
                reason = error;
                break;
              }
              stats.failed += rows.length;
              options.onError?.(error, table.name, rows.length);
            }
            waiting -= rows.length;
            tellRoom();
          }
        }
        if (again.length > 0) {
          stats.retried++;
          if (isDatabaseUnavailable(reason) && !down) {
            down = true;
            stats.outages++;
            options.onUnavailable?.(true, reason);
          }
          // Back in front of what arrived meanwhile, with their waiters.
          for (const [table, rows] of again) buffers.set(table, rows.concat(buffers.get(table) ?? []));
          nextRound = thisRound.concat(nextRound);
          nextRoundShort ||= thisRoundShort;
          thisRound = [];
          if (stopping) giveUpAt = Math.min(giveUpAt, Date.now() + (options.stopGraceMs ?? 5000));
          if (Date.now() >= giveUpAt) break;
          await new Promise((resolve) => setTimeout(resolve, backoff));
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
          continue;
        }
        if (down) {
          down = false;
          options.onUnavailable?.(false);
        }
        backoff = 100;
        stats.flushes++;
        settle(thisRound, thisRoundShort);
        thisRound = [];
      }
    } finally {
      writing = false;
      // Left here only when stopping with the database away: these rows were not stored.
      const left = [...thisRound, ...nextRound];
      thisRound = [];
      nextRound = [];
      for (const rows of buffers.values()) {
        stats.failed += rows.length;
        waiting -= rows.length;
      }
      buffers.clear();
      tellRoom();
      for (const w of left) w.reject(new TelemetryNotStored('stopped'));
    }
  }

  /** One flush at a time, so rows are written in arrival order and never twice. */
  const flush = () => {
    if (!writing) flushing = flushNow();
    return flushing;
  };

  return {
    stats,
    push(table: BatchTable, row: unknown[]) {
      // The database cannot keep up: shed telemetry (counted) rather than run out of memory; whoever
      // waits for these rows (`settled`) hears that they were not stored.
      if (waiting >= maxBuffered) {
        stats.dropped++;
        let hasBuffered = false;
        for (const rows of buffers.values()) if (rows.length) hasBuffered = true;
        if (hasBuffered || !writing) nextRoundShort = true;
        else thisRoundShort = true;
        return;
      }
      waiting++;
      let rows = buffers.get(table);
      if (!rows) {
        rows = [];
        buffers.set(table, rows);
      }
      rows.push(row);
      if (rows.length >= maxRows && !writing) void flush();
      else if (!timer)
        timer = setTimeout(() => {
          timer = null;
          void flush();
        }, intervalMs);
    },
    flush,
    /** Rows pushed and not yet written (buffered or in the statement running). */
    backlog: () => waiting,
    /** Resolves once fewer than `rows` wait: at once when they do already. */
    whenBelow(rows: number): Promise<void> {
      if (waiting < rows) return Promise.resolve();
      return new Promise((resolve) => roomWaiters.push({ below: rows, resolve }));
    },
    /**
     * Resolves once every row pushed so far has been written (or refused by the database for what it
     * holds, and logged); rejects (`TelemetryNotStored`) when some were shed because the writer was
     * full, or when it stopped with the database away. A device's message is acknowledged only once
     * this resolves, so neither a killed process nor a database outage loses a message the broker or
     * the device considers delivered.
     */
    settled(): Promise<void> {
      let hasBuffered = false;
      for (const rows of buffers.values()) if (rows.length) hasBuffered = true;
      if (hasBuffered) return new Promise((resolve, reject) => nextRound.push({ resolve, reject }));
      if (writing) return new Promise((resolve, reject) => thisRound.push({ resolve, reject }));
      if (nextRoundShort) {
        nextRoundShort = false;
        return Promise.reject(new TelemetryNotStored('full'));
      }
      return Promise.resolve();
    },
    /** True while the database is away and rows wait for it. */
    waitingForDatabase: () => down,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}

export type BatchWriter = ReturnType<typeof createBatchWriter>;
