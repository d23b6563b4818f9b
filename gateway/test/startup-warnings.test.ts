import { loadConfig, type Logger } from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startSite } from '../src/site.js';

const redisServer = useRedisServer();
const dir = makeTempDir('startup-warnings');
afterAll(() => dir.remove());

/** A logger that keeps the warnings the site gives, from every part of it. */
function warningsInto(lines: string[]): Logger {
  const ignore = () => undefined;
  return {
    debug: ignore,
    info: ignore,
    warn: (message) => lines.push(message),
    error: ignore,
    child: () => warningsInto(lines),
  };
}

async function warningsAtStart(settings: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const config = loadConfig({ SEED_DEMO: '0', DATA_DIR: dir.path, REDIS_URL: redisServer.url, ...settings });
  const site = await startSite('all', { ...config, PORT: 0 }, warningsInto(lines));
  await site.stop();
  return lines;
}

describe('starting in production', () => {
  it('warns that PUBLIC_URL is not set, and not once it is', async () => {
    expect(await warningsAtStart({ NODE_ENV: 'production' })).toContainEqual(
      expect.stringMatching(/^PUBLIC_URL is not set: canonical addresses, the sitemap and robots\.txt/),
    );
    const configured = await warningsAtStart({ NODE_ENV: 'production', PUBLIC_URL: 'https://films.example' });
    expect(configured.filter((line) => line.includes('PUBLIC_URL'))).toEqual([]);
  }, 60_000);
});
