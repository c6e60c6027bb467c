export * from './red-flags.data.js';
export * from './assess-symptoms.js';
