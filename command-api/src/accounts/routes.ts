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
  clientAddress,
  clientNetwork,
  commandContext,
  HttpError,
  issueToken,
  type Logger,
  type Mailer,
  rateLimit,
  recordWrite,
  requireUser,
  signedInClaims,
  signedInUser,
  validate,
  validated,
} from '@cinefold/platform';
import { type Request, Router } from 'express';
import type { Redis } from 'ioredis';
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

const attemptedEmail = (req: Request) =>
  normalizeEmail(String((req.body as { email?: unknown }).email ?? ''));

function authResponse(account: Account, token: string): AuthResponse {
  return { token, ...account, user: account };
}

const registerSchemas = { body: registerRequest };
const loginSchemas = { body: loginRequest };
const logoutSchemas = { body: logoutRequest };
const roleSchemas = { params: userIdParams, body: changeRoleRequest };
const userSchemas = { params: userIdParams };
const forgotSchemas = { body: forgotPasswordRequest };
const resetSchemas = { body: resetPasswordRequest };
const nameSchemas = { body: changeNameRequest };
const passwordSchemas = { body: changePasswordRequest };
const closeSchemas = { body: deleteAccountRequest };
const emailSchemas = { body: changeEmailRequest };
const confirmSchemas = { body: confirmEmailRequest };

/** A limit per signed-in member (their routes require one first). */
const perMember = (req: Request) => req.user?.id ?? null;

export function accountsRouter({
  accounts,
  redis,
  jwtSecret,
  mailer,
  logger,
  publicUrl,
  clock = () => new Date(),
}: AccountsDependencies): Router {
  const router = Router();
  const siteAddress = (req: Request) =>
    publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;

  router.post(
    '/auth/register',
    validate(registerSchemas),
    // Each sign-up costs a bcrypt hash. Fifty an hour leaves room for a school or an office
    // behind one address, and stops one client from making accounts or burning CPU in bulk.
    rateLimit(redis, {
      name: 'register-ip',
      limit: 50,
      windowSeconds: 3600,
      message: 'Too many sign-ups from your network. Please try again later.',
    }),
    rateLimit(redis, {
      name: 'register-email',
      limit: 10,
      windowSeconds: 900,
      key: (req) => normalizeEmail(String((req.body as { email?: unknown }).email ?? '')),
      message: 'Too many sign-up attempts for this email. Please wait 15 minutes and try again.',
    }),
    async (req, res) => {
      const { body } = validated(req, registerSchemas);
      const { userId, result } = await accounts.register(body, commandContext(req));
      await recordWrite(redis, res, result, { userId });
      const account = (await accounts.account(userId))!;
      // A new member's tokens start at version 0.
      res.status(201).json(authResponse(account, issueToken(jwtSecret, userId, 0)));
    },
  );

  router.post(
    '/auth/login',
    validate(loginSchemas),
    rateLimit(redis, {
      name: 'login-ip',
      limit: 30,
      windowSeconds: 300,
      counts: (status) => status === 401,
      message: 'Too many sign-in attempts from your network. Please wait a few minutes and try again.',
    }),
    // Guesses at one account from one network are refused early; from everywhere together they
    // are only slowed down, so that nobody can lock an account's owner out (an admin included) by
    // failing on purpose: the right password from a network with no failures still signs in.
    rateLimit(redis, {
      name: 'login-email-network',
      limit: 10,
      windowSeconds: 900,
      counts: (status) => status === 401,
      key: (req) => `${attemptedEmail(req)} ${clientNetwork(clientAddress(req))}`,
      message:
        'Too many sign-in attempts for this account from your network. Please wait 15 minutes and try again.',
    }),
    rateLimit(redis, {
      name: 'login-email',
      limit: 50,
      windowSeconds: 900,
      counts: (status) => status === 401,
      key: attemptedEmail,
      overLimit: { paceMs: 2000, maxWaitMs: 20_000 },
      message: 'Too many sign-in attempts for this account. Please wait a minute and try again.',
    }),
    async (req, res) => {
      const { body } = validated(req, loginSchemas);
      const { userId, tokenVersion } = await accounts.verifyCredentials(body.email, body.password);
      const account = await accounts.account(userId);
      if (!account) throw new Error(`verified user ${userId} has no account`);
      res.json(authResponse(account, issueToken(jwtSecret, userId, tokenVersion)));
    },
  );

  // Ends this token and every other the member was given before it, on every device: a token
  // cannot be taken back one by one, only by its version.
  router.post('/auth/logout', validate(logoutSchemas), async (req, res) => {
    const { userId, tokenVersion } = signedInClaims(req);
    const result = await accounts.endSessions(userId, tokenVersion, commandContext(req));
    // Requests with the member's tokens wait for the users read model to pass this write.
    if (result) await recordWrite(redis, res, result, { userId });
    res.status(204).end();
  });

  // Answered at once, the same words whether the address has an account or not, before anything
  // is looked up: neither the answer nor its time tells who is registered. The link is made and
  // mailed after the answer; a failure there is the operator's to see in the log.
  router.post(
    '/auth/forgot-password',
    validate(forgotSchemas),
    rateLimit(redis, {
      name: 'password-reset-network',
      limit: 20,
      windowSeconds: 3600,
      message: 'Too many password reset requests from your network. Please try again later.',
    }),
    // Counted for every address asked, registered or not, so the limit tells nothing either.
    rateLimit(redis, {
      name: 'password-reset-email',
      limit: 3,
      windowSeconds: 3600,
      key: attemptedEmail,
      message: 'Too many password reset requests for this email. Please wait an hour and try again.',
    }),
    (req, res) => {
      const { body } = validated(req, forgotSchemas);
      const context = commandContext(req, clock());
      const site = siteAddress(req);
      // Only once the answer has gone: the look-up and the append are partly synchronous (the
      // embedded store), and must never hold the answer back, which would tell who is registered.
      res.once('close', () => {
        void (async () => {
          const requested = await accounts.requestPasswordReset(body.email, context);
          if (requested) await mailer.send(passwordResetMail(site, requested.user, requested.link));
        })().catch((error: unknown) => logger.error('a password reset link was not sent', { error }));
      });
      res.status(202).json({ message: RESET_REQUESTED });
    },
  );

  router.post(
    '/auth/reset-password',
    validate(resetSchemas),
    // Only refused links count: guessing is bounded, using a good link never is.
    rateLimit(redis, {
      name: 'password-reset-use',
      limit: 20,
      windowSeconds: 900,
      counts: (status) => status === 400,
      message: 'Too many attempts with reset links from your network. Please wait 15 minutes and try again.',
    }),
    async (req, res) => {
      const { body } = validated(req, resetSchemas);
      const { userId, result } = await accounts.resetPassword(
        body.token,
        body.password,
        commandContext(req, clock()),
      );
      // The member's old tokens wait for the users read model to pass the end of their sessions.
      await recordWrite(redis, res, result, { userId });
      res.json({ message: PASSWORD_RESET });
    },
  );

  router.patch(
    '/auth/me',
    requireUser,
    validate(nameSchemas),
    rateLimit(redis, {
      name: 'account-name',
      limit: 30,
      windowSeconds: 3600,
      key: perMember,
      message: 'Too many changes of your name. Please try again later.',
    }),
    async (req, res) => {
      const { body } = validated(req, nameSchemas);
      const { id } = signedInUser(req);
      const result = await accounts.rename(id, body.name, commandContext(req, clock()));
      if (result) await recordWrite(redis, res, result, { userId: id });
      res.json({ message: NAME_CHANGED, name: body.name });
    },
  );

  // One budget of wrong passwords a member, whichever form they are typed in (closing the
  // account, changing the password): separate budgets would multiply the guesses.
  const wrongPasswords = rateLimit(redis, {
    name: 'account-password',
    limit: 10,
    windowSeconds: 900,
    key: perMember,
    counts: (status) => status === 400,
    message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  });

  router.delete('/auth/me', requireUser, validate(closeSchemas), wrongPasswords, async (req, res) => {
    const { body } = validated(req, closeSchemas);
    const { id } = signedInUser(req);
    const result = await accounts.closeAccount(id, body.password, commandContext(req, clock()));
    // Every token of the member stops working once the users read model has this.
    await recordWrite(redis, res, result, { affectsAuthorization: true });
    res.json({ message: ACCOUNT_CLOSED });
  });

  router.post(
    '/auth/change-password',
    requireUser,
    validate(passwordSchemas),
    wrongPasswords,
    async (req, res) => {
      const { body } = validated(req, passwordSchemas);
      const { id } = signedInUser(req);
      const { result, tokenVersion } = await accounts.changePassword(
        id,
        body.currentPassword,
        body.newPassword,
        commandContext(req, clock()),
      );
      await recordWrite(redis, res, result, { userId: id });
      // Every token so far has ended, this one too: this device carries on with one of the new version.
      res.json({ message: PASSWORD_CHANGED, token: issueToken(jwtSecret, id, tokenVersion) });
    },
  );

  router.post(
    '/auth/change-email',
    requireUser,
    validate(emailSchemas),
    // Each request mails a stranger's address: a few an hour.
    rateLimit(redis, {
      name: 'account-email',
      limit: 5,
      windowSeconds: 3600,
      key: perMember,
      message: 'Too many email changes asked for. Please try again later.',
    }),
    async (req, res) => {
      const { body } = validated(req, emailSchemas);
      const { id } = signedInUser(req);
      const { user, email, link } = await accounts.requestEmailChange(id, body, commandContext(req, clock()));
      try {
        await mailer.send(emailChangeMail(siteAddress(req), user, email, link));
      } catch (error) {
        logger.error('an email confirmation link was not sent', { error });
        throw new HttpError(503, 'The confirmation email could not be sent. Please try again later.');
      }
      res.status(202).json({ message: EMAIL_CHANGE_REQUESTED });
    },
  );

  router.post(
    '/auth/confirm-email',
    validate(confirmSchemas),
    rateLimit(redis, {
      name: 'email-confirm-use',
      limit: 20,
      windowSeconds: 900,
      counts: (status) => status === 400,
      message:
        'Too many attempts with confirmation links from your network. Please wait 15 minutes and try again.',
    }),
    async (req, res) => {
      const { body } = validated(req, confirmSchemas);
      const { userId, email, result } = await accounts.confirmEmailChange(
        body.token,
        commandContext(req, clock()),
      );
      await recordWrite(redis, res, result, { userId });
      res.json({ message: EMAIL_CHANGED, email });
    },
  );

  router.put('/admin/users/:id/role', validate(roleSchemas), async (req, res) => {
    const { params, body } = validated(req, roleSchemas);
    const admin = signedInUser(req);
    const result = await accounts.changeRole(params.id, body.role, commandContext(req));
    if (result) await recordWrite(redis, res, result, { userId: admin.id, affectsAuthorization: true });
    res.json({ id: params.id, role: body.role });
  });

  router.delete('/admin/users/:id', validate(userSchemas), async (req, res) => {
    const { params } = validated(req, userSchemas);
    const admin = signedInUser(req);
    const result = await accounts.deleteUser(params.id, commandContext(req));
    await recordWrite(redis, res, result, { userId: admin.id, affectsAuthorization: true });
    res.json({ message: 'The user was deleted.' });
  });

  return router;
}
