/**
 * Where a page view came from, as the dashboard's Top Sources shows it: a campaign parameter of
 * the address first (`utm_source`, `source` or `ref`), then the referrer's host without `www.`,
 * with the big ones named; a referrer of this site, or none, is "Direct".
 */
export const DIRECT = 'Direct';

/** Hosts (and their subdomains) of the sources people know by name. */
const NAMED: readonly (readonly [string, readonly string[]])[] = [
  [
    'Google',
    [
      'google.com',
      'google.co.uk',
      'google.de',
      'google.fr',
      'google.es',
      'google.it',
      'google.ca',
      'google.com.au',
      'google.co.in',
      'google.com.br',
      'google.co.jp',
      'google.nl',
      'google.pl',
    ],
  ],
  ['Bing', ['bing.com']],
  ['DuckDuckGo', ['duckduckgo.com']],
  ['Facebook', ['facebook.com', 'fb.com', 'm.facebook.com', 'l.facebook.com', 'lm.facebook.com']],
  ['X', ['twitter.com', 't.co', 'x.com']],
  ['Reddit', ['reddit.com', 'old.reddit.com', 'out.reddit.com']],
  ['YouTube', ['youtube.com', 'youtu.be', 'm.youtube.com']],
];

const NAME_BY_HOST = new Map<string, string>(
  NAMED.flatMap(([name, hosts]) => hosts.map((h) => [h, name] as const)),
);
/** Campaign values that name one of those, in any case. */
const NAME_BY_WORD = new Map<string, string>([
  ...NAMED.map(([name]) => [name.toLowerCase(), name] as const),
  ['twitter', 'X'],
  ['fb', 'Facebook'],
  ['ddg', 'DuckDuckGo'],
]);

const CAMPAIGN_PARAMETERS = ['utm_source', 'source', 'ref'] as const;
const MAX_SOURCE_LENGTH = 100;

function named(host: string): string {
  for (let h = host; h.includes('.'); h = h.slice(h.indexOf('.') + 1)) {
    const name = NAME_BY_HOST.get(h);
    if (name) return name;
  }
  return host;
}

function hostOf(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host.startsWith('www.') ? host.slice(4) : host;
  } catch {
    return null;
  }
}

/**
 * `path` is the page's address as the site saw it (with its query); `referrer` what the browser
 * reported; `siteHosts` the hosts of this site (a referrer from them is a visit going on).
 */
export function trafficSource(
  path: string,
  referrer: string | null | undefined,
  siteHosts: readonly string[],
): string {
  const query = path.indexOf('?');
  if (query >= 0) {
    const parameters = new URLSearchParams(path.slice(query + 1));
    for (const name of CAMPAIGN_PARAMETERS) {
      const value = parameters.get(name)?.trim();
      if (value) {
        const word = value.toLowerCase();
        return NAME_BY_WORD.get(word) ?? named(word).slice(0, MAX_SOURCE_LENGTH);
      }
    }
  }
  if (!referrer) return DIRECT;
  const host = hostOf(referrer);
  if (!host) return DIRECT;
  const own = siteHosts.map((h) => (h.startsWith('www.') ? h.slice(4) : h).toLowerCase());
  if (own.includes(host)) return DIRECT;
  return named(host).slice(0, MAX_SOURCE_LENGTH);
}
