export * from './endpoint.js';
