import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { EventStore } from '../event-store/port.js';
import { openSqliteEventStore, type SqliteEventStoreOptions } from '../event-store/sqlite.js';
import { makeTempDir } from './temp-dir.js';

/** What `useSqliteStore` is given besides its label. */
export interface UseSqliteStoreOptions extends SqliteEventStoreOptions {
  /** `'test'` (the default): a store for each test; `'file'`: one store shared by every test of the file. */
  readonly scope?: 'test' | 'file';
}

/**
 * Gives the calling file an embedded event store, on disk in a temp dir, opened with `options`:
 * by default one for each test, opened before it and closed and removed after it; with
 * `scope: 'file'`, one for the whole file, opened before its first test and closed and removed
 * after its last. Call it before the file's own hooks, so the store is open in them, and read
 * `.store` inside tests or hooks.
 */
export function useSqliteStore(
  label: string,
  { scope = 'test', ...options }: UseSqliteStoreOptions = {},
): { readonly store: EventStore } {
  let dir: ReturnType<typeof makeTempDir> | undefined;
  let store: EventStore | undefined;
  const [before, after, opensIn] =
    scope === 'file' ? [beforeAll, afterAll, 'beforeAll'] : [beforeEach, afterEach, 'beforeEach'];
  before(() => {
    dir = makeTempDir(label);
    store = openSqliteEventStore(join(dir.path, 'events.sqlite'), options);
  });
  after(async () => {
    await store?.close();
    dir?.remove();
  });
  return {
    get store() {
      if (!store) throw new Error(`useSqliteStore: the store opens in ${opensIn}`);
      return store;
    },
  };
}
