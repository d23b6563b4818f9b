import { readModelKeys } from '@cinefold/platform';
import { USERS } from '@cinefold/read-models';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();

async function healthStatus(): Promise<number> {
  return (await fetch(`${site.url}/api/health`)).status;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('a visitor who comes while the site is starting', () => {
  it('is told it is starting and how far it has got, and gets the page once it serves', async () => {
    // Stage a users read model that is being built from nothing, a quarter of the way there.
    const redis = new Redis(site.redisUrl);
    const generation = Number(await redis.get(readModelKeys.active(USERS.projector)));
    const checkpoint = Number(await redis.get(readModelKeys.checkpoint(USERS.projector, generation)));
    expect(checkpoint).toBeGreaterThan(0); // the admin account made at start
    const target = readModelKeys.target(USERS.projector, generation);
    await redis.set(target, String(checkpoint * 4));
    await until(async () => (await healthStatus()) === 503);

    const page = await site.newPage();
    await page.goto(`${site.url}/movies`);
    const notice = page.getByRole('status').filter({ hasText: 'Cinefold is starting' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Building the catalogue: 25%');

    await redis.del(target);
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('heading', { name: 'Movies', level: 1 }).waitFor();
    redis.disconnect();
  });
});
