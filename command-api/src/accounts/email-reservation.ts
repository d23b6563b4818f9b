/**
 * One account per e-mail address: the address's reservation stream is created with
 * expectedRevision 'no_stream', so of two concurrent sign-ups only one can create it. When the
 * account it points to was deleted, or was never created (a sign-up that crashed half-way), the
 * address can be reserved again by appending at the stream's current revision.
 */
import type { EventOf, Evolver } from '../shared/run-command.js';

/** The events of an address's reservation stream. */
export const reservationEventTypes = ['EmailReserved'] as const;
export type ReservationEvent = EventOf<(typeof reservationEventTypes)[number]>;

export interface Reservation {
  readonly userId: string | null;
  readonly reservedAt: string | null;
}

const noReservation: Reservation = { userId: null, reservedAt: null };

/** Reserved again after each deletion of its account: the last reservation is the one that holds. */
export const reservation: Evolver<Reservation, ReservationEvent> = {
  events: reservationEventTypes,
  initialState: noReservation,
  evolve: (_state, { event, metadata }) => ({ userId: event.data.userId, reservedAt: metadata.occurredAt }),
  snapshot: { version: 1, toJSON: (state) => state, fromJSON: (json) => json as Reservation },
};

/** A sign-up that reserved the address but never created its account within this time was abandoned. */
export const ABANDONED_RESERVATION_MS = 60_000;
