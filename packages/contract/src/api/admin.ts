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

// ── Roles (spec 000 §3 "Role")
export const roleBody = z.object({
  name: baseName(),
  no: baseNo(),
  projectId: z
    .preprocess((v) => (v === '' ? undefined : v), idParam().optional())
    .refine((v) => v !== undefined, 'validation.projectRequired'),
});
export type RoleBody = z.infer<typeof roleBody>;
/** A project's own role (/api/pjts/{projectId}/roles.do): its project is the path's unless one of its descendants is named. */
export const projectRoleBody = roleBody.extend({
  projectId: z.preprocess((v) => (v === '' ? undefined : v), idParam().optional()),
});
export type ProjectRoleBody = z.infer<typeof projectRoleBody>;

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

// ── Module authorisation (/bas/authmodule)
export const authModulesBody = z.object({
  projectId: idParam(),
  modules: z
    .union([z.string().transform((s) => s.split(',').filter(Boolean)), z.array(z.string())])
    .pipe(z.array(z.string())),
});

// ── Site messages
export const siteMessageFilter = z.object({
  status: z.enum(['unread', 'read', 'recycle', 'all']).optional().default('all'),
});
