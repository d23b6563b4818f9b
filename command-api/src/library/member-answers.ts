import type { EndpointCall } from '@cinefold/platform';

/** A title type as the members' answers name it ("Removed the TV show 1399 …"). */
export const TYPE_NAMES = { movie: 'movie', tv: 'TV show' } as const;

/** The member a call of a member endpoint is made by (`access: 'member'` has checked there is one). */
export const memberOf = (call: EndpointCall) => call.caller.user!;
