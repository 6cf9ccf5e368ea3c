import { z } from 'zod';
import { AUTH_LEVELS, type AuthLevel } from '../enums.js';
import { isoTimeAnswer, pageAnswer } from './paging.js';

/** Answers of global administration (spec 000 §7 "Users, roles, projects", "Menus and permissions"). */

/** A permission level (0 N/A, 1 view, 5 edit, 10 check). */
export const authLevelAnswer = z.custom<AuthLevel>((v) => (AUTH_LEVELS as readonly unknown[]).includes(v), {
  message: 'an authorisation level',
});

// ── Projects
export const projectView = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  name: z.string(),
  no: z.string(),
  description: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  status: z.number().int(),
  createdAt: isoTimeAnswer,
  updatedAt: isoTimeAnswer,
});
export type ProjectView = z.infer<typeof projectView>;
export const projectList = z.array(projectView);
export const projectPage = pageAnswer(projectView);

/** A project with its descendants (GET /api/projects.do/trees). */
export type ProjectTreeNode = ProjectView & { children: ProjectTreeNode[] };
export const projectTreeNode: z.ZodType<ProjectTreeNode> = projectView.extend({
  get children() {
    return z.array(projectTreeNode);
  },
});
export const projectTrees = z.array(projectTreeNode);

// ── Roles
export const roleView = z.object({
  id: z.number().int(),
  name: z.string(),
  no: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  admin: z.boolean(),
  status: z.number().int(),
  userCount: z.number().int(),
  createdAt: isoTimeAnswer,
});
export type RoleView = z.infer<typeof roleView>;
export const roleList = z.array(roleView);
export const rolePage = pageAnswer(roleView);

// ── Users (never the password)
export const userView = z.object({
  id: z.number().int(),
  name: z.string(),
  phoneNo: z.string(),
  realName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  status: z.number().int(),
  lastLoginTime: isoTimeAnswer.nullable(),
  createdAt: isoTimeAnswer,
});
export type UserView = z.infer<typeof userView>;
export const userList = z.array(userView);
export const userPage = pageAnswer(userView);

// ── Permissions
export const permissionView = z.object({
  key: z.string(),
  name: z.string(),
  parent: z.string(),
  parentName: z.string(),
  module: z.string(),
  level: authLevelAnswer,
  /** Whether the role's project is authorised for the function's module (and, for a platform-wide function, is the root). */
  available: z.boolean(),
  /** A platform-wide function that the role cannot have: its project is not the root. */
  globalOnly: z.boolean().optional(),
});
export type PermissionView = z.infer<typeof permissionView>;
export const permissionList = z.array(permissionView);

// ── Module authorisation (/bas/authmodule)
export const authModulesView = z.object({
  projectId: z.number().int(),
  /** Modules the project may use. */
  modules: z.array(z.string()),
  /** Modules its parent allows (all for the root project): the choices. */
  available: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type AuthModulesView = z.infer<typeof authModulesView>;
