import type { Translation } from '../translate.js';
import type { models as zh } from '../zh-CN/models.js';

export const models: Translation<typeof zh> = {
  fields: {
    name: 'Model name',
    no: 'Model no',
    factoryId: 'Factory',
    factoryName: 'Factory',
    typeNo: 'Device type',
    typeName: 'Device type',
    description: 'Description',
    builtin: 'Origin',
    deviceCount: 'Devices',
    createdAt: 'Created at',
  },
  builtin: 'Built-in',
  custom: 'Custom',
  allFactories: 'All factories',
  allTypes: 'All types',
  factoryPlaceholder: 'Choose a factory',
  typePlaceholder: 'Choose a device type',
  builtinNoHint: 'The no and type of a built-in model cannot change',
  builtinDeleteHint: 'Built-in models cannot be deleted',
  inUseHint: '{count} devices still use this model; it cannot be deleted',
  inUseHint_one: '{count} device still uses this model; it cannot be deleted',
};
