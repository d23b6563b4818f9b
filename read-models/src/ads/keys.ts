/**
 * The ads read model:
 *
 *   all              hash adId → a stored ad (stored.ts), every ad not deleted: the admin list
 *   slot:{position}  hash adId → a stored ad, active ads only: what a slot reads
 */
export const ADS = {
  projector: 'ads',
  all: 'all',
  slot: (position: string) => ['slot', position],
} as const;
