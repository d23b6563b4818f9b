import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  configWarnings,
  loadConfig,
  playerOrigins,
  playerTemplates,
  resolveJwtSecret,
} from '@cinefold/platform';
import { configProblems, makeTempDir } from '@cinefold/platform/testing';
import { describe, expect, it } from 'vitest';

describe('the configuration', () => {
  it('has working defaults for every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, EVENTSTORE: 'sqlite', SEED_DEMO: true, LOG_LEVEL: 'info' });
    expect(config.DATA_DIR).toMatch(/data$/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '' })).toMatchObject({ PORT: 8080, REDIS_URL: undefined });
  });

  it('reports one line per bad value, naming the variable', () => {
    const problems = configProblems({
      PORT: 'eighty',
      REDIS_URL: 'localhost:6379',
      EVENTSTORE: 'postgres',
      JWT_SECRET: 'short',
      ADMIN_EMAIL: 'not-an-email',
      ADMIN_PASSWORD: 'long-enough-password',
      PUBLIC_URL: 'ftp://x',
      SEED_DEMO: 'yes',
    });
    expect(problems).toHaveLength(7);
    expect(problems[0]).toMatch(/^PORT must be a number \(got "eighty"\)$/);
    expect(problems.find((p) => p.startsWith('REDIS_URL'))).toMatch(/redis:\/\//);
    expect(problems.find((p) => p.startsWith('EVENTSTORE '))).toMatch(/sqlite or esdb/);
    expect(problems.find((p) => p.startsWith('JWT_SECRET'))).toMatch(/32 characters \(got a hidden value\)/);
    expect(problems.find((p) => p.startsWith('ADMIN_EMAIL'))).toMatch(/e-mail/);
    expect(problems.find((p) => p.startsWith('SEED_DEMO'))).toMatch(/0 or 1/);
  });

  it('takes a replica for the query side only beside a Redis of your own', () => {
    expect(configProblems({ REDIS_REPLICA_URL: 'redis://10.0.0.2:6379' })).toEqual([
      'REDIS_REPLICA_URL needs REDIS_URL: the replica follows a Redis you run, not the private one (got "redis://10.0.0.2:6379")',
    ]);
    expect(
      loadConfig({ REDIS_URL: 'redis://10.0.0.1:6379', REDIS_REPLICA_URL: 'redis://10.0.0.2:6379' }),
    ).toMatchObject({ REDIS_REPLICA_URL: 'redis://10.0.0.2:6379' });
  });

  it('takes a KurrentDB cluster as its nodes separated by commas, and refuses what is no connection string', () => {
    const cluster = 'kurrentdb://node1:2113,node2:2113,10.0.0.3:2113?tls=false';
    expect(loadConfig({ EVENTSTORE: 'esdb', EVENTSTORE_CONNECTION_STRING: cluster })).toMatchObject({
      EVENTSTORE_CONNECTION_STRING: cluster,
    });
    for (const bad of ['http://node1:2113', 'kurrentdb://', 'kurrentdb://node1:2113,,node2', 'node1:2113']) {
      expect(configProblems({ EVENTSTORE: 'esdb', EVENTSTORE_CONNECTION_STRING: bad })[0], bad).toMatch(
        /^EVENTSTORE_CONNECTION_STRING must start with esdb:\/\//,
      );
    }
  });

  it('needs a connection string for EventStoreDB', () => {
    expect(configProblems({ EVENTSTORE: 'esdb' })).toEqual([
      'EVENTSTORE_CONNECTION_STRING is required when EVENTSTORE=esdb, e.g. esdb://localhost:2113?tls=false',
    ]);
  });

  it('takes the player servers’ templates, and refuses a placeholder the kind cannot fill or an address that is not http(s)', () => {
    const config = loadConfig({
      PLAYER_SERVER_1_MOVIE: 'https://player.example/embed/{imdbId}',
      PLAYER_SERVER_2_TV: 'https://other.example/tv/{id}/{season}/{episode}',
    });
    expect(playerTemplates(config)).toEqual({
      movie: { 1: 'https://player.example/embed/{imdbId}', 2: null },
      tv: { 1: null, 2: 'https://other.example/tv/{id}/{season}/{episode}' },
    });
    expect(playerOrigins(config)).toEqual(['https://player.example', 'https://other.example']);
    expect(
      configProblems({
        PLAYER_SERVER_1_MOVIE: 'https://player.example/{season}',
        PLAYER_SERVER_2_MOVIE: 'javascript:alert(1)//{id}',
        PLAYER_SERVER_1_TV: 'player.example/{id}',
      }),
    ).toEqual([
      'PLAYER_SERVER_1_MOVIE may use only {imdbId}, {id} (got {season}) (got "https://player.example/{season}")',
      'PLAYER_SERVER_2_MOVIE must be an http(s) address template, e.g. https://player.example/embed/{id} (got "javascript:alert(1)//{id}")',
      'PLAYER_SERVER_1_TV must be an http(s) address template, e.g. https://player.example/embed/{id} (got "player.example/{id}")',
    ]);
  });

  it('needs the admin e-mail and password together', () => {
    expect(configProblems({ ADMIN_EMAIL: 'a@example.com' })[0]).toMatch(/^ADMIN_PASSWORD .*together/);
  });

  it('takes the site’s time zone from SITE_TIME_ZONE, UTC by default, and refuses a zone that does not exist', () => {
    expect(loadConfig({}).SITE_TIME_ZONE).toBe('UTC');
    expect(loadConfig({ SITE_TIME_ZONE: 'Europe/Paris' }).SITE_TIME_ZONE).toBe('Europe/Paris');
    expect(configProblems({ SITE_TIME_ZONE: 'Mars/Olympus' })).toEqual([
      'SITE_TIME_ZONE must be an IANA time zone, e.g. UTC or Europe/Paris (got "Mars/Olympus")',
    ]);
  });

  it('trusts no proxy unless TRUST_PROXY names them, by address, range or hop count', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 172.16.0.0/12 ,fd00::/8, loopback' }).TRUST_PROXY).toBe(
      '10.0.0.5,172.16.0.0/12,fd00::/8,loopback',
    );
    expect(loadConfig({ TRUST_PROXY: '192.168.1.0/255.255.255.0' }).TRUST_PROXY).toBe(
      '192.168.1.0/255.255.255.0',
    );
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', 'loopback,,', '-1', '1.5']) {
      expect(configProblems({ TRUST_PROXY: bad }), bad).toEqual([
        expect.stringMatching(/^TRUST_PROXY must be .*addresses.*hops/),
      ]);
    }
  });

  it('takes an SMTP server for the members’ mail as smtp:// or smtps://, never showing it back', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example:465' }).SMTP_URL).toBe(
      'smtps://user:pass@smtp.example:465',
    );
    expect(loadConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    const problems = configProblems({ SMTP_URL: 'http://user:secret-pass@smtp.example' });
    expect(problems).toEqual([
      expect.stringMatching(/^SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//),
    ]);
    expect(problems[0]).toMatch(/got a hidden value/);
    expect(problems[0]).not.toContain('secret-pass');
  });

  it('warns when a production site has no PUBLIC_URL, and only then', () => {
    expect(configWarnings(loadConfig({ NODE_ENV: 'production' }))).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set: canonical addresses, the sitemap and robots\.txt/),
    ]);
    expect(
      configWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://films.example' })),
    ).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
    expect(configWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
  });

  it('generates a JWT secret once and keeps it in the data directory', () => {
    const dir = makeTempDir('jwt');
    const first = resolveJwtSecret({ DATA_DIR: dir.path, JWT_SECRET: undefined });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret({ DATA_DIR: dir.path, JWT_SECRET: undefined })).toBe(first);
    expect(readFileSync(join(dir.path, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(resolveJwtSecret({ DATA_DIR: dir.path, JWT_SECRET: 'y'.repeat(40) })).toBe('y'.repeat(40));
    expect(existsSync(join(dir.path, 'jwt-secret'))).toBe(true);
    dir.remove();
  });
});
