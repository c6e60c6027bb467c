export * from './envelope.js';
export * from './fields.js';
export * from './phone.js';
export * from './thai-id.js';
export * from './dates.js';
export * from './auth.js';
export * from './users.js';
export * from './thai-address.js';
