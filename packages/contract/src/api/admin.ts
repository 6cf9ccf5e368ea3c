import { z } from 'zod';
import { AUTH_LEVELS, type AuthLevel } from '../enums.js';
import {
  baseName,
  baseNo,
  description,
  idParam,
  latitude,
  longitude,
  mobileRule,
  nameRule,
  text,
} from '../validation/rules.js';
import { passwordRule } from '../validation/session.js';

// ── Projects (spec 000 §3 "Project")
export const projectBody = z.object({
  name: baseName(),
  no: baseNo(),
  parentId: z.preprocess((v) => (v === '' ? undefined : v), idParam().optional()),
  description: description(),
  lng: z.preprocess((v) => (v === '' ? undefined : v), longitude()),
  lat: z.preprocess((v) => (v === '' ? undefined : v), latitude()),
});
export type ProjectBody = z.infer<typeof projectBody>;

export const locationBody = z.object({
  lng: z.preprocess((v) => (v === '' ? undefined : v), longitude()),
  lat: z.preprocess((v) => (v === '' ? undefined : v), latitude()),
});

export interface ProjectView {
  id: number;
  parentId: number | null;
  parentName: string | null;
  name: string;
  no: string;
  description: string;
  lng: number | null;
  lat: number | null;
  status: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectTreeNode extends ProjectView {
  children: ProjectTreeNode[];
}

// ── Roles (spec 000 §3 "Role")
export const roleBody = z.object({
  name: baseName(),
  no: baseNo(),
  projectId: z
    .preprocess((v) => (v === '' ? undefined : v), idParam().optional())
    .refine((v) => v !== undefined, 'validation.projectRequired'),
});
export type RoleBody = z.infer<typeof roleBody>;

export interface RoleView {
  id: number;
  name: string;
  no: string;
  projectId: number;
  projectName: string;
  admin: boolean;
  status: number;
  userCount: number;
  createdAt: string;
}

// ── Users (spec 000 §3 "User")
const account = () =>
  text(3, 16, 'validation.accountRequired').regex(/^[A-Za-z0-9_.@-]+$/, 'validation.altCodePattern');
const userFields = {
  name: account(),
  phoneNo: mobileRule(),
  realName: nameRule(2, 32),
  roleId: z
    .preprocess((v) => (v === '' ? undefined : v), idParam().optional())
    .refine((v) => v !== undefined, 'validation.roleRequired'),
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(0)]))
    .optional(),
};
export const userCreateBody = z.object({ ...userFields, password: passwordRule() });
export const userUpdateBody = z.object(userFields);
export type UserCreateBody = z.infer<typeof userCreateBody>;
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export interface UserView {
  id: number;
  name: string;
  phoneNo: string;
  realName: string;
  roleId: number;
  roleName: string;
  projectId: number;
  projectName: string;
  status: number;
  lastLoginTime: string | null;
  createdAt: string;
}

// ── Permissions (spec 000 §7 "Menus and permissions")
const levelRule = z.coerce
  .number()
  .refine((v): v is AuthLevel => (AUTH_LEVELS as readonly number[]).includes(v), 'validation.validParam');
export const permissionsBody = z.object({
  permissions: z
    .union([
      z.string().transform((s, ctx) => {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'validation.validParam' });
          return z.NEVER;
        }
      }),
      z.array(z.unknown()),
    ])
    .pipe(z.array(z.object({ key: z.string().min(1, 'validation.validParam'), level: levelRule }))),
});
export type PermissionsBody = z.infer<typeof permissionsBody>;

export interface PermissionView {
  key: string;
  name: string;
  parent: string;
  parentName: string;
  module: string;
  level: AuthLevel;
  /** Whether the role's project is authorised for the function's module (and, for a platform-wide function, is the root). */
  available: boolean;
  /** A platform-wide function that the role cannot have: its project is not the root. */
  globalOnly?: boolean;
}

// ── Module authorisation (/bas/authmodule)
export const authModulesBody = z.object({
  projectId: idParam(),
  modules: z
    .union([z.string().transform((s) => s.split(',').filter(Boolean)), z.array(z.string())])
    .pipe(z.array(z.string())),
});

export interface AuthModulesView {
  projectId: number;
  /** Modules the project may use. */
  modules: string[];
  /** Modules its parent allows (all for the root project): the choices. */
  available: { code: string; name: string }[];
}

// ── Site messages
export const siteMessageFilter = z.object({
  status: z.enum(['unread', 'read', 'recycle', 'all']).optional().default('all'),
});

export interface SiteMessageView {
  id: number;
  title: string;
  content: string;
  isRead: boolean;
  isDeleted: boolean;
  senderName: string;
  createdAt: string;
}

// ── Logs
export interface VisitLogView {
  id: number;
  account: string;
  action: string;
  detail: string;
  ip: string;
  userAgent: string;
  at: string;
}
export interface ManageLogView {
  id: number;
  account: string;
  action: string;
  entity: string;
  entityId: string;
  summary: string;
  changes: unknown;
  ip: string;
  at: string;
}
export interface OperateLogView {
  id: number;
  account: string;
  deviceId: number | null;
  deviceName: string;
  command: string;
  args: unknown;
  result: string;
  success: boolean;
  durationMs: number;
  ip: string;
  at: string;
}
