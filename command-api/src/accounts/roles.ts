/**
 * Who is an admin, as one aggregate (the `roles` stream), so that "there is always at least one
 * admin" is decided on one consistent state: two admins demoting each other at the same moment
 * cannot both succeed.
 */
import type { Role } from '@cinefold/contracts';
import { Rejection } from '@cinefold/platform';
import { type AggregateEvent, type Decider, type EventOf, unknownInput } from '../shared/run-command.js';

/** The events of the roles stream. */
export const roleEventTypes = ['AdminRoleGranted', 'AdminRoleRevoked'] as const;
export type RoleEvent = EventOf<(typeof roleEventTypes)[number]>;

export type Admins = ReadonlySet<string>;

/** A copy of the set on each change: there are a handful of admins, and the state stays immutable. */
export function evolveAdmins(admins: Admins, { event }: AggregateEvent<RoleEvent>): Admins {
  const { userId } = event.data;
  switch (event.type) {
    case 'AdminRoleGranted':
      return admins.has(userId) ? admins : new Set(admins).add(userId);
    case 'AdminRoleRevoked': {
      if (!admins.has(userId)) return admins;
      const after = new Set(admins);
      after.delete(userId);
      return after;
    }
    default:
      return unknownInput('event', event);
  }
}

export type RoleCommand =
  | { readonly type: 'ChangeRole'; readonly userId: string; readonly role: Role }
  | { readonly type: 'RemoveDeletedUser'; readonly userId: string };

export function decideRoles(admins: Admins, command: RoleCommand): RoleEvent[] {
  const isAdmin = admins.has(command.userId);
  const lastAdmin = isAdmin && admins.size === 1;
  switch (command.type) {
    case 'ChangeRole':
      if (command.role === 'admin')
        return isAdmin ? [] : [{ type: 'AdminRoleGranted', data: { userId: command.userId } }];
      if (!isAdmin) return [];
      if (lastAdmin)
        throw new Rejection('conflict', 'This is the last admin: make someone else an admin first.');
      return [{ type: 'AdminRoleRevoked', data: { userId: command.userId } }];
    case 'RemoveDeletedUser':
      if (!isAdmin) return [];
      if (lastAdmin)
        throw new Rejection(
          'conflict',
          'The last admin cannot be deleted: make someone else an admin first.',
        );
      return [{ type: 'AdminRoleRevoked', data: { userId: command.userId } }];
    default:
      return unknownInput('command', command);
  }
}

/** The roles stream holds every role change ever made; its snapshot, the admins now. */
export const rolesDecider: Decider<Admins, RoleCommand, RoleEvent> = {
  events: roleEventTypes,
  initialState: new Set(),
  evolve: evolveAdmins,
  decide: decideRoles,
  snapshot: {
    version: 1,
    toJSON: (admins) => [...admins],
    fromJSON: (json) => new Set(json as string[]),
  },
};
