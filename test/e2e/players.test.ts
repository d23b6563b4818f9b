import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSampleMovies } from './support/catalogue.js';
import { useSiteSession } from './support/session.js';
import { type StandInHost, startStandInHost } from './support/stand-in-host.js';

const INCEPTION = { id: 27205, imdbId: 'tt1375666' };

// A stand-in for a streaming provider, on an origin of its own: the page says what it was asked to play.
let provider: StandInHost | undefined;
let providerOrigin = '';
beforeAll(async () => {
  provider = await startStandInHost((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>player</title><p id="playing">playing ${req.url}</p>`);
  });
  providerOrigin = provider.url;
});
afterAll(async () => {
  await provider?.close();
});

// Read when the site starts, after the provider above has its address: set at run time, not at build time.
const site = useSiteSession(() => ({ PLAYER_SERVER_1_MOVIE: `${providerOrigin}/embed/movie/{imdbId}` }));

beforeAll(async () => {
  await importSampleMovies(site.url, 20);
});

describe('the player of a movie page', () => {
  it('plays from the provider the server was started with, its frame allowed by the site’s policy', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies/${INCEPTION.id}`);
    const frame = page.locator('iframe[title^="Inception"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`${providerOrigin}/embed/movie/${INCEPTION.imdbId}`);
    // The provider's page loaded inside the frame: the policy's frame-src names its origin.
    await page.frameLocator('iframe[title^="Inception"]').locator('#playing').waitFor();
    expect(await page.frameLocator('iframe[title^="Inception"]').locator('#playing').textContent()).toBe(
      `playing /embed/movie/${INCEPTION.imdbId}`,
    );
  });

  it('says so when the chosen server is not configured', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies/${INCEPTION.id}`);
    await page.getByRole('button', { name: 'Server 2' }).click();
    await page.getByText('No player is configured for this server.').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
  });
});
