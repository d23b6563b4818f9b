import { createLogger, loadConfig } from '@cinefold/platform';
import { expect, it } from 'vitest';
import { startSite } from '../src/site.js';
import { useSite } from './support/site.js';

// The default configuration: no TRUST_PROXY.
const site = useSite('client-address');

it('counts a visitor on a private network by their own address, whatever X-Forwarded-For says', async () => {
  // The test connects from 127.0.0.1, a private address; before, it could name any address in
  // X-Forwarded-For and so get a fresh contact limit (twenty in ten minutes) with each message.
  const send = (i: number) =>
    fetch(`${site.url}/api/support/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: `Message ${i}` }),
    });
  for (let i = 0; i < 20; i++) expect((await send(i)).status, `message ${i + 1}`).toBe(201);
  const refused = await send(20);
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { message: string }).message).toMatch(/wait a few minutes/);
});

it('tells the services behind a gateway the client it judged, not the addresses the client sent', async () => {
  // A scaled deployment: a gateway behind a proxy on this machine (TRUST_PROXY=loopback) in front
  // of a command-api that trusts one hop, the gateway.
  const base = { SEED_DEMO: '0', DATA_DIR: site.dataDir, REDIS_URL: site.redisUrl, LOG_LEVEL: 'error' };
  const commands = await startSite(
    'command-api',
    { ...loadConfig({ ...base, TRUST_PROXY: '1' }), PORT: 0 },
    createLogger('test'),
  );
  const gateway = await startSite(
    'gateway',
    {
      ...loadConfig({
        ...base,
        TRUST_PROXY: 'loopback',
        COMMAND_API_URL: commands.url!,
        QUERY_API_URL: commands.url!,
      }),
      PORT: 0,
    },
    createLogger('test'),
  );
  try {
    const send = (address: string) =>
      fetch(`${gateway.url}/api/support/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.9, ${address}` },
        body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' }),
      });
    // Twenty-one visitors behind the proxy each have a limit of their own...
    for (let i = 0; i < 21; i++) expect((await send(`10.2.0.${i}`)).status, `visitor ${i + 1}`).toBe(201);
    // ...and one visitor has one limit, whatever it puts before its address.
    for (let i = 0; i < 19; i++) expect((await send('10.2.0.0')).status).toBe(201);
    expect((await send('10.2.0.0')).status).toBe(429);
  } finally {
    await gateway.stop();
    await commands.stop();
  }
});
