import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type EventStore, openSqliteEventStore } from '@cinefold/platform';
import { makeTempDir, newEvent } from '@cinefold/platform/testing';

/** Deleting a stream in the embedded store: what the contract suite cannot see of other adapters. */
describe('a stream deleted from the embedded store', () => {
  const dirs: ReturnType<typeof makeTempDir>[] = [];
  const stores: EventStore[] = [];
  const open = (file: string) => {
    const store = openSqliteEventStore(file, { pollIntervalMs: 5 });
    stores.push(store);
    return store;
  };
  const newFile = () => {
    const dir = makeTempDir('sqlite-delete');
    dirs.push(dir);
    return join(dir.path, 'events.sqlite');
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const dir of dirs.splice(0)) dir.remove();
  });
  const views = (n: number) =>
    Array.from({ length: n }, (_, i) => newEvent('PageViewed', { n: i, padding: 'x'.repeat(500) }));

  it('leaves $all, and the file gives the space back', async () => {
    const file = newFile();
    const store = open(file);
    // More rows than one slice of a deletion.
    await store.append('pageviews-2026-01-01', views(25_000), { expectedRevision: 'any' });
    await store.append('pageviews-2026-01-02', views(1), { expectedRevision: 'any' });
    const pagesBefore = pageCount(file);

    await store.deleteStream('pageviews-2026-01-01');

    const all = await store.readAll({ maxCount: 10_000 });
    expect(all.map((e) => e.stream)).toEqual(['pageviews-2026-01-02']);
    expect(pageCount(file)).toBeLessThan(pagesBefore / 4);
  });

  it('keeps the newest event of the store, so its position is never given out again', async () => {
    const store = open(newFile());
    await store.append('pageviews-2026-01-01', views(3), { expectedRevision: 'any' });
    const head = await store.headPosition();

    await store.deleteStream('pageviews-2026-01-01');

    expect((await store.readStream('pageviews-2026-01-01')).map((e) => e.position)).toEqual([head]);
    const next = await store.append('roles', [newEvent('AdminGranted')], { expectedRevision: 'any' });
    expect(next.position.commit).toBe(head.commit + 1n);
  });

  it('converts a file made before incremental vacuum when it is opened', async () => {
    const file = newFile();
    const old = new Database(file);
    old.exec(
      'CREATE TABLE events (position INTEGER PRIMARY KEY, stream TEXT NOT NULL, revision INTEGER NOT NULL, id TEXT NOT NULL, type TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream, revision))',
    );
    old.prepare("INSERT INTO events VALUES (1, 'roles', 0, 'a', 'AdminGranted', 1, '{}', '{}')").run();
    expect(old.pragma('auto_vacuum', { simple: true })).toBe(0);
    old.close();

    const store = open(file);

    expect(await store.readStream('roles')).toHaveLength(1);
    const reopened = new Database(file, { readonly: true });
    expect(reopened.pragma('auto_vacuum', { simple: true })).toBe(2);
    reopened.close();
    expect(statSync(file).size).toBeGreaterThan(0);
  });
});

function pageCount(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return Number(db.pragma('page_count', { simple: true }));
  } finally {
    db.close();
  }
}
