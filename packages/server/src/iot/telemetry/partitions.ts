import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsAffected } from '../../db/client.js';
import type { PartitionUnit, SettingValues, TimePartitioned } from './tables.js';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
/** Origin of the rollups' hourly buckets and of the latest values' hours: UTC hours. */
export const HOUR_ORIGIN = '2000-01-01T00:00:00.000Z';
/** The hour a time (ms) falls in, as the rollups bucket it. */
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/** Start (UTC) of the partition holding `t`: the day, the week (from Monday) or the month. */
export function unitStart(t: Date, unit: PartitionUnit): Date {
  const day = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  if (unit === 'day') return new Date(day);
  if (unit === 'week') return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
}

/** Start of the partition after the one starting at `start`. */
export function unitNext(start: Date, unit: PartitionUnit): Date {
  if (unit === 'day') return new Date(start.getTime() + DAY_MS);
  if (unit === 'week') return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/** How far ahead partitions exist: past the ingest's clock-skew allowance (24 h) and a few missed runs. */
const AHEAD: Record<PartitionUnit, number> = { day: 3, week: 2, month: 2 };

const stamp = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
/** `env_readings_p20261122`: the partition of `parent` starting at `start` (UTC). */
export const partitionName = (parent: string, start: Date) => `${parent}_p${stamp(start)}`;
export const defaultName = (parent: string) => `${parent}_default`;
const parseStart = (parent: string, name: string): Date | null => {
  const m = new RegExp(`^${parent}_p(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
};

const id = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
const lit = (d: Date) => sql.raw(`'${d.toISOString()}'`);

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One time-ranged table to keep: the table itself, or one list partition of it. */
export interface RangeParent {
  name: string;
  column: string;
  unit: PartitionUnit;
  retentionDays: number;
  fillfactor?: number;
}

/** The time-ranged tables of a declaration, with retention read from the settings of this run. */
export function rangeParents(spec: TimePartitioned, settings: SettingValues): RangeParent[] {
  const { column, unit, fillfactor } = spec;
  if (!spec.list) return [{ name: spec.name, column, unit, retentionDays: spec.retentionDays(settings), fillfactor }];
  const list = spec.list;
  return [
    ...list.values.map((v) => ({
      name: `${spec.name}_${v}`,
      column,
      unit,
      retentionDays: list.retentionDays(v, settings),
      fillfactor,
    })),
    { name: `${spec.name}_other`, column, unit, retentionDays: list.retentionDays(null, settings), fillfactor },
  ];
}

async function relkind(db: Db, name: string): Promise<string | null> {
  const [row] = await rows<{ relkind: string }>(db, sql`SELECT relkind FROM pg_class WHERE oid = to_regclass(${name})`);
  return row?.relkind ?? null;
}

async function childrenOf(db: Db, parent: string): Promise<string[]> {
  return (await childrenWithOptions(db, parent)).map((r) => r.relname);
}

async function childrenWithOptions(db: Db, parent: string) {
  return rows<{ relname: string; options: string | null }>(
    db,
    sql`SELECT c.relname, array_to_string(c.reloptions, ',') AS options
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass(${parent})`,
  );
}

/**
 * A table drizzle created plain (a family's new table) becomes partitioned, keeping its rows and
 * indexes: renamed aside, recreated `PARTITION BY RANGE`, rows copied (into the default partition;
 * `ensurePartitions` moves them to their own), the old one dropped. Nothing happens to a table that is
 * already partitioned.
 */
export async function partitionPlainTable(db: Db, spec: TimePartitioned): Promise<boolean> {
  if ((await relkind(db, spec.name)) !== 'r' || spec.list) return false;
  const plain = `${spec.name}__plain`;
  await db.execute(sql`LOCK TABLE ${id(spec.name)} IN ACCESS EXCLUSIVE MODE`);
  const indexes = await rows<{ name: string; def: string; constraint: string | null }>(
    db,
    sql`SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def, c.conname AS constraint
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        LEFT JOIN pg_constraint c ON c.conindid = i.oid AND c.conrelid = x.indrelid
        WHERE x.indrelid = to_regclass(${spec.name})`,
  );
  const serials = await rows<{ col: string; seq: string }>(
    db,
    sql`SELECT a.attname AS col, pg_get_serial_sequence(${spec.name}, a.attname) AS seq
        FROM pg_attribute a WHERE a.attrelid = to_regclass(${spec.name}) AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence(${spec.name}, a.attname) IS NOT NULL`,
  );
  for (const index of indexes) {
    if (index.constraint) await db.execute(sql`ALTER TABLE ${id(spec.name)} DROP CONSTRAINT ${id(index.constraint)}`);
    else await db.execute(sql`DROP INDEX ${id(index.name)}`);
  }
  await db.execute(sql`ALTER TABLE ${id(spec.name)} RENAME TO ${id(plain)}`);
  await db.execute(
    sql`CREATE TABLE ${id(spec.name)} (LIKE ${id(plain)} INCLUDING DEFAULTS) PARTITION BY RANGE (${id(spec.column)})`,
  );
  for (const s of serials)
    await db.execute(sql`ALTER SEQUENCE ${sql.raw(s.seq)} OWNED BY ${id(spec.name)}.${id(s.col)}`);
  await db.execute(sql`CREATE TABLE ${id(defaultName(spec.name))} PARTITION OF ${id(spec.name)} DEFAULT`);
  // Indexes as declared, less a primary key on a column other than the partition key (not allowed).
  for (const index of indexes) if (!index.constraint?.endsWith('_pkey')) await db.execute(sql.raw(index.def));
  await db.execute(sql`INSERT INTO ${id(spec.name)} SELECT * FROM ${id(plain)}`);
  await db.execute(sql`DROP TABLE ${id(plain)}`);
  return true;
}

/**
 * Every value of a list-partitioned table gets its own time-partitioned table (a new device type's
 * events leave the default one, rows and all).
 */
export async function ensureListPartitions(db: Db, spec: TimePartitioned): Promise<string[]> {
  const list = spec.list;
  if (!list) return [];
  const created: string[] = [];
  const fallback = `${spec.name}_other`;
  for (const value of list.values) {
    const name = `${spec.name}_${value}`;
    if (await relkind(db, name)) continue;
    const [held] = await rows(db, sql`SELECT 1 FROM ${id(fallback)} WHERE ${id(list.column)} = ${value} LIMIT 1`);
    if (held) await db.execute(sql`ALTER TABLE ${id(spec.name)} DETACH PARTITION ${id(fallback)}`);
    await db.execute(
      sql`CREATE TABLE ${id(name)} PARTITION OF ${id(spec.name)} FOR VALUES IN (${sql.raw(`'${value.replaceAll("'", "''")}'`)}) PARTITION BY RANGE (${id(spec.column)})`,
    );
    await db.execute(sql`CREATE TABLE ${id(defaultName(name))} PARTITION OF ${id(name)} DEFAULT`);
    if (held) {
      await db.execute(sql`INSERT INTO ${id(name)} SELECT * FROM ${id(fallback)} WHERE ${id(list.column)} = ${value}`);
      await db.execute(sql`DELETE FROM ${id(fallback)} WHERE ${id(list.column)} = ${value}`);
      await db.execute(sql`ALTER TABLE ${id(spec.name)} ATTACH PARTITION ${id(fallback)} DEFAULT`);
    }
    created.push(name);
  }
  return created;
}

const TRUNC: Record<PartitionUnit, string> = { day: 'day', week: 'week', month: 'month' };

/**
 * Creates the partitions from the current one to `AHEAD` units ahead, and one for each period the
 * default partition holds rows of (a device clock off, rows from before partitioning) unless that
 * period is past retention: those rows move out of the default partition into their own.
 */
export async function ensurePartitions(db: Db, parent: RangeParent, now: Date): Promise<string[]> {
  const children = await childrenWithOptions(db, parent.name);
  const existing = new Set(children.map((c) => c.relname));
  const options = new Map(children.map((c) => [c.relname, c.options ?? '']));
  const storage = parent.fillfactor ? sql.raw(` WITH (fillfactor = ${Math.round(parent.fillfactor)})`) : sql``;
  const cutoff = new Date(now.getTime() - parent.retentionDays * DAY_MS);
  const starts = new Map<number, boolean>();
  let start = unitStart(now, parent.unit);
  for (let i = 0; i <= AHEAD[parent.unit]; i++, start = unitNext(start, parent.unit))
    starts.set(start.getTime(), false);
  const strays = await rows<{ start: string }>(
    db,
    sql`SELECT DISTINCT to_char(date_trunc(${TRUNC[parent.unit]}, ${id(parent.column)} AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS start
        FROM ${id(defaultName(parent.name))}`,
  );
  for (const s of strays) {
    const t = new Date(`${s.start}T00:00:00Z`);
    if (unitNext(t, parent.unit) > cutoff) starts.set(t.getTime(), true);
  }
  const created: string[] = [];
  for (const [time, held] of [...starts.entries()].sort((a, b) => a[0] - b[0])) {
    const from = new Date(time);
    const to = unitNext(from, parent.unit);
    const name = partitionName(parent.name, from);
    if (existing.has(name)) {
      // Partitions created before the declaration had a fillfactor (or by an older version) get it:
      // a storage parameter for the pages written from now on, no rewrite.
      if (parent.fillfactor && !options.get(name)?.includes(`fillfactor=${Math.round(parent.fillfactor)}`))
        await db.execute(
          sql`ALTER TABLE ${id(name)} SET (fillfactor = ${sql.raw(String(Math.round(parent.fillfactor)))})`,
        );
      continue;
    }
    const def = defaultName(parent.name);
    const inRange = sql`${id(parent.column)} >= ${lit(from)} AND ${id(parent.column)} < ${lit(to)}`;
    if (held) await db.execute(sql`ALTER TABLE ${id(parent.name)} DETACH PARTITION ${id(def)}`);
    await db.execute(
      sql`CREATE TABLE ${id(name)} PARTITION OF ${id(parent.name)} FOR VALUES FROM (${lit(from)}) TO (${lit(to)})${storage}`,
    );
    if (held) {
      await db.execute(sql`INSERT INTO ${id(name)} SELECT * FROM ${id(def)} WHERE ${inRange}`);
      await db.execute(sql`DELETE FROM ${id(def)} WHERE ${inRange}`);
      await db.execute(sql`ALTER TABLE ${id(parent.name)} ATTACH PARTITION ${id(def)} DEFAULT`);
    }
    created.push(name);
  }
  return created;
}

/**
 * Drops every partition whose whole period is older than the retention (a catalogue change: no row is
 * read or deleted), and the default partition's stray rows past it. Rows live at most one partition
 * period beyond their retention.
 */
export async function dropExpired(
  db: Db,
  parent: RangeParent,
  now: Date,
): Promise<{ dropped: string[]; strays: number }> {
  const cutoff = new Date(now.getTime() - parent.retentionDays * DAY_MS);
  const dropped: string[] = [];
  for (const name of await childrenOf(db, parent.name)) {
    const start = parseStart(parent.name, name);
    if (start && unitNext(start, parent.unit) <= cutoff) {
      await db.execute(sql`DROP TABLE ${id(name)}`);
      dropped.push(name);
    }
  }
  const result = await db.execute(
    sql`DELETE FROM ${id(defaultName(parent.name))} WHERE ${id(parent.column)} < ${lit(cutoff)}`,
  );
  return { dropped, strays: rowsAffected(result) };
}

/** One run over every declared table: partitions as declared, created ahead, dropped past retention. */
export async function maintainPartitions(
  db: Db,
  specs: readonly TimePartitioned[],
  settings: SettingValues,
  now: Date,
) {
  const report = { converted: [] as string[], created: [] as string[], dropped: [] as string[], strays: 0 };
  for (const spec of specs) {
    if (await partitionPlainTable(db, spec)) report.converted.push(spec.name);
    report.created.push(...(await ensureListPartitions(db, spec)));
    for (const parent of rangeParents(spec, settings)) {
      report.created.push(...(await ensurePartitions(db, parent, now)));
      const { dropped, strays } = await dropExpired(db, parent, now);
      report.dropped.push(...dropped);
      report.strays += strays;
    }
  }
  return report;
}
