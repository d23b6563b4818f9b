import {
  type AuthResponse,
  changeEmailRequest,
  changeNameRequest,
  changePasswordRequest,
  changeRoleRequest,
  confirmEmailRequest,
  deleteAccountRequest,
  forgotPasswordRequest,
  loginRequest,
  logoutRequest,
  normalizeEmail,
  registerRequest,
  resetPasswordRequest,
  userIdParams,
} from '@cinefold/contracts';
import {
  accepted,
  type AppendResult,
  callContext,
  clientNetwork,
  created,
  type Endpoint,
  endpoint,
  type EndpointCall,
  type EndpointLimit,
  HttpError,
  issueToken,
  type Logger,
  type Mailer,
  noContent,
  ok,
  rateLimiter,
  rememberWrite,
  signedInClaims,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Account, Accounts } from './accounts.js';
import { emailChangeMail, passwordResetMail } from './mail.js';

export interface AccountsDependencies {
  readonly accounts: Accounts;
  readonly redis: Redis;
  readonly jwtSecret: string;
  /** Sends the links for a new password and a new address (SMTP, or the log's outbox). */
  readonly mailer: Mailer;
  readonly logger: Logger;
  /** The site's public address (PUBLIC_URL), which links name; unset, the request's own. */
  readonly publicUrl?: string;
  /** The time commands are decided at: tests move it to see a link expire. */
  readonly clock?: () => Date;
}

export const RESET_REQUESTED =
  'If an account exists for this email, we have sent it a link to reset the password. The link works once, within an hour.';
export const PASSWORD_RESET = 'Your password has been changed. Sign in with your new password.';
export const PASSWORD_CHANGED = 'Your password has been changed. You were signed out everywhere else.';
export const NAME_CHANGED = 'Your name has been saved.';
export const EMAIL_CHANGE_REQUESTED =
  'We have sent a link to your new email address. Your email changes once you open it (within an hour).';
export const EMAIL_CHANGED = 'Your email address has been changed.';
export const ACCOUNT_CLOSED =
  'Your account has been deleted, with your lists and watch history. You have been signed out everywhere.';

const attemptedEmail = (call: EndpointCall) =>
  normalizeEmail(String((call.body as { email?: unknown }).email ?? ''));

function authResponse(account: Account, token: string): AuthResponse {
  return { token, ...account, user: account };
}

/** A limit per signed-in member (their endpoints require one first). */
const perMember = (call: EndpointCall) => call.caller.user?.id ?? null;

export function accountEndpoints({
  accounts,
  redis,
  jwtSecret,
  mailer,
  logger,
  publicUrl,
  clock = () => new Date(),
}: AccountsDependencies): Endpoint[] {
  const siteAddress = (call: EndpointCall) =>
    publicUrl?.replace(/\/+$/, '') ?? `${call.protocol ?? 'http'}://${call.header('host') ?? 'localhost'}`;
  /** The context of an account command, decided at the clock's time. */
  const contextAt = (call: EndpointCall) => callContext({ ...call, now: clock() });
  const limit = (rule: Parameters<typeof rateLimiter>[1], key?: EndpointLimit['key']): EndpointLimit => ({
    limiter: rateLimiter(redis, rule),
    ...(key ? { key } : {}),
  });
  /**
   * Uses of the links a mail carries (`links`: "reset links"). Only refused links count: guessing
   * is bounded, using a good link never is.
   */
  const linkUses = (name: string, links: string) =>
    limit({
      name,
      limit: 20,
      windowSeconds: 900,
      counts: (status) => status === 400,
      message: `Too many attempts with ${links} from your network. Please wait 15 minutes and try again.`,
    });

  /**
   * POST `path`: opening the link of a mail, which anyone may (its token vouches for the member),
   * within the link's `uses`. `use` runs the command; the member's reads wait for what it wrote,
   * and the one who opened the link, a guest, is told its position too.
   */
  const linkEndpoint = <B extends z.ZodType>(
    path: string,
    body: B,
    uses: EndpointLimit,
    use: (
      call: EndpointCall<{ body: B }>,
    ) => Promise<{ userId: string; result: AppendResult; answer: Record<string, unknown> }>,
  ) =>
    endpoint({
      method: 'POST',
      path,
      schemas: { body },
      access: 'anyone',
      limits: [uses],
      handle: async (call) => {
        const { userId, result, answer } = await use(call);
        await rememberWrite(redis, result, { userId });
        return { ...ok(answer), position: result.position, positionForGuest: true };
      },
    });

  // One budget of wrong passwords a member, whichever form they are typed in (closing the
  // account, changing the password): separate budgets would multiply the guesses.
  const wrongPasswords = limit(
    {
      name: 'account-password',
      limit: 10,
      windowSeconds: 900,
      counts: (status) => status === 400,
      message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
    },
    perMember,
  );

  return [
    endpoint({
      method: 'POST',
      path: '/api/auth/register',
      schemas: { body: registerRequest },
      access: 'anyone',
      limits: [
        // Each sign-up costs a bcrypt hash. Fifty an hour leaves room for a school or an office
        // behind one address, and stops one client from making accounts or burning CPU in bulk.
        limit({
          name: 'register-ip',
          limit: 50,
          windowSeconds: 3600,
          message: 'Too many sign-ups from your network. Please try again later.',
        }),
        limit(
          {
            name: 'register-email',
            limit: 10,
            windowSeconds: 900,
            message: 'Too many sign-up attempts for this email. Please wait 15 minutes and try again.',
          },
          attemptedEmail,
        ),
      ],
      handle: async (call) => {
        const { userId, result } = await accounts.register(call.body, callContext(call));
        await rememberWrite(redis, result, { userId });
        const account = (await accounts.account(userId))!;
        // A new member's tokens start at version 0.
        return {
          ...created(authResponse(account, issueToken(jwtSecret, userId, 0)), result.position),
          positionForGuest: true,
        };
      },
    }),

    endpoint({
      method: 'POST',
      path: '/api/auth/login',
      schemas: { body: loginRequest },
      access: 'anyone',
      limits: [
        // Guesses at one account from one network are refused early; from everywhere together they
        // are only slowed down, so that nobody can lock an account's owner out (an admin included) by
        // failing on purpose: the right password from a network with no failures still signs in.
        // The narrowest limit is claimed first: a request holds its places until its answer is
        // known, so a burst at one account, claimed the other way round, would fill the network's
        // places with requests this limit then refuses, and be told the network's reason.
        limit(
          {
            name: 'login-email-network',
            limit: 10,
            windowSeconds: 900,
            counts: (status) => status === 401,
            message:
              'Too many sign-in attempts for this account from your network. Please wait 15 minutes and try again.',
          },
          (call) => `${attemptedEmail(call)} ${clientNetwork(call.address)}`,
        ),
        limit({
          name: 'login-ip',
          limit: 30,
          windowSeconds: 300,
          counts: (status) => status === 401,
          message: 'Too many sign-in attempts from your network. Please wait a few minutes and try again.',
        }),
        limit(
          {
            name: 'login-email',
            limit: 50,
            windowSeconds: 900,
            counts: (status) => status === 401,
            overLimit: { paceMs: 2000, maxWaitMs: 20_000 },
            message: 'Too many sign-in attempts for this account. Please wait a minute and try again.',
          },
          attemptedEmail,
        ),
      ],
      handle: async ({ body }) => {
        const { userId, tokenVersion } = await accounts.verifyCredentials(body.email, body.password);
        const account = await accounts.account(userId);
        if (!account) throw new Error(`verified user ${userId} has no account`);
        return ok(authResponse(account, issueToken(jwtSecret, userId, tokenVersion)));
      },
    }),

    // Ends this token and every other the member was given before it, on every device: a token
    // cannot be taken back one by one, only by its version. Open to anyone so that a bad body is
    // refused before a missing session, as it always was.
    endpoint({
      method: 'POST',
      path: '/api/auth/logout',
      schemas: { body: logoutRequest },
      access: 'anyone',
      handle: async (call) => {
        const { userId, tokenVersion } = signedInClaims(call.caller);
        const result = await accounts.endSessions(userId, tokenVersion, callContext(call));
        // Requests with the member's tokens wait for the users read model to pass this write.
        if (result) await rememberWrite(redis, result, { userId });
        return noContent(result?.position);
      },
    }),

    // Answered at once, the same words whether the address has an account or not, before anything
    // is looked up: neither the answer nor its time tells who is registered. The link is made and
    // mailed after the answer; a failure there is the operator's to see in the log.
    endpoint({
      method: 'POST',
      path: '/api/auth/forgot-password',
      schemas: { body: forgotPasswordRequest },
      access: 'anyone',
      limits: [
        limit({
          name: 'password-reset-network',
          limit: 20,
          windowSeconds: 3600,
          message: 'Too many password reset requests from your network. Please try again later.',
        }),
        // Counted for every address asked, registered or not, so the limit tells nothing either.
        limit(
          {
            name: 'password-reset-email',
            limit: 3,
            windowSeconds: 3600,
            message: 'Too many password reset requests for this email. Please wait an hour and try again.',
          },
          attemptedEmail,
        ),
      ],
      handle: (call) => {
        const { body } = call;
        const context = contextAt(call);
        const site = siteAddress(call);
        return {
          ...accepted({ message: RESET_REQUESTED }),
          // Only once the answer has gone: the look-up and the append are partly synchronous (the
          // embedded store), and must never hold the answer back, which would tell who is registered.
          afterwards: () => {
            void (async () => {
              const requested = await accounts.requestPasswordReset(body.email, context);
              if (requested) await mailer.send(passwordResetMail(site, requested.user, requested.link));
            })().catch((error: unknown) => logger.error('a password reset link was not sent', { error }));
          },
        };
      },
    }),

    linkEndpoint(
      '/api/auth/reset-password',
      resetPasswordRequest,
      linkUses('password-reset-use', 'reset links'),
      async (call) => {
        const { body } = call;
        // The member's old tokens wait for the users read model to pass the end of their sessions.
        const { userId, result } = await accounts.resetPassword(body.token, body.password, contextAt(call));
        return { userId, result, answer: { message: PASSWORD_RESET } };
      },
    ),

    endpoint({
      method: 'PATCH',
      path: '/api/auth/me',
      schemas: { body: changeNameRequest },
      access: 'member',
      limits: [
        limit(
          {
            name: 'account-name',
            limit: 30,
            windowSeconds: 3600,
            message: 'Too many changes of your name. Please try again later.',
          },
          perMember,
        ),
      ],
      handle: async (call) => {
        const { body } = call;
        const { id } = call.caller.user!;
        const result = await accounts.rename(id, body.name, contextAt(call));
        if (result) await rememberWrite(redis, result, { userId: id });
        return { ...ok({ message: NAME_CHANGED, name: body.name }), position: result?.position };
      },
    }),

    endpoint({
      method: 'DELETE',
      path: '/api/auth/me',
      schemas: { body: deleteAccountRequest },
      access: 'member',
      limits: [wrongPasswords],
      handle: async (call) => {
        const { id } = call.caller.user!;
        const result = await accounts.closeAccount(id, call.body.password, contextAt(call));
        // Every token of the member stops working once the users read model has this.
        await rememberWrite(redis, result, { affectsAuthorization: true });
        return { ...ok({ message: ACCOUNT_CLOSED }), position: result.position };
      },
    }),

    endpoint({
      method: 'POST',
      path: '/api/auth/change-password',
      schemas: { body: changePasswordRequest },
      access: 'member',
      limits: [wrongPasswords],
      handle: async (call) => {
        const { body } = call;
        const { id } = call.caller.user!;
        const { result, tokenVersion } = await accounts.changePassword(
          id,
          body.currentPassword,
          body.newPassword,
          contextAt(call),
        );
        await rememberWrite(redis, result, { userId: id });
        // Every token so far has ended, this one too: this device carries on with one of the new version.
        return {
          ...ok({ message: PASSWORD_CHANGED, token: issueToken(jwtSecret, id, tokenVersion) }),
          position: result.position,
        };
      },
    }),

    endpoint({
      method: 'POST',
      path: '/api/auth/change-email',
      schemas: { body: changeEmailRequest },
      access: 'member',
      // Each request mails a stranger's address: a few an hour.
      limits: [
        limit(
          {
            name: 'account-email',
            limit: 5,
            windowSeconds: 3600,
            message: 'Too many email changes asked for. Please try again later.',
          },
          perMember,
        ),
      ],
      handle: async (call) => {
        const { id } = call.caller.user!;
        const { user, email, link } = await accounts.requestEmailChange(id, call.body, contextAt(call));
        try {
          await mailer.send(emailChangeMail(siteAddress(call), user, email, link));
        } catch (error) {
          logger.error('an email confirmation link was not sent', { error });
          throw new HttpError(503, 'The confirmation email could not be sent. Please try again later.');
        }
        return accepted({ message: EMAIL_CHANGE_REQUESTED });
      },
    }),

    linkEndpoint(
      '/api/auth/confirm-email',
      confirmEmailRequest,
      linkUses('email-confirm-use', 'confirmation links'),
      async (call) => {
        const { userId, email, result } = await accounts.confirmEmailChange(call.body.token, contextAt(call));
        return { userId, result, answer: { message: EMAIL_CHANGED, email } };
      },
    ),

    endpoint({
      method: 'PUT',
      path: '/api/admin/users/:id/role',
      schemas: { params: userIdParams, body: changeRoleRequest },
      access: 'admin',
      handle: async (call) => {
        const { params, body } = call;
        const admin = call.caller.user!;
        const result = await accounts.changeRole(params.id, body.role, callContext(call));
        if (result) await rememberWrite(redis, result, { userId: admin.id, affectsAuthorization: true });
        return { ...ok({ id: params.id, role: body.role }), position: result?.position };
      },
    }),

    endpoint({
      method: 'DELETE',
      path: '/api/admin/users/:id',
      schemas: { params: userIdParams },
      access: 'admin',
      handle: async (call) => {
        const admin = call.caller.user!;
        const result = await accounts.deleteUser(call.params.id, callContext(call));
        await rememberWrite(redis, result, { userId: admin.id, affectsAuthorization: true });
        return { ...ok({ message: 'The user was deleted.' }), position: result.position };
      },
    }),
  ];
}
