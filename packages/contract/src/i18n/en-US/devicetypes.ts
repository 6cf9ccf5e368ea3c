import type { Translation } from '../translate.js';
import type { devicetypes as zh } from '../zh-CN/devicetypes.js';

export const devicetypes: Translation<typeof zh> = {
  fields: {
    icon: 'Icon',
    name: 'Type name',
    no: 'Type no',
    builtin: 'Origin',
    deviceCount: 'Devices',
    createdAt: 'Created at',
  },
  builtin: 'Built-in',
  custom: 'Custom',
  noIcon: 'No icon',
  uploadIcon: 'Upload icon',
  iconTitle: 'Icon of {name}',
  iconHint: 'JPG or PNG, under 100KB, 128×128 pixels recommended',
  iconDrop: 'Click or drag an image here to upload',
  iconUploaded: 'Icon uploaded',
  iconCurrent: 'Current icon',
  builtinNoHint: 'The no of a built-in type cannot change',
  builtinDeleteHint: 'Built-in types cannot be deleted',
  inUseHint: '{count} devices still use this type; it cannot be deleted',
  inUseHint_one: '{count} device still uses this type; it cannot be deleted',
};
