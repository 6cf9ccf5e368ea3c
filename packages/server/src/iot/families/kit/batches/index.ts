export * from './batch.repository.js';
export * from './batch-calls.js';
export * from './batch-run.js';
export * from './family-batches.js';
