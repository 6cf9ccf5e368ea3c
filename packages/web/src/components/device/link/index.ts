/** The console's parts of the link, location and firmware traits (contract kit/link.ts, kit/firmware.ts). */
export { CommForm } from './comm-form';
export { applyFirmwarePush, DeviceFirmware, upgradeError } from './firmware-card';
export { type LinkClient, linkClient } from './link-client';
export { linkTabs } from './link-tabs';
export { PeripheralsForm } from './peripherals-form';
export { FIELD_COL, type Path, pathRule, StoredForm, type StoredSource } from './stored-form';
