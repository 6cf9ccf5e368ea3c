import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { projects } from './admin.js';
import { deviceFactories, deviceModels, deviceTypes } from './base.js';
import { deviceAreas, deviceGroups } from './business.js';
import { timestamps } from './common.js';

/**
 * Devices: the common and network fields of spec 000 §3; the type-specific fields of spec 001 §3
 * live in `props`, validated per family by the contract.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull(),
    type: varchar('type', { length: 32 })
      .notNull()
      .references(() => deviceTypes.no, { onUpdate: 'cascade' }),
    factoryId: integer('factory_id').references(() => deviceFactories.id),
    modelId: integer('model_id').references(() => deviceModels.id),
    areaId: integer('area_id').references(() => deviceAreas.id),
    groupId: integer('group_id').references(() => deviceGroups.id),
    parentId: integer('parent_id').references((): AnyPgColumn => devices.id),
    activeState: smallint('active_state').notNull().default(0),
    activeForcedAt: timestamp('active_forced_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    registered: boolean('registered').notNull().default(false),
    description: varchar('description', { length: 100 }).notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    equipmentId: varchar('equipment_id', { length: 64 }),
    communicateAddress: varchar('communicate_address', { length: 64 }).notNull().default(''),
    imei: varchar('imei', { length: 15 }).notNull().default(''),
    imsi: varchar('imsi', { length: 15 }).notNull().default(''),
    ip: varchar('ip', { length: 15 }).notNull().default(''),
    submask: varchar('submask', { length: 15 }).notNull().default(''),
    gateway: varchar('gateway', { length: 15 }).notNull().default(''),
    port: integer('port'),
    rtspPort: integer('rtsp_port'),
    minPort: integer('min_port'),
    maxPort: integer('max_port'),
    mac: varchar('mac', { length: 17 }).notNull().default(''),
    loginAccount: varchar('login_account', { length: 64 }).notNull().default(''),
    loginPassword: varchar('login_password', { length: 128 }).notNull().default(''),
    alias: varchar('alias', { length: 64 }).notNull().default(''),
    modbusAddress: integer('modbus_address'),
    channelNo: integer('channel_no'),
    protocolVersion: smallint('protocol_version').notNull().default(1),
    productionName: varchar('production_name', { length: 64 }).notNull().default(''),
    productionNo: varchar('production_no', { length: 64 }).notNull().default(''),
    props: jsonb('props').notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('devices_project_idx').on(t.projectId, t.id),
    index('devices_project_type_idx').on(t.projectId, t.type, t.id),
    index('devices_project_state_idx').on(t.projectId, t.activeState, t.id),
    // (filter, id): a filtered page, newest first, walks one index backwards and stops after 25 rows.
    index('devices_type_idx').on(t.type, t.id),
    index('devices_state_idx').on(t.activeState, t.id),
    index('devices_area_idx').on(t.areaId, t.id),
    index('devices_group_idx').on(t.groupId, t.id),
    index('devices_model_idx').on(t.modelId, t.id),
    index('devices_parent_idx').on(t.parentId, t.id),
    index('devices_location_idx').on(t.lng, t.lat),
    // The services check these first for a clear message; the indexes close the race of two requests.
    uniqueIndex('devices_equipment_idx').on(t.equipmentId).where(sql`${t.equipmentId} is not null`),
    uniqueIndex('devices_project_no_idx').on(t.projectId, t.no),
  ],
);
