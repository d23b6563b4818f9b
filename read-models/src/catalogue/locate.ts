import type { TitleType } from '@cinefold/contracts';
import { readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { CATALOGUE } from './keys.js';

export interface CatalogueLocation {
  readonly generation: number;
  readonly epochs: Readonly<Record<TitleType, number>>;
}

/** Where the catalogue read model lives now: its active generation and each type's epoch. Null before it ever ran. */
export async function locateCatalogue(redis: Redis): Promise<CatalogueLocation | null> {
  const active = await redis.get(readModelKeys.active(CATALOGUE.projector));
  if (active === null) return null;
  const generation = Number(active);
  const [movie, tv] = await redis.mget(
    readModelKeys.key(CATALOGUE.projector, generation, ...CATALOGUE.epoch('movie')),
    readModelKeys.key(CATALOGUE.projector, generation, ...CATALOGUE.epoch('tv')),
  );
  return { generation, epochs: { movie: Number(movie ?? 0), tv: Number(tv ?? 0) } };
}

/** A key of one type's catalogue, in the located generation and epoch. */
export function catalogueKey(location: CatalogueLocation, type: TitleType, ...parts: string[]): string {
  return readModelKeys.key(
    CATALOGUE.projector,
    location.generation,
    ...CATALOGUE.inEpoch(type, location.epochs[type], ...parts),
  );
}
