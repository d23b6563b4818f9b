import { describe, expect, it } from 'vitest';
import {
  countryOf,
  DIRECT,
  dailySalt,
  daysEndingWith,
  deviceOf,
  isBot,
  SALT_TTL_SECONDS,
  siteDay,
  trafficSource,
  USER_AGENT_CACHE_SIZE,
  VisitorHasher,
  visitorId,
  visitorSaltKey,
} from '../src/index.js';
import { useRedisServer } from '../src/testing/index.js';

const SITE = ['cinefold.example', 'localhost'];

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  galaxyTab:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  curl: 'curl/8.5.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('the source of a page view', () => {
  it.each([
    ['/movies?utm_source=newsletter', 'https://www.google.com/', 'newsletter'],
    ['/movies?utm_source=Twitter', null, 'X'],
    ['/?source=reddit', null, 'Reddit'],
    ['/movies/27205?ref=producthunt.com', null, 'producthunt.com'],
    ['/movies', 'https://www.google.com/search?q=inception', 'Google'],
    ['/movies', 'https://www.google.co.uk/', 'Google'],
    ['/movies', 'https://www.bing.com/search?q=x', 'Bing'],
    ['/movies', 'https://duckduckgo.com/', 'DuckDuckGo'],
    ['/movies', 'https://l.facebook.com/l.php?u=x', 'Facebook'],
    ['/movies', 'https://t.co/abc', 'X'],
    ['/movies', 'https://x.com/someone', 'X'],
    ['/movies', 'https://old.reddit.com/r/movies', 'Reddit'],
    ['/movies', 'https://m.youtube.com/watch?v=1', 'YouTube'],
    ['/movies', 'https://www.letterboxd.com/film/x', 'letterboxd.com'],
    ['/movies', 'https://blog.example.org/post', 'blog.example.org'],
    ['/movies', 'https://cinefold.example/tv-shows', DIRECT],
    ['/movies', 'https://www.cinefold.example/', DIRECT],
    ['/movies', '', DIRECT],
    ['/movies', null, DIRECT],
    ['/movies', 'not a url', DIRECT],
    ['/movies?utm_source=', 'https://bing.com/', 'Bing'],
  ])('%s from %s is %s', (path, referrer, expected) => {
    expect(trafficSource(path, referrer, SITE)).toBe(expected);
  });
});

describe('the device of a page view', () => {
  it.each([
    [UA.chromeWindows, 'desktop', 'Chrome', 'Windows'],
    [UA.safariMac, 'desktop', 'Safari', 'Mac OS'],
    [UA.iphone, 'mobile', 'Mobile Safari', 'iOS'],
    [UA.android, 'mobile', 'Chrome', 'Android'],
    [UA.ipad, 'tablet', 'Mobile Safari', 'iOS'],
    [UA.galaxyTab, 'tablet', 'Chrome', 'Android'],
    ['', 'desktop', null, null],
  ])('%s is a %s with %s on %s', (userAgent, device, browser, os) => {
    expect(deviceOf(userAgent)).toEqual({ device, browser, os });
  });

  it.each([
    [UA.googlebot, true],
    [UA.bingbot, true],
    [UA.curl, true],
    [UA.headless, true],
    ['', true],
    [UA.chromeWindows, false],
    [UA.iphone, false],
    [UA.galaxyTab, false],
  ])('%s is a bot: %s', (userAgent, bot) => {
    expect(isBot(userAgent)).toBe(bot);
  });
});

describe('reading a User-Agent again', () => {
  it('answers alike from the cache, even after hundreds of others have pushed it out', () => {
    const first = { bot: isBot(UA.iphone), device: deviceOf(UA.iphone) };
    expect({ bot: isBot(UA.iphone), device: deviceOf(UA.iphone) }).toEqual(first);
    for (let i = 0; i < USER_AGENT_CACHE_SIZE + 10; i++) {
      expect(deviceOf(`${UA.chromeWindows} Build/${i}`).device).toBe('desktop');
      expect(isBot(`Googlebot/${i}.0`)).toBe(true);
    }
    expect({ bot: isBot(UA.iphone), device: deviceOf(UA.iphone) }).toEqual(first);
    expect(first).toEqual({ bot: false, device: { device: 'mobile', browser: 'Mobile Safari', os: 'iOS' } });
  });
});

describe('the country of a page view', () => {
  it.each([
    ['8.8.8.8', 'US'],
    ['1.0.1.1', 'CN'],
    ['1.0.0.1', 'AU'],
    ['::ffff:8.8.8.8', 'US'],
    ['2001:4860:4860::8888', 'US'],
    ['127.0.0.1', 'Unknown'],
    ['10.1.2.3', 'Unknown'],
    ['::1', 'Unknown'],
    ['not an address', 'Unknown'],
    [undefined, 'Unknown'],
  ])('%s is in %s', (address, country) => {
    expect(countryOf(address)).toBe(country);
  });
});

describe('a visitor', () => {
  const redisServer = useRedisServer();

  it('is the same all day for one address and browser, and another one the next day', async () => {
    const hasher = new VisitorHasher(redisServer.client());
    const monday = await hasher.visitor('2026-11-23', '203.0.113.9', UA.chromeWindows);
    expect(await hasher.visitor('2026-11-23', '203.0.113.9', UA.chromeWindows)).toBe(monday);
    expect(await hasher.visitor('2026-11-23', '203.0.113.10', UA.chromeWindows)).not.toBe(monday);
    expect(await hasher.visitor('2026-11-23', '203.0.113.9', UA.iphone)).not.toBe(monday);
    expect(await hasher.visitor('2026-11-24', '203.0.113.9', UA.chromeWindows)).not.toBe(monday);
    expect(monday).toMatch(/^[\w-]{22}$/);
    expect(monday).not.toContain('203.0.113.9');
  });

  it('is counted alike by every process, from one salt a day that is deleted two days later', async () => {
    const redis = redisServer.client();
    const [a, b] = await Promise.all([dailySalt(redis, '2026-11-20'), dailySalt(redis, '2026-11-20')]);
    expect(a).toBe(b);
    const ttl = await redis.ttl(visitorSaltKey('2026-11-20'));
    expect(ttl).toBeGreaterThan(SALT_TTL_SECONDS - 10);
    expect(ttl).toBeLessThanOrEqual(SALT_TTL_SECONDS);
    expect(visitorId(a, '198.51.100.1', 'x')).toBe(visitorId(b, '198.51.100.1', 'x'));
  });

  it('keeps its salt two days from its creation whoever asks again, never longer', async () => {
    const redis = redisServer.client();
    const salt = await dailySalt(redis, '2026-11-21');
    // Two days minus a minute went by (the expiry is shortened as time would have).
    await redis.expire(visitorSaltKey('2026-11-21'), 60);
    expect(await dailySalt(redis, '2026-11-21')).toBe(salt);
    expect(await redis.ttl(visitorSaltKey('2026-11-21'))).toBeLessThanOrEqual(60);
  });

  it('cannot be linked to once the day’s salt is deleted: the same address and browser hash to another visitor', async () => {
    const redis = redisServer.client();
    const day = '2026-11-22';
    const before = visitorId(await dailySalt(redis, day), '203.0.113.9', UA.chromeWindows);
    // The two days are over: Redis deletes the salt (made to expire now rather than waited for).
    await redis.pexpire(visitorSaltKey(day), 1);
    while ((await redis.exists(visitorSaltKey(day))) === 1) await new Promise((r) => setTimeout(r, 5));
    const after = await new VisitorHasher(redis).visitor(day, '203.0.113.9', UA.chromeWindows);
    expect(after).not.toBe(before);
    expect(await redis.ttl(visitorSaltKey(day))).toBeGreaterThan(SALT_TTL_SECONDS - 10);
  });
});

describe('the day of a page view', () => {
  it.each([
    ['UTC', '2025-03-01T23:30:00Z', '2025-03-01'],
    ['Europe/Paris', '2025-03-01T23:30:00Z', '2025-03-02'],
    ['America/New_York', '2025-03-02T03:00:00Z', '2025-03-01'],
  ])('is the calendar day of the site in %s (%s is %s)', (zone, at, day) => {
    expect(siteDay(zone, new Date(at))).toBe(day);
  });

  it('windows of days run oldest first across months and years', () => {
    expect(daysEndingWith('2025-01-02', 4)).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
    expect(daysEndingWith('2024-03-01', 2)).toEqual(['2024-02-29', '2024-03-01']);
  });
});
