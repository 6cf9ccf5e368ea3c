import type { Translation } from '../translate.js';
import type { factories as zh } from '../zh-CN/factories.js';

export const factories: Translation<typeof zh> = {
  fields: {
    name: 'Factory name',
    no: 'Factory no',
    description: 'Description',
    projectId: 'Project',
    projectName: 'Project',
    builtin: 'Origin',
    modelCount: 'Models',
    createdAt: 'Created at',
  },
  builtin: 'Built-in',
  custom: 'Custom',
  allProjects: 'All projects',
  projectPlaceholder: 'Any project (shared)',
  builtinNoHint: 'The no of a built-in factory cannot change',
  builtinDeleteHint: 'Built-in factories cannot be deleted',
  inUseHint: 'This factory still has {count} models; it cannot be deleted',
  inUseHint_one: 'This factory still has {count} model; it cannot be deleted',
};
