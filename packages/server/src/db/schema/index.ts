export * from './admin.js';
export * from './devices.js';
export * from './logs.js';
export * from './messages.js';
export * from './session.js';
export * from './settings.js';
