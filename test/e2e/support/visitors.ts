/**
 * A person's browser. Headless Chromium names itself in its User-Agent, and the site drops what
 * bots view, so a test that wants its views counted passes for this one.
 */
export const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A page view as a visitor's browser reports it; answers the site's response (204 when taken). */
export function trackView(siteUrl: string, path: string, referrer: string | null = null): Promise<Response> {
  return fetch(`${siteUrl}/api/analytics/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PERSON_USER_AGENT },
    body: JSON.stringify({ path, referrer }),
  });
}
