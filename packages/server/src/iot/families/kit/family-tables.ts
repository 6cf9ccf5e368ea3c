import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { projects } from '../../../db/schema/admin.js';
import { columnName, type ReadingColumn, readingsTables, valueColumn } from '../../telemetry/tables.js';

/**
 * A family's readings table `name` with its hourly and daily rollups (`readingsTables`): the columns are
 * its manifest's readings, kept as long as its readings retention setting says. Its folder's
 * `<slug>.tables.ts` exports the three tables (drizzle-kit finds them there).
 */
export const familyReadingsTables = <K extends string>(
  name: string,
  manifest: { readings: readonly (ReadingColumn & { key: K })[]; retention: { readings?: string } },
) => readingsTables(name, manifest.readings, manifest.retention.readings!);

/** Some of a family's readings as columns of another table (its latest state), typed as the readings table's. */
export function readingColumns<K extends string>(
  readings: readonly (ReadingColumn & { key: string })[],
  keys: readonly K[],
) {
  const out: Record<string, PgColumnBuilderBase> = {};
  for (const key of keys) {
    const reading = readings.find((r) => r.key === key);
    if (!reading) throw new Error(`no reading ${key}`);
    out[key] = valueColumn(reading, columnName(key));
  }
  return out as { [P in K]: ReturnType<typeof valueColumn> };
}

const tz = { withTimezone: true } as const;

/**
 * The columns a project's own record starts with (a group, a media file, a resource): its serial id and
 * its project, with the foreign key to projects when `referenced` (some tables were made without it).
 */
export const projectRecord = (referenced: boolean) => ({
  id: serial('id').primaryKey(),
  projectId: referenced
    ? integer('project_id')
        .notNull()
        .references(() => projects.id)
    : integer('project_id').notNull(),
});

/** A record's name and number (`no`, unique in its project by the table's index), 32 characters each. */
export const nameAndNo = () => ({
  name: varchar('name', { length: 32 }).notNull(),
  no: varchar('no', { length: 32 }).notNull(),
});

/** A column naming a row of `owner` by its id, the row holding it gone with that row. */
export const goneWith = (column: string, owner: { id: AnyPgColumn }) =>
  integer(column)
    .notNull()
    .references(() => owner.id, { onDelete: 'cascade' });

/** bytea as a Buffer on both drivers (PGlite answers a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A blob stored in chunks (`chunkedRange` reads them back): one row per chunk of a row of its owner,
 * `owner` the one column naming that row (`goneWith`), `seq` from 0 and its `bytes`, keyed by both. One
 * statement writes or reads one chunk, so other queries wait behind one chunk at most.
 */
export const chunksTable = <O extends Record<string, PgColumnBuilderBase>>(name: string, owner: O) => {
  const key = Object.keys(owner)[0] as keyof O;
  return pgTable(name, { ...owner, seq: integer('seq').notNull(), bytes: bytea('bytes').notNull() }, (t) => [
    primaryKey({ columns: [t[key], t.seq] }),
  ]);
};

/** A record's free-text description: up to 100 characters, empty by default. */
export const descriptionColumn = () => varchar('description', { length: 100 }).notNull().default('');

/**
 * A table of one row per device of a family (what the platform keeps of each: settings, latest state):
 * `device_id` its key, `project_id` its project, then the family's `columns`.
 */
export const perDeviceTable = <C extends Record<string, PgColumnBuilderBase>>(
  name: string,
  columns: C,
  indexed?: (
    t: { projectId: AnyPgColumn } & Record<string, AnyPgColumn>,
  ) => ReturnType<ReturnType<typeof index>['on']>[],
) =>
  pgTable(
    name,
    { deviceId: integer('device_id').primaryKey(), projectId: integer('project_id').notNull(), ...columns },
    indexed as never,
  );

/**
 * The last report of each device (the batch writer's upsert per batch, `stateBatchTable`): `at` when
 * it reported and the family's `columns`, found by project.
 */
export const latestStateTable = <C extends Record<string, PgColumnBuilderBase>>(name: string, columns: C) =>
  perDeviceTable(name, { at: timestamp('at', tz).notNull(), ...columns }, (t) => [
    index(`${name}_project_idx`).on(t.projectId),
  ]);

/**
 * Which devices belong to what `owner` (a group, a policy): `<key>_id` and `device_id`, the rows gone
 * with their owner, found by device too.
 */
export const deviceLinks = (name: string, key: string, owner: { id: AnyPgColumn }) =>
  pgTable(
    name,
    {
      ownerId: goneWith(`${key}_id`, owner),
      deviceId: integer('device_id').notNull(),
    },
    (t) => [primaryKey({ columns: [t.ownerId, t.deviceId] }), index(`${name}_device`).on(t.deviceId)],
  );

/**
 * Where a family keeps its timed policies (kit/policy-store.ts reads them): `<name>` with name, number
 * (unique in a project), the family's free-text `note` column, `body` and the in-use flag, and `links`,
 * the devices that run each.
 */
export function policyTables<const N extends string>(
  name: string,
  links: string,
  note: { [P in N]: PgColumnBuilderBase },
) {
  const policies = pgTable(
    name,
    {
      ...projectRecord(false),
      ...nameAndNo(),
      ...note,
      body: jsonb('body').notNull(),
      inUse: boolean('in_use').notNull().default(true),
      createdAt: timestamp('created_at', tz).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    },
    (t) => [uniqueIndex(`${name}_project_no`).on(t.projectId, t.no)],
  );
  return { policies, links: deviceLinks(links, 'policy', policies) };
}
