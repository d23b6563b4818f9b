/** The event-counts read model: how many events of each type the store holds (hash type → count). */
export const EVENT_COUNTS = { projector: 'event-counts', byType: 'by-type' } as const;
