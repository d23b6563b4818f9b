import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore, positionId } from '@cinefold/platform';
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

describe('a store file written by an earlier version', () => {
  it('reads its events with their ids and metadata as stored, beside new ones appended without', async () => {
    const dir = makeTempDir('sqlite-earlier');
    const file = join(dir.path, 'events.sqlite');
    try {
      // What the earlier version wrote for every event: a random UUID and the full metadata.
      const metadata = {
        occurredAt: '2026-11-23T10:00:00.000Z',
        actor: 'anonymous',
        correlationId: 'f1e0c2a4-4d36-4f2b-9a57-0e8d3b1c6a90',
        causationId: null,
      };
      await openSqliteEventStore(file).close();
      const db = new Database(file);
      db.prepare(
        'INSERT INTO events (stream, revision, id, type, version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(
        'pageviews-2026-11-23',
        0,
        '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
        'PageViewed',
        1,
        '{"path":"/"}',
        JSON.stringify(metadata),
      );
      db.close();

      const store = openSqliteEventStore(file);
      await store.appendMany([
        {
          stream: 'pageviews-2026-11-23',
          events: [
            {
              type: 'PageViewed',
              version: 1,
              data: { path: '/movies' },
              metadata: { occurredAt: '2026-11-23T10:00:01.000Z', actor: 'anonymous' },
            },
          ],
        },
      ]);
      const [earlier, later] = await store.readStream('pageviews-2026-11-23');
      await store.close();
      expect(earlier).toMatchObject({ id: '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e', revision: 0n, metadata });
      expect(later).toMatchObject({ revision: 1n, data: { path: '/movies' } });
      expect(later!.id).toBe(positionId(2n));
      expect(later!.metadata).toEqual({
        occurredAt: '2026-11-23T10:00:01.000Z',
        actor: 'anonymous',
        correlationId: later!.id,
        causationId: null,
      });
    } finally {
      dir.remove();
    }
  });
});
