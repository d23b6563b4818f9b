/**
 * One account per e-mail address: the address's reservation stream is created with
 * expectedRevision 'no_stream', so of two concurrent sign-ups only one can create it. When the
 * account it points to was deleted, or was never created (a sign-up that crashed half-way), the
 * address can be reserved again by appending at the stream's current revision.
 */
import type { StoredEvent } from '@cinefold/platform';

export interface Reservation {
  readonly userId: string | null;
  readonly reservedAt: string | null;
}

export function foldReservation(events: readonly StoredEvent[]): Reservation {
  let reservation: Reservation = { userId: null, reservedAt: null };
  for (const stored of events) {
    if (stored.event?.type === 'EmailReserved') {
      reservation = { userId: stored.event.data.userId, reservedAt: stored.metadata.occurredAt };
    }
  }
  return reservation;
}

/** A sign-up that reserved the address but never created its account within this time was abandoned. */
export const ABANDONED_RESERVATION_MS = 60_000;
