import { defineConfig } from 'vitest/config';

// `server`: unit and integration tests (real Redis, real SQLite, real HTTP); `frontend`: unit tests
// of browser code; `e2e`: the built site driven in Debian's Chromium. Every test file starts its own Redis.
export default defineConfig({
  test: {
    // Stops whatever a test left running, however it ended.
    globalSetup: ['./test/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'server',
          include: ['*/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/e2e/**'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'frontend',
          include: ['frontend/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
