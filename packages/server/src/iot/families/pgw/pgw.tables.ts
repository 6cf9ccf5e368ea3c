import { index, integer, pgTable, primaryKey, real, timestamp, varchar } from 'drizzle-orm/pg-core';
import { devices } from '../../../db/schema/devices.js';

/**
 * A power-line gateway's carrier table as it last reported it (telemetry `links`, docs/device-protocol.md
 * "Power-line gateways"): per lamp controller (its equipment id) the signal quality (0-100 %, 0: not
 * heard on the last search) and when the gateway last heard it (`seen`, from the gateway's clock).
 * Upserted by the batch writer; the lamp list joins it to the gateway's children by equipment id, so a
 * row of a lamp that is no longer its child is never shown (and is deleted when it is unregistered).
 */
export const pgwLinks = pgTable(
  'pgw_links',
  {
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    equipmentId: varchar('equipment_id', { length: 64 }).notNull(),
    signal: real('signal').notNull(),
    seen: timestamp('seen', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.equipmentId] }), index('pgw_links_equipment_idx').on(t.equipmentId)],
);
