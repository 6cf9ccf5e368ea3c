import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { projects, users } from '../../db/schema/admin.js';
import { devices } from '../../db/schema/devices.js';

/** bytea as a Buffer on both drivers (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Maintenance work orders (spec 001 §3 "Maintenance work order"): the header. */
export const maintenanceBills = pgTable(
  'maintenance_bills',
  {
    id: serial('id').primaryKey(),
    no: varchar('no', { length: 32 }).notNull().unique(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 64 }).notNull(),
    /** init 0, checked 10, canceled -10 (spec 001 §4). */
    status: smallint('status').notNull().default(0),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    creatorName: varchar('creator_name', { length: 16 }).notNull(),
    approverName: varchar('approver_name', { length: 16 }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    modifierName: varchar('modifier_name', { length: 16 }),
    billDate: timestamp('bill_date', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('maintenance_bills_project_idx').on(t.projectId, t.status)],
);

/** One device of a bill with its handle status (init 0, ok 1, deny -1) and the alarm that opened it. */
export const maintenanceDetails = pgTable(
  'maintenance_details',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => maintenanceBills.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    handleStatus: smallint('handle_status').notNull().default(0),
    note: varchar('note', { length: 200 }).notNull().default(''),
    handlerName: varchar('handler_name', { length: 16 }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    alarmCode: varchar('alarm_code', { length: 64 }),
    alarmAt: timestamp('alarm_at', { withTimezone: true }),
    photo: bytea('photo'),
    photoMime: varchar('photo_mime', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('maintenance_details_bill_device_idx').on(t.billId, t.deviceId),
    index('maintenance_details_device_idx').on(t.deviceId),
  ],
);

/** Messages on a bill's header (detail null) or on one of its details. */
export const maintenanceMessages = pgTable(
  'maintenance_messages',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => maintenanceBills.id, { onDelete: 'cascade' }),
    detailId: integer('detail_id').references(() => maintenanceDetails.id, { onDelete: 'cascade' }),
    senderName: varchar('sender_name', { length: 16 }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('maintenance_messages_bill_idx').on(t.billId)],
);
