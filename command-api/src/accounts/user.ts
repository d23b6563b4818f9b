/** A member's own stream: registration, the ends of their sessions, and deletion. */
import { Rejection } from '@cinefold/platform';
import type { AggregateEvent, Decider, EventOf } from '../shared/run-command.js';

/** The events of a member's own stream. */
export const userEventTypes = ['UserRegistered', 'SessionsEnded', 'UserDeleted'] as const;
export type UserEvent = EventOf<(typeof userEventTypes)[number]>;

export type UserState =
  | { readonly status: 'none' }
  | {
      readonly status: 'active';
      readonly userId: string;
      readonly name: string;
      readonly email: string;
      readonly passwordHash: string;
      readonly createdAt: string;
      /** Tokens issued now carry it; tokens of an older version no longer work. */
      readonly tokenVersion: number;
    }
  | { readonly status: 'deleted'; readonly userId: string };

export const noUser: UserState = { status: 'none' };

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
      };
    case 'SessionsEnded':
      return state.status === 'active' ? { ...state, tokenVersion: event.data.tokenVersion } : state;
    case 'UserDeleted':
      return { status: 'deleted', userId: event.data.userId };
    default: {
      const unknown: never = event;
      throw new Error(`unknown event ${JSON.stringify(unknown)}`);
    }
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
  | { readonly type: 'EndSessions'; readonly userId: string; readonly tokenVersion: number | 'all' };

export function decideUser(state: UserState, command: UserCommand): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
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
    case 'DeleteUser':
      if (state.status !== 'active') throw new Rejection('not-found', 'There is no such user.');
      return [{ type: 'UserDeleted', data: { userId: command.userId } }];
    case 'EndSessions':
      if (state.status !== 'active') throw new Rejection('not-found', 'There is no such user.');
      // Already ended (the same token signing out twice): nothing to record.
      if (command.tokenVersion !== 'all' && command.tokenVersion < state.tokenVersion) return [];
      return [
        { type: 'SessionsEnded', data: { userId: command.userId, tokenVersion: state.tokenVersion + 1 } },
      ];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  events: userEventTypes,
  initialState: noUser,
  evolve: evolveUser,
  decide: decideUser,
  // The state is plain data already.
  snapshot: { version: 1, toJSON: (state) => state, fromJSON: (json) => json as UserState },
};
