export * from './event-store-contract.js';
export * from './redis.js';
export * from './temp-dir.js';
export * from './leftovers.js';
export * from './fixtures.js';
export * from './smtp-inbox.js';
export * from './redis-cluster.js';
export * from './config-problems.js';
