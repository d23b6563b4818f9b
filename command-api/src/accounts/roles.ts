/**
 * Who is an admin, as one aggregate (the `roles` stream), so that "there is always at least one
 * admin" is decided on one consistent state: two admins demoting each other at the same moment
 * cannot both succeed.
 */
import type { CinefoldEvent, Role } from '@cinefold/contracts';
import { Rejection, type StoredEvent } from '@cinefold/platform';

export type Admins = ReadonlySet<string>;

export function foldAdmins(events: readonly StoredEvent[]): Admins {
  const admins = new Set<string>();
  for (const stored of events) {
    if (stored.event?.type === 'AdminRoleGranted') admins.add(stored.event.data.userId);
    if (stored.event?.type === 'AdminRoleRevoked') admins.delete(stored.event.data.userId);
  }
  return admins;
}

export type RoleCommand =
  | { readonly type: 'ChangeRole'; readonly userId: string; readonly role: Role }
  | { readonly type: 'RemoveDeletedUser'; readonly userId: string };

export function decideRoles(admins: Admins, command: RoleCommand): CinefoldEvent[] {
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
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
