import { join } from 'node:path';
import type { Config } from '../config/config.js';
import type { EventStore } from './port.js';
import { openSqliteEventStore } from './sqlite.js';

export function eventStoreFile(dataDir: string): string {
  return join(dataDir, 'events.sqlite');
}

/** Opens the configured store. The EventStoreDB client (and gRPC) only loads when it is chosen. */
export async function openEventStore(
  config: Pick<Config, 'EVENTSTORE' | 'EVENTSTORE_CONNECTION_STRING' | 'DATA_DIR'>,
): Promise<EventStore> {
  if (config.EVENTSTORE === 'esdb') {
    const { createEsdbEventStore } = await import('./esdb.js');
    return createEsdbEventStore(config.EVENTSTORE_CONNECTION_STRING!);
  }
  return openSqliteEventStore(eventStoreFile(config.DATA_DIR));
}
