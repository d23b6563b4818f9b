import type { ActivityEntry } from '@cinefold/contracts';

export interface ActivitySentence {
  readonly verb: 'Added' | 'Removed';
  readonly title: string;
  /** "to favorites", "from watchlist". */
  readonly destination: string;
}

/** "Added Fight Club to favorites"; a title the event did not name is called "a title". */
export function activitySentence(entry: ActivityEntry): ActivitySentence {
  const added = entry.action === 'added';
  return {
    verb: added ? 'Added' : 'Removed',
    title: entry.title?.trim() || 'a title',
    destination: `${added ? 'to' : 'from'} ${entry.list}`,
  };
}

export function activityText(entry: ActivityEntry): string {
  const { verb, title, destination } = activitySentence(entry);
  return `${verb} ${title} ${destination}`;
}
