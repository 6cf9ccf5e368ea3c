// The platform's tables. Each device family's own live in its folder (`*.tables.ts`), where
// drizzle-kit finds them by pattern (drizzle.config.ts): adding a family edits nothing here.
export * from '../../modules/maintenance/maintenance.tables.js';
export * from './admin.js';
export * from './base.js';
export * from './business.js';
export * from './cluster.js';
export * from './devices.js';
export * from './logs.js';
export * from './messages.js';
export * from './project.js';
export * from './session.js';
export * from './settings.js';
export * from './summary.js';
export * from './telemetry.js';
