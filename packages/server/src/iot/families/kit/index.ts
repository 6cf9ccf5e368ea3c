export * from './batches/index.js';
export * from './context.js';
export * from './devices.repository.js';
export * from './events.repository.js';
export * from './project-reach.js';
export * from './readings.js';
export * from './readings.repository.js';
