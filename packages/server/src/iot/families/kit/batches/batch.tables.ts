import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One command sent to many devices of a family (a lighting batch, later LED publishing, speaker
 * broadcasts): what was asked, its progress, its state (`running`, `done`, `interrupted`) and the
 * instance running it. `owner` holds it while `lease_until` is ahead; the owner moves the lease on as
 * it stores results, so a batch whose lease ran out has lost its instance and another one claims it.
 */
export const familyBatches = pgTable(
  'family_batches',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    projectId: integer('project_id').notNull(),
    /** The device type of the family running it (its handlers finish or resume it). */
    type: varchar('type', { length: 32 }).notNull(),
    /** What the operator asked (`poweron`, `use`, …): the log's `batch:<command>`. */
    command: varchar('command', { length: 32 }).notNull(),
    /** What each device is sent (a policy `use` sends `policydef`). */
    deviceCommand: varchar('device_command', { length: 32 }).notNull(),
    /** The arguments every target gets (a target with its own has them on its row). */
    args: jsonb('args').notNull().default({}),
    total: integer('total').notNull(),
    acknowledged: integer('acknowledged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    state: varchar('state', { length: 16 }).notNull().default('running'),
    /** The operation-log entry written at the start and completed at the end. */
    operationId: bigint('operation_id', { mode: 'number' }),
    owner: varchar('owner', { length: 64 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('family_batches_project').on(t.projectId, t.startedAt),
    index('family_batches_lease').on(t.state, t.leaseUntil),
  ],
);

/**
 * Each target of a batch, its result stored as it arrives: `ok` null while not answered. The command
 * id (`request_id`) is fixed when the batch starts, so an instance resuming the batch sends a target
 * the same id again and a device that already ran it answers without running it twice.
 */
export const familyBatchTargets = pgTable(
  'family_batch_targets',
  {
    batchId: varchar('batch_id', { length: 36 })
      .notNull()
      .references(() => familyBatches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    deviceId: integer('device_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    requestId: varchar('request_id', { length: 36 }).notNull(),
    /** This target's own arguments (a policy definition per lamp); null: the batch's. */
    args: jsonb('args'),
    ok: boolean('ok'),
    error: text('error'),
    durationMs: integer('duration_ms'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.seq] })],
);
