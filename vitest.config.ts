import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `server`: unit and integration tests (real Redis, real SQLite, real HTTP); `frontend`: unit tests
// of browser code; `e2e`: the built site driven in Debian's Chromium. Every test file starts its own
// Redis (and, end to end, its own site, with pages in the one browser those files share), so the
// server files run side by side: two at a time on two cores.
// A condition polled for (a projection, a count, a page's text) gets ten seconds on a busy machine,
// not Vitest's one: a poll returns as soon as it holds, so this only delays a failure.
const expect = { poll: { timeout: 10_000 } };

export default defineConfig({
  test: {
    // Stops whatever a test left running, however it ended; compiles the server, whose compiled
    // programs the end-to-end sites and the tests that start services as processes run.
    globalSetup: ['./test/global-setup.ts', './test/build-server.ts'],
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'server',
          include: ['*/test/**/*.test.ts', 'read-models/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/e2e/**'],
          environment: 'node',
          expect,
          pool: 'forks',
          // A worker keeps the packages it has loaded from one test file to the next instead of
          // loading them again for each file, which took a third of these files' time. Each file
          // still starts its own Redis and site, and no test of ours replaces a module or changes
          // the process's environment.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'frontend',
          include: ['frontend/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          expect,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // One browser and one site at a time: two end-to-end files side by side timed out one
          // test in five runs of the suite on two cores.
          fileParallelism: false,
          // One worker runs every end-to-end file in turn, loading the browser driver and the
          // test helpers once (as the server files' workers do), in a group of its own after the
          // others: a group's workers share one limit. `npm test` runs it instead as a Vitest run
          // of its own, beside the other projects' (scripts/test.mjs).
          isolate: false,
          sequence: { groupOrder: 1 },
          expect,
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
