import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createEsdbEventStore } from '../src/event-store/esdb.js';
import { EventStoreUnavailableError, START } from '../src/event-store/port.js';
import { describeEventStoreContract, newEvent } from '../src/testing/event-store-contract.js';
import { startEsdbStandIn } from './support/esdb-standin.js';

describeEventStoreContract(
  'EventStoreDB adapter against the gRPC stand-in',
  async () => {
    // One stand-in per test: the suite's empty-store checks need a store nobody wrote to.
    const standIn = await startEsdbStandIn();
    const store = createEsdbEventStore(standIn.connectionString);
    return {
      store,
      reopen: async () => createEsdbEventStore(standIn.connectionString),
      cleanup: async () => {
        await store.close();
        await standIn.stop();
      },
    };
  },
  { freshStore: true },
);

const realServer = process.env.EVENTSTORE_CONNECTION_STRING ?? '';

describe.runIf(realServer !== '')('against the server named by EVENTSTORE_CONNECTION_STRING', () => {
  describeEventStoreContract(
    'EventStoreDB adapter against a real server',
    async () => {
      const store = createEsdbEventStore(realServer);
      return {
        store,
        reopen: async () => createEsdbEventStore(realServer),
        cleanup: () => store.close(),
      };
    },
    { freshStore: false },
  );
});

describe('the EventStoreDB adapter on its own', () => {
  it("never hands out the server's own $-typed events, wherever they sit in $all", async () => {
    const standIn = await startEsdbStandIn();
    const store = createEsdbEventStore(standIn.connectionString);
    try {
      // The stand-in starts with one system event, as a real server does.
      expect(await store.readAll()).toEqual([]);
      expect(await store.headPosition()).toEqual(START);
      await store.append('title-1', [newEvent('TitleImported')], { expectedRevision: 'no_stream' });
      const all = await store.readAll();
      expect(all.map((e) => e.type)).toEqual(['TitleImported']);
      const seen: string[] = [];
      const subscription = store.subscribeAll({}, async (batch) => {
        seen.push(...batch.map((e) => e.type));
      });
      await expect.poll(() => seen).toEqual(['TitleImported']);
      await subscription.close();
    } finally {
      await store.close();
      await standIn.stop();
    }
  });

  it('accepts the kurrentdb:// scheme that KurrentDB documents for the same protocol', async () => {
    const standIn = await startEsdbStandIn();
    const store = createEsdbEventStore(standIn.connectionString.replace(/^esdb:/, 'kurrentdb:'));
    try {
      await expect(store.ping()).resolves.toBeUndefined();
    } finally {
      await store.close();
      await standIn.stop();
    }
  });

  it('refuses an empty append like the SQLite adapter does', async () => {
    const standIn = await startEsdbStandIn();
    const store = createEsdbEventStore(standIn.connectionString);
    try {
      await expect(store.append('title-1', [], { expectedRevision: 'any' })).rejects.toThrow(
        'append needs at least one event',
      );
    } finally {
      await store.close();
      await standIn.stop();
    }
  });
});

/** A port on which nothing listens any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('no TCP address'));
    });
  });
}

describe('the EventStoreDB adapter when the server cannot be reached', () => {
  it('rejects ping quickly with a readable EventStoreUnavailableError naming the host when the port is closed', async () => {
    const port = await closedPort();
    const store = createEsdbEventStore(`esdb://admin:secret@127.0.0.1:${port}?tls=false`);
    try {
      const started = Date.now();
      const error = await store.ping().then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(Date.now() - started).toBeLessThan(3500);
      expect(error).toBeInstanceOf(EventStoreUnavailableError);
      const message = (error as Error).message;
      expect(message).toContain(`127.0.0.1:${port}`);
      expect(message).not.toContain('secret');
      expect(message).not.toMatch(/\n\s+at /);
    } finally {
      await store.close();
    }
  });

  it('gives up on ping after about three seconds when the server accepts connections but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    const port = await listen(silent);
    const store = createEsdbEventStore(`esdb://127.0.0.1:${port}?tls=false`);
    try {
      const started = Date.now();
      await expect(store.ping()).rejects.toBeInstanceOf(EventStoreUnavailableError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
      expect(Date.now() - started).toBeLessThan(4500);
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('rejects an append with EventStoreUnavailableError rather than a gRPC error', async () => {
    const port = await closedPort();
    const store = createEsdbEventStore(`esdb://127.0.0.1:${port}?tls=false`);
    try {
      await expect(
        store.append('title-1', [newEvent('TitleImported')], { expectedRevision: 'no_stream' }),
      ).rejects.toBeInstanceOf(EventStoreUnavailableError);
    } finally {
      await store.close();
    }
  });
});
