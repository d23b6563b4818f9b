import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { EventStore } from '../event-store/port.js';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import { makeTempDir } from './temp-dir.js';

/**
 * Gives each test of the calling file an embedded event store of its own, on disk in a temp dir,
 * closed and removed after the test. Read `.store` inside tests or hooks.
 */
export function useSqliteStore(label: string): { readonly store: EventStore } {
  let dir: ReturnType<typeof makeTempDir> | undefined;
  let store: EventStore | undefined;
  beforeEach(() => {
    dir = makeTempDir(label);
    store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  });
  afterEach(async () => {
    await store?.close();
    dir?.remove();
  });
  return {
    get store() {
      if (!store) throw new Error('useSqliteStore: the store opens in beforeEach');
      return store;
    },
  };
}
