import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './common.js';

/** Projects form a tree; `path` (/1/4/9/) makes "this project and its descendants" one indexed LIKE. */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    path: text('path').notNull().default(''),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull().unique(),
    description: varchar('description', { length: 100 }).notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('projects_parent_idx').on(t.parentId), index('projects_path_idx').on(t.path.op('text_pattern_ops'))],
);

export const projectModules = pgTable(
  'project_modules',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    module: varchar('module', { length: 32 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.module] })],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: varchar('name', { length: 32 }).notNull(),
    no: varchar('no', { length: 32 }).notNull().unique(),
    /** The built-in administrator role: every level on every function of its project subtree. */
    admin: boolean('admin').notNull().default(false),
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('roles_project_idx').on(t.projectId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    functionKey: varchar('function_key', { length: 64 }).notNull(),
    level: smallint('level').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.functionKey] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 16 }).notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    phoneNo: varchar('phone_no', { length: 11 }).notNull().default(''),
    realName: varchar('real_name', { length: 32 }).notNull().default(''),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: smallint('status').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('users_role_idx').on(t.roleId)],
);
