import type { Translation } from '../translate.js';
import type { permissions as zh } from '../zh-CN/permissions.js';

export const permissions: Translation<typeof zh> = {
  fields: {
    name: 'Function',
    parentName: 'Menu group',
    module: 'Module',
    level: 'Permission',
  },
  role: 'Role',
  rolePlaceholder: 'Select the role to authorise',
  pickRole: 'Select a role first',
  adminAll: 'The administrator role has every permission; nothing to grant',
  unavailable: 'The role\'s project is not authorised for the "{module}" module',
  globalOnly: 'Platform-wide function: only roles of the root project can have it',
  setGroup: 'Set the group to',
  functions: '{count} functions',
  functions_one: '{count} function',
  menuPreview: 'Menu preview',
  menuEmpty: 'The role sees no menu',
  unsaved: 'Unsaved changes',
  saved: 'Permissions saved',
  reset: 'Undo changes',
  project: 'Project',
  projectPlaceholder: 'Select a project',
  pickProject: 'Select a project first',
  modulesTitle: 'Authorised modules',
  modulesHint: "The choices are the parent project's modules; a removed module is also removed from sub-projects.",
  rootProject: 'The root project has every module and cannot be changed',
  modulesSaved: 'Modules saved',
  checkAll: 'Select all',
  selectedCount: '{count} / {total} selected',
};
