import { streams } from '@cinefold/contracts';
import { createEventLog, systemContext } from '@cinefold/platform';
import { useSqliteStore } from '@cinefold/platform/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { Accounts } from '../src/accounts/accounts.js';
import { rolesDecider } from '../src/accounts/roles.js';
import { loadState } from '../src/shared/run-command.js';

const sqlite = useSqliteStore('bootstrap');
let accounts: Accounts;

beforeEach(() => {
  accounts = new Accounts(createEventLog(sqlite.store));
});

const admins = async () =>
  (await loadState(createEventLog(sqlite.store), streams.roles(), rolesDecider)).state;

describe('the admin bootstrap', () => {
  it('creates the configured admin once, however often the site starts', async () => {
    const settings = { email: 'Root@Example.com', password: 'root-password-1' };
    const first = await accounts.bootstrapAdmin(settings, systemContext());
    const second = await accounts.bootstrapAdmin(settings, systemContext());
    expect(first).toMatchObject({ email: 'Root@Example.com', generatedPassword: null });
    expect(second?.userId).toBe(first?.userId);
    expect([...(await admins())]).toEqual([first!.userId]);
    expect(await accounts.verifyCredentials('root@example.com', 'root-password-1')).toMatchObject({
      userId: first!.userId,
    });
    const events = await sqlite.store.readAll();
    expect(events.map((e) => e.type)).toEqual(['EmailReserved', 'UserRegistered', 'AdminRoleGranted']);
    expect(events.every((e) => e.metadata.actor === 'system')).toBe(true);
  });

  it('promotes an existing member named as the admin when ADMIN_PASSWORD is their password', async () => {
    const { userId } = await accounts.register(
      { name: 'Ann', email: 'ann@example.com', password: 'her-password' },
      systemContext(),
    );
    await accounts.bootstrapAdmin({ email: 'ann@example.com', password: 'her-password' }, systemContext());
    expect(await admins()).toEqual(new Set([userId]));
    expect(await accounts.verifyCredentials('ann@example.com', 'her-password')).toMatchObject({ userId });
  });

  it('refuses to start, saying what to do, when someone else registered the admin address first', async () => {
    await accounts.register(
      { name: 'Squatter', email: 'root@example.com', password: 'squatter-password' },
      systemContext(),
    );
    await expect(
      accounts.bootstrapAdmin({ email: 'Root@example.com', password: 'root-password-1' }, systemContext()),
    ).rejects.toThrow(
      'An account for ADMIN_EMAIL root@example.com already exists and ADMIN_PASSWORD is not its password. ' +
        "Set ADMIN_PASSWORD to that account's password, or choose another ADMIN_EMAIL.",
    );
    expect(await admins()).toEqual(new Set());
  });

  it('never promotes an account that took the generated admin address before the first start', async () => {
    await accounts.register(
      { name: 'Squatter', email: 'admin@cinefold.local', password: 'squatter-password' },
      systemContext(),
    );
    await expect(accounts.bootstrapAdmin({}, systemContext())).rejects.toThrow(/ADMIN_EMAIL/);
    expect(await admins()).toEqual(new Set());
  });

  it('without settings, creates an admin with a generated password on a store that never had one, and only then', async () => {
    const created = await accounts.bootstrapAdmin({}, systemContext());
    expect(created?.email).toBe('admin@cinefold.local');
    expect(created?.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(
      await accounts.verifyCredentials('admin@cinefold.local', created!.generatedPassword!),
    ).toMatchObject({ userId: created!.userId });
    expect(await accounts.bootstrapAdmin({}, systemContext())).toBeNull();
    expect((await admins()).size).toBe(1);
  });

  it('never stores the password itself', async () => {
    await accounts.bootstrapAdmin(
      { email: 'root@example.com', password: 'root-password-1' },
      systemContext(),
    );
    const everything = JSON.stringify((await sqlite.store.readAll()).map((e) => [e.data, e.metadata]));
    expect(everything).not.toContain('root-password-1');
    expect(everything).toMatch(/\$2b\$10\$/);
  });
});

describe('promoting from the command line', () => {
  it('makes an existing account an admin and says when there is no such account', async () => {
    const { userId } = await accounts.register(
      { name: 'Bo', email: 'bo@example.com', password: 'secret-1' },
      systemContext(),
    );
    expect(await accounts.promote('BO@example.com', systemContext())).not.toBeNull();
    expect(await accounts.promote('bo@example.com', systemContext())).toBeNull();
    expect(await admins()).toEqual(new Set([userId]));
    await expect(accounts.promote('nobody@example.com', systemContext())).rejects.toThrow(
      /no account for nobody@example.com/,
    );
  });
});
