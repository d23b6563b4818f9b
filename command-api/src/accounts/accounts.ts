/**
 * Account commands: sign up, sign in, change a role, delete an account, and the admin bootstrap.
 * Each decides on the event streams themselves, never on a read model, so a decision is never
 * made on stale state.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ACCOUNT_LINK_LIFETIME_MS,
  type ListItem,
  memberStreams,
  normalizeEmail,
  type Role,
  streams,
} from '@cinefold/contracts';
import {
  type AppendResult,
  type CommandContext,
  type EventLog,
  Rejection,
  WrongExpectedVersionError,
} from '@cinefold/platform';
import type { MemberLists } from '@cinefold/read-models';
import bcrypt from 'bcrypt';
import { loadState, runCommand } from '../shared/run-command.js';
import { ABANDONED_RESERVATION_MS, reservation } from './email-reservation.js';
import { type RoleCommand, rolesDecider } from './roles.js';
import {
  type ActiveUser,
  LINK_NOT_VALID,
  linkStands,
  type UserCommand,
  userDecider,
  type UserState,
} from './user.js';

/** bcrypt work factor: about 50 ms a hash on the development machine. */
export const BCRYPT_COST = 10;
// Compared against when the e-mail is unknown, so that answering takes as long as for a wrong password.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

export const EMAIL_TAKEN = 'An account with this email already exists.';
export const BAD_CREDENTIALS = 'Invalid email or password.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/**
 * A link mailed to a member: the token the link carries (`{userId}.{secret}`), and the SHA-256 of
 * the secret, which is all the store keeps.
 */
export interface AccountLink {
  readonly token: string;
  readonly tokenHash: string;
  readonly expiresAt: Date;
}

const hashOfSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function newLink(userId: string, now: Date): AccountLink {
  const secret = randomBytes(32).toString('base64url');
  return {
    token: `${userId}.${secret}`,
    tokenHash: hashOfSecret(secret),
    expiresAt: new Date(now.getTime() + ACCOUNT_LINK_LIFETIME_MS),
  };
}

/** The member a link's token names and the hash of its secret (the token's shape is checked by its schema). */
function readLink(token: string): { userId: string; tokenHash: string } {
  const dot = token.lastIndexOf('.');
  return { userId: token.slice(0, dot), tokenHash: hashOfSecret(token.slice(dot + 1)) };
}

export interface Account {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: Role;
  readonly createdAt: string;
  readonly favorites: ListItem[];
  readonly watchlist: ListItem[];
}

/** An active member as the API and the member's export show them: who they are and their role. */
function memberShown(user: ActiveUser, admins: ReadonlySet<string>) {
  return {
    id: user.userId,
    name: user.name,
    email: user.email,
    role: admins.has(user.userId) ? ('admin' as const) : ('user' as const),
    createdAt: user.createdAt,
  };
}

export class Accounts {
  constructor(
    private readonly log: EventLog,
    /** The member's lists for the account answer: the read model's (sign-in never folds them). */
    private readonly memberLists?: (userId: string) => Promise<MemberLists>,
  ) {}

  private async userState(userId: string): Promise<UserState> {
    return (await loadState(this.log, streams.user(userId), userDecider)).state;
  }

  private async admins() {
    return (await loadState(this.log, streams.roles(), rolesDecider)).state;
  }

  /** The account as the API shows it: the member from the streams, their lists from the read model. */
  async account(userId: string): Promise<Account | null> {
    if (!this.memberLists) throw new Error('Accounts.account needs the member lists of the read model');
    const user = await this.userState(userId);
    if (user.status !== 'active') return null;
    const [admins, lists] = await Promise.all([this.admins(), this.memberLists(userId)]);
    return {
      ...memberShown(user, admins),
      favorites: lists.favorites,
      watchlist: lists.watchlist,
    };
  }

  /**
   * The active account registered with this address, if any. A reservation still names a member
   * who has moved to another address since: the address is no longer theirs.
   */
  async findByEmail(email: string): Promise<ActiveUser | null> {
    const address = normalizeEmail(email);
    const { state: reserved } = await loadState(this.log, streams.emailReservation(address), reservation);
    if (!reserved.userId) return null;
    const user = await this.userState(reserved.userId);
    return user.status === 'active' && user.email === address ? user : null;
  }

  /**
   * Reserves `email` for `userId` (a sign-up, a confirmed change of address), or refuses with
   * EMAIL_TAKEN: the stream is created with 'no_stream' or appended at the revision read, so of
   * two members reserving one address at once only one can.
   */
  private async reserveEmail(email: string, userId: string, context: CommandContext): Promise<void> {
    const reservationStream = streams.emailReservation(email);
    for (let attempt = 0; ; attempt++) {
      const { state: reserved, revision } = await loadState(this.log, reservationStream, reservation);
      if (reserved.userId === userId) return;
      if (reserved.userId) {
        const holder = await this.userState(reserved.userId);
        const abandoned =
          holder.status === 'none' &&
          Date.parse(reserved.reservedAt ?? '') < context.now.getTime() - ABANDONED_RESERVATION_MS;
        // Held by a live account still at this address, or by a sign-up still under way.
        if (
          (holder.status === 'active' && holder.email === email) ||
          (holder.status === 'none' && !abandoned)
        ) {
          throw new Rejection('conflict', EMAIL_TAKEN);
        }
      }
      try {
        await this.log.append(reservationStream, [{ type: 'EmailReserved', data: { email, userId } }], {
          expectedRevision: revision ?? 'no_stream',
          context,
        });
        return;
      } catch (error) {
        // Someone reserved it between our read and our append: look again (it is probably taken now).
        if (!(error instanceof WrongExpectedVersionError) || attempt >= 3) throw error;
      }
    }
  }

  async register(
    input: { name: string; email: string; password: string },
    context: CommandContext,
  ): Promise<{ userId: string; result: AppendResult }> {
    const email = normalizeEmail(input.email);
    const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
    const userId = randomUUID();
    await this.reserveEmail(email, userId, context);

    const { result } = await this.decideUser(
      userId,
      { type: 'RegisterUser', userId, name: input.name, email, passwordHash },
      context,
    );
    return { userId, result: result! };
  }

  /**
   * The member and the token version to sign them in with, for valid credentials; a Rejection
   * with one message for every kind of mismatch.
   */
  async verifyCredentials(
    email: string,
    password: string,
  ): Promise<{ userId: string; tokenVersion: number }> {
    const user = await this.findByEmail(email);
    const matches = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !matches) throw new Rejection('unauthorized', BAD_CREDENTIALS);
    return { userId: user.userId, tokenVersion: user.tokenVersion };
  }

  /**
   * Ends the member's tokens of `tokenVersion` and older (signing out), or all of them; null when
   * they had already ended.
   */
  async endSessions(
    userId: string,
    tokenVersion: number | 'all',
    context: CommandContext,
  ): Promise<AppendResult | null> {
    const { result } = await this.decideUser(userId, { type: 'EndSessions', userId, tokenVersion }, context);
    return result;
  }

  /**
   * A link to set a new password, for the member at `email`, or null when no account has that
   * address (the caller answers the same either way). A newer link voids the one before.
   */
  async requestPasswordReset(
    email: string,
    context: CommandContext,
  ): Promise<{ user: ActiveUser; link: AccountLink } | null> {
    const user = await this.findByEmail(email);
    if (!user) return null;
    const link = newLink(user.userId, context.now);
    await this.decideUser(
      user.userId,
      { type: 'RequestPasswordReset', tokenHash: link.tokenHash, expiresAt: link.expiresAt },
      context,
    );
    return { user, link };
  }

  /** Sets a new password through a reset link, once, before it expires; every session ends. */
  async resetPassword(
    token: string,
    password: string,
    context: CommandContext,
  ): Promise<{ userId: string; result: AppendResult }> {
    const { userId, tokenHash } = readLink(token);
    const user = await this.userState(userId);
    // Checked before the (slow) hash too, so a wrong link costs no bcrypt; the decider checks again.
    if (user.status !== 'active' || !linkStands(user.passwordReset, tokenHash, context.now))
      throw new Rejection('invalid', LINK_NOT_VALID);
    const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
    const { result } = await this.decideUser(
      userId,
      { type: 'ResetPassword', tokenHash, passwordHash, now: context.now },
      context,
    );
    return { userId, result: result! };
  }

  /** The signed-in member's own password, given the current one; ends every session, this one's too. */
  async changePassword(
    userId: string,
    currentPassword: string,
    newPassword: string,
    context: CommandContext,
  ): Promise<{ result: AppendResult; tokenVersion: number }> {
    const user = await this.userState(userId);
    if (user.status !== 'active') throw new Rejection('not-found', 'There is no such user.');
    if (!(await bcrypt.compare(currentPassword, user.passwordHash)))
      throw new Rejection('invalid', WRONG_CURRENT_PASSWORD);
    const passwordHash = await bcrypt.hash(newPassword, BCRYPT_COST);
    const { events, result } = await this.decideUser(
      userId,
      { type: 'ChangePassword', currentPasswordHash: user.passwordHash, passwordHash },
      context,
    );
    const ended = events.find((event) => event.type === 'SessionsEnded');
    if (ended?.type !== 'SessionsEnded') throw new Error('a new password must end the sessions');
    return { result: result!, tokenVersion: ended.data.tokenVersion };
  }

  async rename(userId: string, name: string, context: CommandContext): Promise<AppendResult | null> {
    const { result } = await this.decideUser(userId, { type: 'Rename', name }, context);
    return result;
  }

  /**
   * A link to confirm `email` as the member's new address, given their password. An address that
   * has an account is refused as sign-up refuses it (nothing more is told than sign-up tells).
   */
  async requestEmailChange(
    userId: string,
    input: { email: string; password: string },
    context: CommandContext,
  ): Promise<{ user: ActiveUser; email: string; link: AccountLink }> {
    const email = normalizeEmail(input.email);
    const user = await this.userState(userId);
    if (user.status !== 'active') throw new Rejection('not-found', 'There is no such user.');
    if (!(await bcrypt.compare(input.password, user.passwordHash)))
      throw new Rejection('invalid', WRONG_CURRENT_PASSWORD);
    if (email === user.email) throw new Rejection('invalid', 'This is already your email address.');
    if (await this.findByEmail(email)) throw new Rejection('conflict', EMAIL_TAKEN);
    const link = newLink(userId, context.now);
    await this.decideUser(
      userId,
      { type: 'RequestEmailChange', email, tokenHash: link.tokenHash, expiresAt: link.expiresAt },
      context,
    );
    return { user, email, link };
  }

  /**
   * The new address's link was opened: the address is reserved for the member (refused when
   * someone took it meanwhile), then becomes theirs. The old one is free from then on.
   */
  async confirmEmailChange(
    token: string,
    context: CommandContext,
  ): Promise<{ userId: string; email: string; result: AppendResult }> {
    const { userId, tokenHash } = readLink(token);
    const user = await this.userState(userId);
    const pending = user.status === 'active' ? user.emailChange : null;
    if (!pending || !linkStands(pending, tokenHash, context.now))
      throw new Rejection('invalid', LINK_NOT_VALID);
    await this.reserveEmail(pending.email, userId, context);
    const { result } = await this.decideUser(
      userId,
      { type: 'ConfirmEmailChange', tokenHash, now: context.now },
      context,
    );
    return { userId, email: pending.email, result: result! };
  }

  /** A demoted admin's tokens end with the role: whoever holds one signs in again, as a member. */
  async changeRole(userId: string, role: Role, context: CommandContext): Promise<AppendResult | null> {
    if ((await this.userState(userId)).status !== 'active')
      throw new Rejection('not-found', 'There is no such user.');
    const changed = await this.decideRoles({ type: 'ChangeRole', userId, role }, context);
    if (!changed || role === 'admin') return changed;
    return (await this.endSessions(userId, 'all', context)) ?? changed;
  }

  /** Runs `command` on the account's own stream. */
  private decideUser(userId: string, command: UserCommand, context: CommandContext) {
    return runCommand(this.log, streams.user(userId), userDecider, command, context);
  }

  private async decideRoles(command: RoleCommand, context: CommandContext): Promise<AppendResult | null> {
    const { result } = await runCommand(this.log, streams.roles(), rolesDecider, command, context);
    return result;
  }

  async deleteUser(userId: string, context: CommandContext): Promise<AppendResult> {
    if (userId === context.actor) {
      throw new Rejection('conflict', 'You cannot delete your own account. Ask another admin to do it.');
    }
    if ((await this.userState(userId)).status !== 'active')
      throw new Rejection('not-found', 'There is no such user.');
    return this.deleteAccount(userId, context);
  }

  /**
   * `UserDeleted` on the account's stream, after the admin list has let the account go: the list
   * changes first, since it is where "the last admin" is decided (and refused).
   */
  private async deleteAccount(userId: string, context: CommandContext): Promise<AppendResult> {
    await this.decideRoles({ type: 'RemoveDeletedUser', userId }, context);
    const { result } = await this.decideUser(userId, { type: 'DeleteUser', userId }, context);
    return result!;
  }

  /** What the account itself holds, for the member's own export (no password hash, no link secrets). */
  async aboutMember(userId: string): Promise<Record<string, unknown> | null> {
    const user = await this.userState(userId);
    if (user.status !== 'active') return null;
    return {
      ...memberShown(user, await this.admins()),
      pendingEmailChange: user.emailChange
        ? { email: user.emailChange.email, expiresAt: user.emailChange.expiresAt }
        : null,
    };
  }

  /**
   * The member closes their own account, giving its password. The account is deleted as an admin
   * deletes one (`UserDeleted`: every read model drops the member, every token stops working),
   * then what names the member is erased from the log: their own streams (`memberStreams`: lists,
   * watch history, preferences), the reservations of their addresses, and their own stream, which keeps one `UserDeleted` (the id
   * alone) as its tombstone. A replay then has nothing to rebuild the profile from.
   */
  async closeAccount(userId: string, password: string, context: CommandContext): Promise<AppendResult> {
    const user = await this.userState(userId);
    if (user.status !== 'active') throw new Rejection('not-found', 'There is no such user.');
    if (!(await bcrypt.compare(password, user.passwordHash)))
      throw new Rejection('invalid', WRONG_CURRENT_PASSWORD);
    // The last admin cannot leave the site without one (the admin list refuses first).
    const result = await this.deleteAccount(userId, context);

    const addresses = new Set<string>();
    for (const stored of await this.log.readStream(streams.user(userId))) {
      const event = stored.event;
      if (
        event?.type === 'UserRegistered' ||
        event?.type === 'EmailChangeRequested' ||
        event?.type === 'EmailChanged'
      )
        addresses.add(normalizeEmail(event.data.email));
    }
    for (const address of addresses) {
      const { state: reserved } = await loadState(this.log, streams.emailReservation(address), reservation);
      if (reserved.userId === userId) await this.log.store.deleteStream(streams.emailReservation(address));
    }
    for (const stream of memberStreams(userId)) await this.log.store.deleteStream(stream);
    await this.log.store.deleteStream(streams.user(userId));
    // The tombstone: the stream reads as a deleted account. (The store keeps its newest event when
    // the stream holds it: then that is this account's `UserDeleted`, already a tombstone.)
    const [kept] = await this.log.store.readStreamBackwards(streams.user(userId), { maxCount: 1 });
    if (kept) return result;
    // ('any': EventStoreDB counts a recreated stream's revisions on from the deleted ones.)
    return this.log.append(streams.user(userId), [{ type: 'UserDeleted', data: { userId } }], {
      expectedRevision: 'any',
      context,
    });
  }

  /**
   * At start: with ADMIN_EMAIL/ADMIN_PASSWORD, make sure that account exists and is an admin; an
   * existing account is promoted only when ADMIN_PASSWORD is its password, else this throws.
   * Without them, on a store that never had an admin, create one with a generated password and
   * hand it back to be printed once. Safe to run on every start and from several processes.
   */
  async bootstrapAdmin(
    settings: { email?: string | undefined; password?: string | undefined },
    context: CommandContext,
  ): Promise<{
    email: string;
    generatedPassword: string | null;
    userId: string;
    /** The grant of the admin role, or null when the account already had it. */
    roleGranted: AppendResult | null;
  } | null> {
    let email = settings.email;
    let password = settings.password;
    let generatedPassword: string | null = null;
    if (!email || !password) {
      const lastRoleChange = await this.log.store.readStreamBackwards(streams.roles(), { maxCount: 1 });
      if (lastRoleChange.length > 0) return null;
      email = 'admin@cinefold.local';
      generatedPassword = randomBytes(12).toString('base64url');
      password = generatedPassword;
    }
    let user = await this.findByEmail(email);
    let created = false;
    if (!user) {
      try {
        await this.register({ name: 'Administrator', email, password }, context);
        created = true;
      } catch (error) {
        // Another process bootstrapping at the same moment got there first (or someone signing up).
        if (!(error instanceof Rejection)) throw error;
        generatedPassword = null;
      }
      user = await this.findByEmail(email);
      if (!user) throw new Error(`could not create the admin account ${email}`);
    } else {
      generatedPassword = null;
    }
    // Whoever signed up with the address first must not become an admin by it: an account we did
    // not create here is promoted only by the one who can show its password.
    if (!created && !(await bcrypt.compare(password, user.passwordHash))) {
      if (!settings.email || !settings.password) {
        throw new Error(
          `An account for ${email} already exists, so no admin was created. ` +
            'Set ADMIN_EMAIL and ADMIN_PASSWORD to the admin account you want.',
        );
      }
      throw new Error(
        `An account for ADMIN_EMAIL ${normalizeEmail(email)} already exists and ADMIN_PASSWORD is not its password. ` +
          "Set ADMIN_PASSWORD to that account's password, or choose another ADMIN_EMAIL.",
      );
    }
    const roleGranted = await this.decideRoles(
      { type: 'ChangeRole', userId: user.userId, role: 'admin' },
      context,
    );
    return { email, generatedPassword, userId: user.userId, roleGranted };
  }

  /** For the CLI: make an existing account an admin. */
  async promote(email: string, context: CommandContext): Promise<AppendResult | null> {
    const user = await this.findByEmail(email);
    if (!user) throw new Rejection('not-found', `There is no account for ${email}.`);
    return this.decideRoles({ type: 'ChangeRole', userId: user.userId, role: 'admin' }, context);
  }
}
