import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES, loadConfig } from '@cinefold/platform';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROLES } from '../src/site.js';

// No Docker engine runs in CI, so the compose file is checked for what can go wrong silently:
// a service or variable the code does not know, or settings the config would refuse.
const file = fileURLToPath(new URL('../../docker-compose.yml', import.meta.url));
const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as {
  services: Record<string, { command?: string[]; environment?: Record<string, string>; image?: string }>;
};
const cinefoldServices = Object.entries(compose.services).filter(([, s]) => s.image === 'cinefold:local');

/** Compose's `${NAME:-default}` and `${NAME:?error}` with the values a user would put in .env. */
function interpolate(value: string): string {
  const env: Record<string, string> = {
    JWT_SECRET: 'x'.repeat(48),
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'a-long-password',
  };
  return String(value).replace(
    /\$\{(\w+)(?::?[-?]([^}]*))?\}/g,
    (_, name: string, fallback = '') => env[name] ?? fallback,
  );
}

describe('docker-compose.yml', () => {
  it('runs EventStoreDB, Redis with an append-only file, and every Cinefold service', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['command-api', 'eventstore', 'gateway', 'projectors', 'query-api', 'redis', 'workers'].sort(),
    );
    expect(compose.services.eventstore?.image).toMatch(/kurrentdb|eventstore/);
    expect(compose.services.redis?.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
  });

  it('starts each Cinefold service in a role the CLI knows', () => {
    expect(cinefoldServices.map(([name]) => name).sort()).toEqual(
      ['command-api', 'gateway', 'projectors', 'query-api', 'workers'].sort(),
    );
    for (const [name, service] of cinefoldServices) {
      expect(service.command?.[0], name).toBe(name);
      expect(ROLES).toContain(service.command?.[0]);
    }
  });

  it('names only variables the config schema knows, with values it accepts', () => {
    for (const [name, service] of cinefoldServices) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(value)]),
      );
      for (const key of Object.keys(environment)) expect(CONFIG_VARIABLES, `${name}: ${key}`).toContain(key);
      const config = loadConfig(environment);
      expect(config.EVENTSTORE, name).toBe('esdb');
      expect(config.REDIS_URL, name).toBe('redis://redis:6379');
    }
  });

  it('points the gateway at the command and query services', () => {
    const env = compose.services.gateway?.environment ?? {};
    expect(new URL(env.COMMAND_API_URL!).hostname).toBe('command-api');
    expect(new URL(env.QUERY_API_URL!).hostname).toBe('query-api');
  });
});
