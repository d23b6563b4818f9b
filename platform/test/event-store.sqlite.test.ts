import { join } from 'node:path';
import { openSqliteEventStore } from '@cinefold/platform';
import { describeEventStoreContract, makeTempDir } from '@cinefold/platform/testing';

describeEventStoreContract(
  'embedded SQLite',
  async () => {
    const dir = makeTempDir('sqlite-contract');
    const file = join(dir.path, 'events.sqlite');
    const store = openSqliteEventStore(file, { pollIntervalMs: 5 });
    return {
      store,
      reopen: async () => openSqliteEventStore(file, { pollIntervalMs: 5 }),
      cleanup: async () => {
        await store.close();
        dir.remove();
      },
    };
  },
  { freshStore: true },
);
