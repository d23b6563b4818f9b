import {
  type AuthResponse,
  changeRoleRequest,
  loginRequest,
  logoutRequest,
  normalizeEmail,
  registerRequest,
  userIdParams,
} from '@cinefold/contracts';
import {
  clientAddress,
  clientNetwork,
  commandContext,
  issueToken,
  rateLimit,
  recordWrite,
  signedInClaims,
  signedInUser,
  validate,
  validated,
} from '@cinefold/platform';
import { type Request, Router } from 'express';
import type { Redis } from 'ioredis';
import type { Account, Accounts } from './accounts.js';

export interface AccountsDependencies {
  readonly accounts: Accounts;
  readonly redis: Redis;
  readonly jwtSecret: string;
}

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

export function accountsRouter({ accounts, redis, jwtSecret }: AccountsDependencies): Router {
  const router = Router();

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
