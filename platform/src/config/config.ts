/**
 * Configuration is the environment, validated once at start. A bad value stops the process
 * with one line per problem that names the variable and what it should look like.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../time/site-day.js';
import { playerTemplate } from './players.js';

// Compose files and shells often pass an unset variable as an empty string.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/** A whole number, given as text; `unit` names what it counts in the message ("of bytes"). */
const wholeNumber = (unit?: string) =>
  z.coerce
    .number({ error: unit ? `must be a number ${unit}` : 'must be a number' })
    .int('must be a whole number');

const url = (protocols: readonly string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}, e.g. ${example}`,
  );

/**
 * An EventStoreDB / KurrentDB connection string: one node, or a cluster's nodes as gossip seeds
 * (`kurrentdb://node1:2113,node2:2113,node3:2113?tls=false`), which is no single URL.
 */
const connectionString = (schemes: readonly string[], example: string) =>
  z.string().refine(
    (value) => {
      const match = /^([a-z+]+):\/\/(?:[^@/?]+@)?([^/?]+)\/?(\?.*)?$/i.exec(value.trim());
      if (!match || !schemes.includes(match[1]!.toLowerCase())) return false;
      return match[2]!.split(',').every((node) => {
        try {
          return new URL(`http://${node}`).host !== '';
        } catch {
          return false;
        }
      });
    },
    `must start with ${schemes.map((s) => `${s}://`).join(' or ')} and name one node or several separated by commas, e.g. ${example}`,
  );

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a range (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`) or a preset, as Express reads them. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * Which proxies may say who the client is (X-Forwarded-For): a hop count, or a comma-separated
 * list of addresses, ranges and presets; unset trusts none, so a client cannot pick the address
 * its rate limits are counted under.
 */
const trustProxy = z.string().transform((value, ctx) => {
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyEntry)) return entries.join(',');
  ctx.addIssue({
    code: 'custom',
    message:
      'must be a comma-separated list of proxy addresses or ranges (e.g. 10.0.0.5, 172.16.0.0/12, loopback) or a number of hops',
  });
  return z.NEVER;
});

// `Name <address>` or a bare address, on one line.
const mailbox = z
  .string()
  .trim()
  .refine((value) => {
    const address = /^[^<>\r\n]*<([^<>]+)>$/.exec(value)?.[1] ?? value;
    return z.email().safeParse(address).success;
  }, 'must be an e-mail address, optionally with a name, e.g. Cinefold <no-reply@cinefold.example>');

export const configSchema = z
  .object({
    PORT: optional(wholeNumber().min(1).max(65535, 'must be at most 65535')).transform((v) => v ?? 8080),
    DATA_DIR: optional(z.string()).transform((v) => resolve(v ?? 'data')),
    REDIS_URL: optional(url(['redis:', 'rediss:'], 'redis://127.0.0.1:6379')),
    /**
     * A replica of REDIS_URL for the query side's reads (see replica-reads.ts). It must accept the
     * query side's short-lived keys (`replica-read-only no`).
     */
    REDIS_REPLICA_URL: optional(url(['redis:', 'rediss:'], 'redis://10.0.0.2:6379')),
    /**
     * The nodes of a Redis Cluster, `host:port` separated by commas (any of its masters will do;
     * the client learns the rest). Set, every service uses the cluster instead of REDIS_URL; a
     * password, if any, is REDIS_URL's (`redis://:secret@ignored`). See docs/design.md.
     */
    REDIS_CLUSTER_NODES: optional(
      z
        .string()
        .regex(
          /^\s*[^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*$/,
          'must be host:port pairs separated by commas, e.g. 10.0.0.1:7000,10.0.0.2:7000',
        ),
    ),
    EVENTSTORE: optional(z.enum(['sqlite', 'esdb'], { error: 'must be sqlite or esdb' })).transform(
      (v) => v ?? 'sqlite',
    ),
    EVENTSTORE_CONNECTION_STRING: optional(
      connectionString(
        ['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover'],
        'kurrentdb://localhost:2113?tls=false',
      ),
    ),
    JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    /** Lets probes and operators read /api/health's details (header X-Operator-Token). */
    OPERATOR_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
    /** Bearer token of GET /metrics; unset, /metrics is not served. */
    METRICS_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
    ADMIN_EMAIL: optional(z.email('must be an e-mail address')),
    ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
    PUBLIC_URL: optional(url(['http:', 'https:'], 'https://cinefold.example')),
    /** `production` for a real deployment (the Docker image sets it): what is only a warning elsewhere matters there. */
    NODE_ENV: optional(z.string()),
    /** The sender of the mail the site writes (members' links, the support inbox's messages): never a visitor's address. */
    MAIL_FROM: optional(mailbox).transform((v) => v ?? 'Cinefold <no-reply@cinefold.local>'),
    /**
     * Where the mail to members goes out (reset and confirmation links), e.g.
     * smtps://user:password@smtp.example:465; unset, each message is a line of the log (the outbox).
     */
    SMTP_URL: optional(url(['smtp:', 'smtps:'], 'smtps://user:password@smtp.cinefold.example:465')),
    UPLOAD_MAX_BYTES: optional(wholeNumber('of bytes').min(1024, 'must be at least 1024')).transform(
      (v) => v ?? 2 * 1024 ** 3,
    ),
    QUERY_CACHE_MS: optional(wholeNumber('of milliseconds').min(0).max(60_000)).transform((v) => v ?? 3000),
    /** Addresses per sitemap file: at most the 50,000 sitemaps allow (smaller only to try the splitting). */
    SITEMAP_URLS_PER_FILE: optional(
      wholeNumber('of addresses').min(1).max(50_000, 'must be at most 50000'),
    ).transform((v) => v ?? 50_000),
    SEED_DEMO: optional(z.enum(['0', '1'], { error: 'must be 0 or 1' })).transform((v) => v !== '0'),
    LOG_LEVEL: optional(
      z.enum(['debug', 'info', 'warn', 'error'], { error: 'must be debug, info, warn or error' }),
    ).transform((v) => v ?? 'info'),
    /** In a scaled deployment the gateway forwards writes and reads to these instead of serving them itself. */
    COMMAND_API_URL: optional(url(['http:', 'https:'], 'http://command-api:8080')),
    QUERY_API_URL: optional(url(['http:', 'https:'], 'http://query-api:8080')),
    TRUST_PROXY: optional(trustProxy).transform((v) => v ?? false),
    /** Where the site's day begins and ends: the days traffic is counted in, ads' date windows, the day streams of page views and beacons. */
    SITE_TIME_ZONE: optional(
      z.string().refine(isTimeZone, 'must be an IANA time zone, e.g. UTC or Europe/Paris'),
    ).transform((v) => v ?? 'UTC'),
    /** Days a day's raw page views are kept after it ends; its closing totals are kept for good. */
    ANALYTICS_RETENTION_DAYS: optional(
      wholeNumber('of days').min(1, 'must be at least 1').max(36_500, 'must be at most 36500'),
    ).transform((v) => v ?? 400),
    /** The player servers' embed templates, handed to the pages at run time (see players.ts). */
    PLAYER_SERVER_1_MOVIE: optional(playerTemplate('movie')),
    PLAYER_SERVER_2_MOVIE: optional(playerTemplate('movie')),
    PLAYER_SERVER_1_TV: optional(playerTemplate('tv')),
    PLAYER_SERVER_2_TV: optional(playerTemplate('tv')),
  })
  .superRefine((env, ctx) => {
    if (env.REDIS_CLUSTER_NODES && env.REDIS_REPLICA_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_REPLICA_URL'],
        message: 'cannot go with REDIS_CLUSTER_NODES: a cluster keeps its own replicas',
      });
    }
    if (env.EVENTSTORE === 'esdb' && !env.EVENTSTORE_CONNECTION_STRING) {
      ctx.addIssue({
        code: 'custom',
        path: ['EVENTSTORE_CONNECTION_STRING'],
        message: 'is required when EVENTSTORE=esdb, e.g. esdb://localhost:2113?tls=false',
      });
    }
    if (env.REDIS_REPLICA_URL && !env.REDIS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_REPLICA_URL'],
        message: 'needs REDIS_URL: the replica follows a Redis you run, not the private one',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD are set together or not at all',
      });
    }
    if (Boolean(env.COMMAND_API_URL) !== Boolean(env.QUERY_API_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.COMMAND_API_URL ? 'QUERY_API_URL' : 'COMMAND_API_URL'],
        message: 'COMMAND_API_URL and QUERY_API_URL are set together or not at all',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

/** The variable names the schema knows; docker-compose.yml is checked against them. */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape) as (keyof z.input<typeof configSchema>)[];

/**
 * Settings that start the site but leave it open to something in production, one line each, to
 * be logged at start.
 */
export function configWarnings(config: Pick<Config, 'NODE_ENV' | 'PUBLIC_URL'>): string[] {
  if (config.NODE_ENV !== 'production' || config.PUBLIC_URL) return [];
  return [
    'PUBLIC_URL is not set: canonical addresses, the sitemap and robots.txt name whatever host each ' +
      'request names, and anyone can make the site write its sitemap again under new names; the links ' +
      'mailed to members (a new password, a new address) name it too, so a forged Host could send a ' +
      "member's link elsewhere. " +
      "Set it to the site's public address, e.g. PUBLIC_URL=https://cinefold.example",
  ];
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    const shown =
      value === undefined
        ? ''
        : ` (got ${/PASSWORD|SECRET|TOKEN|SMTP_URL/.test(name) ? 'a hidden value' : JSON.stringify(value)})`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(problems);
}

/**
 * JWT_SECRET when set; otherwise a random secret generated once and kept in the data directory,
 * so tokens survive restarts without anyone having to invent a secret.
 */
export function resolveJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
