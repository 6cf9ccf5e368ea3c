import type { Translation } from '../translate.js';
import type { registry as zh } from '../zh-CN/registry.js';

export const registry: Translation<typeof zh> = {
  typeUnknown: 'The device type does not exist',
  modelNotFound: 'The device model does not exist',
  modelTypeMismatch: 'The model is not of this device type',
  factoryNotFound: 'The device factory does not exist',
  areaNotInProject: "The area is not in the device's project",
  groupNotInProject: "The group is not in the device's project",
  groupAreaMismatch: 'The group is not in the chosen area',
  parentNotAllowed: 'The parent must be a device of an allowed type in the same project',
  parentSelf: 'A device cannot be its own parent',
  duplicateEquipmentId: 'The equipment id is used by another device',
  duplicateDeviceName: 'The project already has a device with this name',
  duplicateDeviceNo: 'The project already has a device with this number',
  deviceHasChildren: 'The device still has {count} child devices: it cannot be deleted',
  productionOccupied: 'This production number is already used by another device',
  productionItemOccupied: 'The item is used by a device: it cannot be deleted',
  productionItemLocked: 'The number, key, model and project of a used item cannot change',
  productionNosTaken: 'These numbers already exist: {nos} ({count} in all)',
  startNoDigits: 'The start number must end with digits',
  csvEncoding:
    'The file encoding is not recognised: in Excel, save it as "CSV UTF-8 (comma delimited)" and upload it again',
  csvHeader: 'The first line must be the header: {columns}',
  csvEmpty: 'The file has no data lines',
  csvColumns: '{count} columns expected',
  csvQuote: 'A quote is not closed',
  csvDuplicateNo: 'The number repeats line {line}',
  csvModelNotFound: 'No model has this number',
  csvProjectNotFound: 'No project in your scope has this number',
  csvRowErrors: 'Lines with errors in the file: {count}. Nothing was imported',
  csvMoreErrors: '{count} more lines with errors are not listed',
};
