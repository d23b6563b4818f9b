import { EVENT_POSITION_HEADER, encodePosition } from '@cinefold/contracts';
import { expect, it } from 'vitest';
import { useSite } from './support/site.js';

// The API without its projectors, so a position in the store stays unreached by the read models.
const site = useSite('guest-positions', {}, 'gateway');

it("does not hand a visitor the position of their write: positions are for members' own reads", async () => {
  const written = await fetch(`${site.url}/api/support/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' }),
  });
  expect(written.status).toBe(201);
  expect(written.headers.get(EVENT_POSITION_HEADER)).toBeNull();
});

it("does not hold a visitor's catalogue read for an event position: only a member's own writes are waited for", async () => {
  // A position far ahead of anything the read models hold.
  const position = encodePosition({ commit: 1_000_000n, prepare: 1_000_000n });
  for (const path of ['/api/movies', '/api/home', '/api/movies/metadata/genres']) {
    const response = await fetch(`${site.url}${path}`, { headers: { [EVENT_POSITION_HEADER]: position } });
    expect(response.status, path).toBe(200);
    expect(response.headers.get('x-read-model-behind'), path).toBeNull();
  }
});
