export * from './calls.js';
export * from './manifest.js';
export * from './network.js';
export * from './properties.js';
export * from './responses.js';
export * from './screens.js';
export * from './totals.js';
