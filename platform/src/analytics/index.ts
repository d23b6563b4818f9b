export * from './country.js';
export * from './device.js';
export * from './source.js';
export * from './visitor.js';
