/**
 * A member's own stream: registration, their settings (name, address, password), the links mailed
 * to reset the password or confirm a new address, the ends of their sessions, and deletion.
 */
import { Rejection } from '@cinefold/platform';
import { type AggregateEvent, type Decider, type EventOf, unknownInput } from '../shared/run-command.js';

/** The events of a member's own stream. */
export const userEventTypes = [
  'UserRegistered',
  'SessionsEnded',
  'PasswordResetRequested',
  'PasswordChanged',
  'UserRenamed',
  'EmailChangeRequested',
  'EmailChanged',
  'UserDeleted',
] as const;
export type UserEvent = EventOf<(typeof userEventTypes)[number]>;

/** A link mailed to the member and not used yet: the hash of its secret and when it expires. */
export interface PendingLink {
  readonly tokenHash: string;
  /** ISO time. */
  readonly expiresAt: string;
}

export type ActiveUser = {
  readonly status: 'active';
  readonly userId: string;
  readonly name: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly createdAt: string;
  /** Tokens issued now carry it; tokens of an older version no longer work. */
  readonly tokenVersion: number;
  /** The last reset link asked for, until it is used, a newer one is asked for, or the password changes. */
  readonly passwordReset: PendingLink | null;
  /** The last change of address asked for and not confirmed yet. */
  readonly emailChange: (PendingLink & { readonly email: string }) | null;
};

export type UserState =
  { readonly status: 'none' } | ActiveUser | { readonly status: 'deleted'; readonly userId: string };

export const noUser: UserState = { status: 'none' };

export const LINK_NOT_VALID =
  'This link is not valid or has expired. Ask for a new one: a link works once, within an hour.';

/** Whether `link` is the pending one and still good at `now`. */
export function linkStands(pending: PendingLink | null, tokenHash: string, now: Date): boolean {
  return pending !== null && pending.tokenHash === tokenHash && now.getTime() < Date.parse(pending.expiresAt);
}

/** `change` made to an active account; an account in any other state stays as it is. */
const ifActive = (state: UserState, change: Partial<ActiveUser>): UserState =>
  state.status === 'active' ? { ...state, ...change } : state;

export function evolveUser(state: UserState, stored: AggregateEvent<UserEvent>): UserState {
  const event = stored.event;
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'active',
        userId: event.data.userId,
        name: event.data.name,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        createdAt: stored.metadata.occurredAt,
        tokenVersion: 0,
        passwordReset: null,
        emailChange: null,
      };
    case 'SessionsEnded':
      return ifActive(state, { tokenVersion: event.data.tokenVersion });
    case 'PasswordResetRequested':
      return ifActive(state, {
        passwordReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
      });
    case 'PasswordChanged':
      // Whichever way the password changed, no reset link asked for before works any longer.
      return ifActive(state, { passwordHash: event.data.passwordHash, passwordReset: null });
    case 'UserRenamed':
      return ifActive(state, { name: event.data.name });
    case 'EmailChangeRequested':
      return ifActive(state, {
        emailChange: {
          email: event.data.email,
          tokenHash: event.data.tokenHash,
          expiresAt: event.data.expiresAt,
        },
      });
    case 'EmailChanged':
      return ifActive(state, { email: event.data.email, emailChange: null });
    case 'UserDeleted':
      return { status: 'deleted', userId: event.data.userId };
    default:
      return unknownInput('event', event);
  }
}

export type UserCommand =
  | {
      readonly type: 'RegisterUser';
      readonly userId: string;
      readonly name: string;
      readonly email: string;
      readonly passwordHash: string;
    }
  | { readonly type: 'DeleteUser'; readonly userId: string }
  /** Ends the tokens of version `tokenVersion` and older (a sign-out), or all of them (a lost role). */
  | { readonly type: 'EndSessions'; readonly userId: string; readonly tokenVersion: number | 'all' }
  | { readonly type: 'RequestPasswordReset'; readonly tokenHash: string; readonly expiresAt: Date }
  /** A new password through a reset link: the link must be the pending one, unexpired at `now`. */
  | {
      readonly type: 'ResetPassword';
      readonly tokenHash: string;
      readonly passwordHash: string;
      readonly now: Date;
    }
  /**
   * A new password from the account settings. `currentPasswordHash` is the hash the current
   * password given was checked against: a change made meanwhile (another device) refuses this one.
   */
  | {
      readonly type: 'ChangePassword';
      readonly currentPasswordHash: string;
      readonly passwordHash: string;
    }
  | { readonly type: 'Rename'; readonly name: string }
  | {
      readonly type: 'RequestEmailChange';
      readonly email: string;
      readonly tokenHash: string;
      readonly expiresAt: Date;
    }
  /** The link mailed to the new address was opened; its reservation is already the member's. */
  | { readonly type: 'ConfirmEmailChange'; readonly tokenHash: string; readonly now: Date };

const NO_SUCH_USER = 'There is no such user.';

/** A new password ends every session: the member's tokens so far, on every device. */
function newPassword(state: ActiveUser, passwordHash: string, resetTokenHash: string | null): UserEvent[] {
  return [
    { type: 'PasswordChanged', data: { userId: state.userId, passwordHash, resetTokenHash } },
    { type: 'SessionsEnded', data: { userId: state.userId, tokenVersion: state.tokenVersion + 1 } },
  ];
}

export function decideUser(state: UserState, command: UserCommand): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.status !== 'none') throw new Rejection('conflict', 'This account already exists.');
    return [
      {
        type: 'UserRegistered',
        data: {
          userId: command.userId,
          name: command.name,
          email: command.email,
          passwordHash: command.passwordHash,
        },
      },
    ];
  }
  if (state.status !== 'active') {
    // A link of a deleted account answers as any other link that does not work.
    if (command.type === 'ResetPassword' || command.type === 'ConfirmEmailChange')
      throw new Rejection('invalid', LINK_NOT_VALID);
    throw new Rejection('not-found', NO_SUCH_USER);
  }
  const { userId } = state;
  switch (command.type) {
    case 'DeleteUser':
      return [{ type: 'UserDeleted', data: { userId } }];
    case 'EndSessions':
      // Already ended (the same token signing out twice): nothing to record.
      if (command.tokenVersion !== 'all' && command.tokenVersion < state.tokenVersion) return [];
      return [{ type: 'SessionsEnded', data: { userId, tokenVersion: state.tokenVersion + 1 } }];
    case 'RequestPasswordReset':
      return [
        {
          type: 'PasswordResetRequested',
          data: { userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt.toISOString() },
        },
      ];
    case 'ResetPassword':
      if (!linkStands(state.passwordReset, command.tokenHash, command.now))
        throw new Rejection('invalid', LINK_NOT_VALID);
      return newPassword(state, command.passwordHash, command.tokenHash);
    case 'ChangePassword':
      if (command.currentPasswordHash !== state.passwordHash)
        throw new Rejection('conflict', 'Your password was changed meanwhile. Please sign in again.');
      return newPassword(state, command.passwordHash, null);
    case 'Rename':
      return command.name === state.name
        ? []
        : [{ type: 'UserRenamed', data: { userId, name: command.name } }];
    case 'RequestEmailChange':
      return [
        {
          type: 'EmailChangeRequested',
          data: {
            userId,
            email: command.email,
            tokenHash: command.tokenHash,
            expiresAt: command.expiresAt.toISOString(),
          },
        },
      ];
    case 'ConfirmEmailChange': {
      const pending = state.emailChange;
      if (!pending || !linkStands(pending, command.tokenHash, command.now))
        throw new Rejection('invalid', LINK_NOT_VALID);
      return [{ type: 'EmailChanged', data: { userId, email: pending.email, previousEmail: state.email } }];
    }
    default:
      return unknownInput('command', command);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  events: userEventTypes,
  initialState: noUser,
  evolve: evolveUser,
  decide: decideUser,
  // The state is plain data already. Version 2: the pending links.
  snapshot: { version: 2, toJSON: (state) => state, fromJSON: (json) => json as UserState },
};
