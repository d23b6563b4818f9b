import { AUDITED_EVENT_TYPES, EVENT_AUDIT, eventDefinitions } from '@cinefold/contracts';
import { useRedisServer, SAMPLE_AD } from '@cinefold/platform/testing';
import { type GivenEvent, SPEC_TIME, specOf } from '@cinefold/read-models/testing';
import { describe, expect, it } from 'vitest';
import { auditProjector } from './projection.js';
import type { StoredAuditEntry } from './stored.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => auditProjector,
  () => redisServer.client(),
);

const ad = SAMPLE_AD;
const LATER = '2025-03-02T08:00:00.000Z';
const registrations: GivenEvent[] = [
  {
    type: 'UserRegistered',
    data: { userId: 'u-root', name: 'Root', email: 'root@example.com', passwordHash: 'x' },
  },
  {
    type: 'UserRegistered',
    data: { userId: 'u-ada', name: 'Ada', email: 'ada@example.com', passwordHash: 'x' },
  },
];
const stored = (id: number, fields: Omit<StoredAuditEntry, 'id' | 'at'>, at = SPEC_TIME) =>
  JSON.stringify({
    id: `spec-${id}`,
    at,
    action: fields.action,
    actorId: fields.actorId,
    actorName: fields.actorName,
    subject: fields.subject,
  });

describe('the audit of admin actions', () => {
  it('records who did what to whom, filed by time under every filter', async () => {
    const at = Date.parse(SPEC_TIME);
    const later = Date.parse(LATER);
    await given([
      ...registrations,
      { type: 'AdminRoleGranted', data: { userId: 'u-root' } },
      { type: 'AdminRoleGranted', data: { userId: 'u-ada' }, actor: 'u-root' },
      { type: 'TitleHidden', data: { type: 'movie', id: 550 }, actor: 'u-ada', at: LATER },
    ]).then({
      entries: {
        'spec-2': stored(2, {
          action: 'role-granted',
          actorId: 'system',
          actorName: 'System',
          subject: 'Root (root@example.com)',
        }),
        'spec-3': stored(3, {
          action: 'role-granted',
          actorId: 'u-root',
          actorName: 'Root',
          subject: 'Ada (ada@example.com)',
        }),
        'spec-4': stored(
          4,
          { action: 'title-hidden', actorId: 'u-ada', actorName: 'Ada', subject: 'movie 550' },
          LATER,
        ),
      },
      all: { 'spec-2': at, 'spec-3': at, 'spec-4': later },
      'admin:system': { 'spec-2': at },
      'admin:u-root': { 'spec-3': at },
      'admin:u-ada': { 'spec-4': later },
      'action:role-granted': { 'spec-2': at, 'spec-3': at },
      'action:title-hidden': { 'spec-4': later },
      'admin:system:action:role-granted': { 'spec-2': at },
      'admin:u-root:action:role-granted': { 'spec-3': at },
      'admin:u-ada:action:title-hidden': { 'spec-4': later },
      admins: { system: 'System', 'u-root': 'Root', 'u-ada': 'Ada' },
      people: { 'u-root': 'Root (root@example.com)', 'u-ada': 'Ada (ada@example.com)' },
    });
  });

  it('names people and ads from earlier batches, after the account or the ad is gone', async () => {
    await given(
      [
        ...registrations,
        { type: 'AdCreated', data: { adId: 'a1', adminId: 'u-root', ad }, actor: 'u-root' },
        { type: 'UserDeleted', data: { userId: 'u-ada' }, actor: 'u-root' },
        { type: 'AdDeleted', data: { adId: 'a1', adminId: 'u-root' }, actor: 'u-root' },
      ],
      // One event a batch: the names come from the read model, not from the batch.
    ).then(
      [
        { action: 'ad-created', subject: 'ad Spring sale' },
        { action: 'user-deleted', subject: 'Ada (ada@example.com)' },
        { action: 'ad-deleted', subject: 'ad Spring sale' },
      ],
      {
        batchSize: 1,
        view: (model) =>
          Object.values(model.entries as Record<string, string>)
            .map((json) => JSON.parse(json) as StoredAuditEntry)
            .sort((a, b) => a.id.localeCompare(b.id))
            .map(({ action, subject }) => ({ action, subject })),
      },
    );
  });

  it('leaves out a member closing their own account, and the site seeding its demo catalogue', async () => {
    await given([
      ...registrations,
      { type: 'UserDeleted', data: { userId: 'u-ada' }, actor: 'u-ada' },
      { type: 'DemoCatalogueRequested', data: { movies: 400, tvShows: 80 } },
      {
        type: 'CatalogueImportRequested',
        data: { jobId: 'demo', type: 'movie', mode: 'append', file: 'f', fileName: 'demo.csv', bytes: 1 },
        actor: 'demo-seed',
      },
    ]).then({}, { view: (model) => model.entries ?? {} });
  });

  it('forgets the name and address of a member who closes their account, as a replay without their registration would', async () => {
    const history: GivenEvent[] = [
      ...registrations,
      { type: 'AdminRoleGranted', data: { userId: 'u-root' } },
      { type: 'AdminRoleGranted', data: { userId: 'u-ada' }, actor: 'u-root' },
      { type: 'TitleHidden', data: { type: 'movie', id: 550 }, actor: 'u-ada' },
      { type: 'AdminRoleRevoked', data: { userId: 'u-ada' }, actor: 'u-ada' },
      { type: 'UserDeleted', data: { userId: 'u-ada' }, actor: 'u-ada' },
    ];
    const view = (model: Record<string, unknown>) => ({
      entries: Object.values(model.entries as Record<string, string>)
        .map((json) => JSON.parse(json) as StoredAuditEntry)
        .sort((a, b) => a.id.localeCompare(b.id))
        .map(({ action, actorName, subject }) => `${action} by ${actorName}: ${subject}`),
      admins: model.admins,
      people: model.people,
    });
    const expected = {
      entries: [
        'role-granted by System: Root (root@example.com)',
        'role-granted by Root: user u-ada',
        'title-hidden by u-ada: movie 550',
        'role-revoked by u-ada: user u-ada',
      ],
      admins: { system: 'System', 'u-root': 'Root', 'u-ada': 'u-ada' },
      people: { 'u-root': 'Root (root@example.com)' },
    };
    // In one batch, and one event a batch (the entries then read back from Redis).
    await given(history).then(expected, { view });
    await given(history).then(expected, { view, batchSize: 1 });
  });

  it('names rebuilds, verifies and imports by what they were about', async () => {
    await given([
      ...registrations,
      { type: 'ProjectionRebuildRequested', data: { projector: 'users', jobId: '1' }, actor: 'u-root' },
      { type: 'ProjectionVerifyRequested', data: { projector: 'catalogue', jobId: '2' }, actor: 'u-root' },
      {
        type: 'CatalogueImportRequested',
        data: { jobId: 'j1', type: 'tv', mode: 'replace', file: 'f', fileName: 'shows.csv', bytes: 10 },
        actor: 'u-root',
      },
    ]).then(
      [
        'rebuild-requested read model users',
        'verify-requested read model catalogue',
        'import-requested shows.csv (TV shows, replace)',
      ],
      {
        view: (model) =>
          Object.values(model.entries as Record<string, string>)
            .map((json) => JSON.parse(json) as StoredAuditEntry)
            .sort((a, b) => a.id.localeCompare(b.id))
            .map(({ action, subject }) => `${action} ${subject}`),
      },
    );
  });
});

describe('the list of admin actions', () => {
  it('says of every event type in the catalogue whether it is an admin action', () => {
    // EVENT_AUDIT's type makes a new event type a compile error until it is listed; this
    // catches a list built some other way (a cast) that skips one.
    expect(Object.keys(EVENT_AUDIT).sort()).toEqual(eventDefinitions.map((d) => d.type).sort());
  });

  it('has the audit projector handle exactly the admin actions', () => {
    expect(auditProjector.handles).toEqual([...AUDITED_EVENT_TYPES, 'UserRegistered']);
    expect(AUDITED_EVENT_TYPES).toContain('AdDeleted');
    expect(AUDITED_EVENT_TYPES).not.toContain('PageViewed');
  });
});
