import type { Translation } from '../translate.js';
import type { pjtadmin as zh } from '../zh-CN/pjtadmin.js';

export const pjtadmin: Translation<typeof zh> = {
  rolesTitle: 'Project roles',
  usersTitle: 'Project members',
  authTitle: 'Project role permissions',
  myRolesTitle: 'View project roles',
  myUsersTitle: 'View project members',
  myAuthTitle: 'My permissions',
  readOnlyHint: "Your role can view the project's roles, members and permissions; changing them needs the edit level",
  scopeHint: 'Scope: {project} and its sub-projects',
  ownRoleHint: 'Your role: {role}',
};
