import { useRedisServer } from '@cinefold/platform/testing';
import { SPEC_TIME, specOf } from '@cinefold/read-models/testing';
import { describe, it } from 'vitest';
import { usersProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => usersProjector,
  () => redisServer.client(),
);

const signedUpAt = Date.parse(SPEC_TIME);
const ada = { userId: 'u-ada', name: 'Ada', email: 'ada@example.com', passwordHash: '$2b$10$hash' };
const bob = { userId: 'u-bob', name: 'Bob', email: 'bob@example.com', passwordHash: '$2b$10$hash' };
const adaAsMember = {
  id: 'u-ada',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'user',
  createdAt: SPEC_TIME,
};

describe('the users read model', () => {
  it('lists a new member with the user role, in sign-up order, without the password hash', async () => {
    await given([
      { type: 'UserRegistered', data: ada },
      { type: 'UserRegistered', data: bob, at: '2025-03-02T08:00:00.000Z' },
    ]).then(
      {
        'user:u-ada': adaAsMember,
        'user:u-bob': {
          id: 'u-bob',
          name: 'Bob',
          email: 'bob@example.com',
          role: 'user',
          createdAt: '2025-03-02T08:00:00.000Z',
        },
        'by-created': { 'u-ada': signedUpAt, 'u-bob': Date.parse('2025-03-02T08:00:00.000Z') },
      },
      { twice: true },
    );
  });

  it('makes a member an admin, and a member again when the role is revoked', async () => {
    await given([
      { type: 'UserRegistered', data: ada },
      { type: 'UserRegistered', data: bob },
      { type: 'AdminRoleGranted', data: { userId: 'u-ada' } },
      { type: 'AdminRoleGranted', data: { userId: 'u-bob' } },
      { type: 'AdminRoleRevoked', data: { userId: 'u-bob' } },
    ]).then(
      {
        'user:u-ada': { ...adaAsMember, role: 'admin' },
        'user:u-bob': {
          id: 'u-bob',
          name: 'Bob',
          email: 'bob@example.com',
          role: 'user',
          createdAt: SPEC_TIME,
        },
        'by-created': { 'u-ada': signedUpAt, 'u-bob': signedUpAt },
        admins: ['u-ada'],
      },
      { twice: true },
    );
  });

  it('forgets a deleted member entirely, admin or not', async () => {
    await given([
      { type: 'UserRegistered', data: ada },
      { type: 'UserRegistered', data: bob },
      { type: 'AdminRoleGranted', data: { userId: 'u-bob' } },
      { type: 'UserDeleted', data: { userId: 'u-bob' } },
    ]).then({ 'user:u-ada': adaAsMember, 'by-created': { 'u-ada': signedUpAt } }, { twice: true });
  });

  it('does not bring a deleted member back when the admin role is revoked with the deletion', async () => {
    await given([
      { type: 'UserRegistered', data: bob },
      { type: 'AdminRoleGranted', data: { userId: 'u-bob' } },
      { type: 'UserDeleted', data: { userId: 'u-bob' } },
      { type: 'AdminRoleRevoked', data: { userId: 'u-bob' } },
    ]).then({}, { twice: true });
  });

  it("keeps the token version a member's tokens must reach once they ended their sessions", async () => {
    await given([
      { type: 'UserRegistered', data: ada },
      { type: 'SessionsEnded', data: { userId: 'u-ada', tokenVersion: 1 } },
      { type: 'SessionsEnded', data: { userId: 'u-ada', tokenVersion: 2 } },
    ]).then(
      { 'user:u-ada': { ...adaAsMember, tokenVersion: '2' }, 'by-created': { 'u-ada': signedUpAt } },
      { twice: true },
    );
  });

  it('does not bring a deleted member back for an end of sessions recorded after the deletion', async () => {
    await given([
      { type: 'UserRegistered', data: bob },
      { type: 'UserDeleted', data: { userId: 'u-bob' } },
      { type: 'SessionsEnded', data: { userId: 'u-bob', tokenVersion: 1 } },
    ]).then({}, { twice: true });
  });

  it("follows a member's new name and confirmed new address, never the password or links", async () => {
    await given([
      { type: 'UserRegistered', data: ada },
      { type: 'UserRenamed', data: { userId: 'u-ada', name: 'Ada L.' } },
      {
        type: 'EmailChangeRequested',
        data: { userId: 'u-ada', email: 'ada@new.example', tokenHash: 'h', expiresAt: SPEC_TIME },
      },
      { type: 'PasswordResetRequested', data: { userId: 'u-ada', tokenHash: 'h', expiresAt: SPEC_TIME } },
      { type: 'PasswordChanged', data: { userId: 'u-ada', passwordHash: '$2b$10$new', resetTokenHash: 'h' } },
      {
        type: 'EmailChanged',
        data: { userId: 'u-ada', email: 'ada@new.example', previousEmail: 'ada@example.com' },
      },
    ]).then(
      {
        'user:u-ada': { ...adaAsMember, name: 'Ada L.', email: 'ada@new.example' },
        'by-created': { 'u-ada': signedUpAt },
      },
      { twice: true },
    );
  });

  it('does not bring a deleted member back for a change recorded after the deletion', async () => {
    await given([
      { type: 'UserRegistered', data: bob },
      { type: 'UserDeleted', data: { userId: 'u-bob' } },
      { type: 'UserRenamed', data: { userId: 'u-bob', name: 'Robert' } },
      {
        type: 'EmailChanged',
        data: { userId: 'u-bob', email: 'b@x.example', previousEmail: 'bob@example.com' },
      },
    ]).then({}, { twice: true });
  });
});
