import type { Translation } from '../translate.js';
import type { pjtadmin as zh } from '../zh-CN/pjtadmin.js';

export const pjtadmin: Translation<typeof zh> = {
  rolesTitle: 'Project roles',
  usersTitle: 'Project members',
  authTitle: 'Project role permissions',
  myRolesTitle: 'View project roles',
  myUsersTitle: 'View project members',
  myAuthTitle: 'My permissions',
  readOnlyHint: "Only users of an administrator role change the project's roles, members and permissions",
  scopeHint: '{project} and its sub-projects',
};
