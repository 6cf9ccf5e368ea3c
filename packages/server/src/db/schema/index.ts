// Each family's own tables live in its folder; listed here so that migrations see them.
export * from '../../iot/families/envmonitor/env.tables.js';
export * from '../../iot/families/illum/illum.tables.js';
export * from '../../iot/families/lighting/lighting.tables.js';
export * from '../../iot/families/mtc/mtc.tables.js';
export * from '../../iot/families/pgw/pgw.tables.js';
export * from '../../iot/families/whm/whm.tables.js';
export * from '../../modules/maintenance/maintenance.tables.js';
export * from './admin.js';
export * from './base.js';
export * from './business.js';
export * from './devices.js';
export * from './logs.js';
export * from './messages.js';
export * from './session.js';
export * from './settings.js';
export * from './summary.js';
export * from './telemetry.js';
