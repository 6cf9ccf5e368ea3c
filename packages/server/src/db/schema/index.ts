export * from './admin.js';
export * from './base.js';
export * from './business.js';
export * from './devices.js';
export * from './logs.js';
export * from './messages.js';
export * from './session.js';
export * from './settings.js';
