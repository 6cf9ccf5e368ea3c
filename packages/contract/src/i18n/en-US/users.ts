import type { Translation } from '../translate.js';
import type { users as zh } from '../zh-CN/users.js';

export const users: Translation<typeof zh> = {
  fields: {
    name: 'Account',
    password: 'Password',
    phoneNo: 'Phone no',
    realName: 'Real name',
    roleId: 'Role',
    roleName: 'Role',
    projectId: 'Project',
    projectName: 'Project',
    status: 'Status',
    lastLoginTime: 'Last login',
    createdAt: 'Created at',
  },
  allProjects: 'All projects',
  allRoles: 'All roles',
  projectFilter: 'Filter by project',
  roleFilter: 'Filter by role',
  rolePlaceholder: 'Select a role',
  neverLoggedIn: 'Never',
  resetPassword: 'Reset password',
  resetTitle: 'Reset the password of {name}',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  passwordReset: 'Password reset',
  self: 'You',
};
