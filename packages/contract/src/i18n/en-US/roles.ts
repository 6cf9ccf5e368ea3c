import type { Translation } from '../translate.js';
import type { roles as zh } from '../zh-CN/roles.js';

export const roles: Translation<typeof zh> = {
  fields: {
    name: 'Role name',
    no: 'Role no',
    projectId: 'Project',
    projectName: 'Project',
    admin: 'Type',
    status: 'Status',
    userCount: 'Users',
    createdAt: 'Created at',
  },
  adminTag: 'Administrator',
  normalTag: 'Ordinary',
  allProjects: 'All projects',
  projectFilter: 'Filter by project',
  adminNoDelete: 'The built-in administrator role cannot be deleted',
};
