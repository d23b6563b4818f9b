/**
 * A page's head (see contracts' seo.ts) as the HTML the gateway writes into index.html, for
 * crawlers that run no JavaScript. Every tag carries `data-server`: the app removes them when it
 * starts and renders the same head itself, so a page never holds two of anything.
 */
import { createHash } from 'node:crypto';
import { type PageHead, SITE_NAME, structuredDataJson } from '@cinefold/contracts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta data-server ${attribute}="${key}" content="${escapeHtml(value)}">`;

/** The tags of a page's head; `origin` is the site's public address (PUBLIC_URL), without a slash. */
export function headHtml(head: PageHead, origin: string): string {
  const url = `${origin}${head.path}`;
  const tags = [
    `<title data-server>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link data-server rel="canonical" href="${escapeHtml(url)}">`,
    ...(head.robots ? [meta('name', 'robots', head.robots)] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    ...head.structuredData.map(
      (data) => `<script data-server type="application/ld+json">${structuredDataJson(data)}</script>`,
    ),
  ];
  return tags.join('');
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hash sources (`'sha256-…'`) of a page's inline scripts, JSON-LD included: a
 * Content-Security-Policy lists them in `script-src` so these scripts, and no others, may stand.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? '')) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}
