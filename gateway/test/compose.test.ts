import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import dockerignoreModule from '@balena/dockerignore';
import { CONFIG_VARIABLES, loadConfig } from '@cinefold/platform';
import gitignoreModule from 'ignore';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROLES } from '../src/site.js';

// No Docker engine runs in CI, so the compose file is checked for what can go wrong silently:
// a service or variable the code does not know, or settings the config would refuse.
const file = fileURLToPath(new URL('../../docker-compose.yml', import.meta.url));
const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      command?: string[];
      environment?: Record<string, string>;
      image?: string;
      networks?: Record<string, { ipv4_address?: string }>;
    }
  >;
  'x-cinefold-env': Record<string, string>;
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
  const kurrentNodes = ['kurrentdb-1', 'kurrentdb-2', 'kurrentdb-3'];

  it('runs a three-node KurrentDB cluster, Redis with an append-only file and a replica, and every Cinefold service', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'command-api',
        ...kurrentNodes,
        'gateway',
        'projectors',
        'query-api',
        'redis',
        'redis-replica',
        'workers',
      ].sort(),
    );
    expect(compose.services.redis?.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    const replica = compose.services['redis-replica']?.command ?? [];
    expect(replica.slice(replica.indexOf('--replicaof'), replica.indexOf('--replicaof') + 3)).toEqual([
      '--replicaof',
      'redis',
      '6379',
    ]);
    // The query side keeps short-lived keys where it reads (see replica-reads.ts).
    expect(replica.join(' ')).toContain('--replica-read-only no');
  });

  it('makes each KurrentDB node one of three, seeded with the other two', () => {
    const addresses = kurrentNodes.map(
      (name) => compose.services[name]?.environment?.KURRENTDB_REPLICATION_IP,
    );
    for (const [i, name] of kurrentNodes.entries()) {
      const node = compose.services[name]!;
      expect(node.image, name).toMatch(/^kurrentplatform\/kurrentdb:/);
      expect(node.environment?.KURRENTDB_CLUSTER_SIZE, name).toBe('3');
      expect(node.networks?.cinefold?.ipv4_address, name).toBe(addresses[i]);
      const seeds = node.environment?.KURRENTDB_GOSSIP_SEED?.split(',').sort();
      expect(seeds, name).toEqual(
        addresses
          .filter((_, j) => j !== i)
          .map((address) => `${address}:2113`)
          .sort(),
      );
    }
    const hosts = /^kurrentdb:\/\/([^?]+)/
      .exec(compose['x-cinefold-env'].EVENTSTORE_CONNECTION_STRING ?? '')![1]!
      .split(',');
    expect(hosts.map((host) => host.split(':')[0]).sort()).toEqual(kurrentNodes);
  });

  it('has the query side, and only it, read from the replica', () => {
    for (const [name, service] of cinefoldServices) {
      const replica = service.environment?.REDIS_REPLICA_URL;
      expect(replica ? new URL(replica).hostname : null, name).toBe(
        name === 'query-api' ? 'redis-replica' : null,
      );
    }
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

// The compose file has operators put JWT_SECRET and ADMIN_PASSWORD in .env; the Dockerfile's
// `COPY . .` copies whatever the build context holds, so .dockerignore is what keeps them out of
// the image. Both files are read with matchers that implement Docker's and Git's own rules.
// Both packages are CommonJS typed as ES modules: under Node the default import is module.exports,
// which carries the factory again as `.default`.
const dockerignore = dockerignoreModule.default;
const gitignore = gitignoreModule.default;

describe('secrets kept in .env', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const secrets = ['.env', '.env.local', '.env.production', 'frontend/.env.local', 'gateway/.env'];
  const kept = ['package.json', 'package-lock.json', '.npmrc', 'gateway/src/cli.ts', 'frontend/index.html'];

  it('are left out of the Docker build context, which the Dockerfile copies whole', () => {
    const context = dockerignore().add(readFileSync(`${root}.dockerignore`, 'utf8').split(/\r?\n/));
    for (const path of secrets) expect(context.ignores(path), path).toBe(true);
    for (const path of kept) expect(context.ignores(path), path).toBe(false);
    // The example documents the variables without secrets, so it may travel.
    expect(context.ignores('.env.example')).toBe(false);
    // The frontend's build-time settings are public (only VITE_ variables reach the bundle), and
    // the image's frontend build reads them.
    expect(context.ignores('frontend/.env')).toBe(false);
    expect(readFileSync(`${root}Dockerfile`, 'utf8')).toMatch(/^COPY \. \.$/m);
  });

  it('are never committed, while the example is', () => {
    const repository = gitignore().add(readFileSync(`${root}.gitignore`, 'utf8'));
    for (const path of secrets) expect(repository.ignores(path), path).toBe(true);
    for (const path of kept) expect(repository.ignores(path), path).toBe(false);
    expect(repository.ignores('.env.example')).toBe(false);
  });

  it('are documented by .env.example, which names only variables the compose file reads', () => {
    const example = readFileSync(`${root}.env.example`, 'utf8');
    const named = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(named).toEqual(expect.arrayContaining(['JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']));
    const composeText = readFileSync(file, 'utf8');
    for (const name of named) expect(composeText, name).toContain(`\${${name}`);
    // An example, not a secret: the secrets are left blank.
    expect(example).toMatch(/^JWT_SECRET=$/m);
    expect(example).toMatch(/^ADMIN_PASSWORD=$/m);
  });
});
