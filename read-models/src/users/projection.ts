import { defineProjector, unhandled } from '../runtime/projector.js';
import { USERS } from './keys.js';
import { encodeNewUser, type StoredUser } from './stored.js';

/** A field of a member's hash, named as in `StoredUser`, so the two cannot drift apart. */
const field = (name: keyof StoredUser) => name;

// A change of an account deleted meanwhile (in a later batch's replay) must not bring its hash back.
const SET_IF_PRESENT =
  "if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end";

/**
 * Who can sign in and with which role: one hash per user (with the token version tokens must
 * reach, once the member has ended their sessions), the sign-up order for the admin list, and the
 * set of admins. Password hashes are not copied here: sign-in decides on the events.
 */
export const usersProjector = defineProjector({
  name: USERS.projector,
  handles: [
    'UserRegistered',
    'UserDeleted',
    'AdminRoleGranted',
    'AdminRoleRevoked',
    'SessionsEnded',
    'UserRenamed',
    'EmailChanged',
  ],
  apply({ events, tx, key }) {
    for (const stored of events) {
      const event = stored.event;
      if (!event) continue;
      switch (event.type) {
        case 'UserRegistered': {
          const { userId, name, email } = event.data;
          const createdAt = stored.metadata.occurredAt;
          tx.hset(key(...USERS.user(userId)), encodeNewUser({ id: userId, name, email, createdAt }));
          tx.zadd(key(USERS.byCreated), Date.parse(createdAt), userId);
          break;
        }
        case 'UserDeleted':
          tx.del(key(...USERS.user(event.data.userId)));
          tx.zrem(key(USERS.byCreated), event.data.userId);
          tx.srem(key(USERS.admins), event.data.userId);
          break;
        case 'AdminRoleGranted':
          tx.hset(key(...USERS.user(event.data.userId)), field('role'), 'admin');
          tx.sadd(key(USERS.admins), event.data.userId);
          break;
        case 'AdminRoleRevoked':
          // A revocation that comes with a deletion must not bring the deleted user's hash back.
          tx.eval(SET_IF_PRESENT, 1, key(...USERS.user(event.data.userId)), field('role'), 'user');
          tx.srem(key(USERS.admins), event.data.userId);
          break;
        case 'SessionsEnded':
          tx.eval(
            SET_IF_PRESENT,
            1,
            key(...USERS.user(event.data.userId)),
            field('tokenVersion'),
            event.data.tokenVersion,
          );
          break;
        case 'UserRenamed':
          tx.eval(SET_IF_PRESENT, 1, key(...USERS.user(event.data.userId)), field('name'), event.data.name);
          break;
        case 'EmailChanged':
          tx.eval(SET_IF_PRESENT, 1, key(...USERS.user(event.data.userId)), field('email'), event.data.email);
          break;
        default:
          unhandled(event);
      }
    }
  },
});
