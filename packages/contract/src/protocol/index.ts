export * from './messages.js';
export * from './realtime.js';
export * from './topics.js';
