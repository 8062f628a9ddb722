export * from './auth.js';
export * from './common.js';
export * from './dates.js';
export * from './enums.js';
export * from './messages.js';
export * from './packages.js';
export * from './permissions.js';
export * from './registration.js';
