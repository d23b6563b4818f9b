/**
 * The head the gateway wrote into the page (tags marked `data-server`, see the gateway's
 * seo/head-html.ts) is for crawlers that run no JavaScript. The app renders the same head itself
 * (`PageHeadTags`), so it takes the server's tags out when it starts: a page never holds two
 * titles, two canonicals or two JSON-LD blocks of a kind.
 */
let origin: string | null = null;

/** Removes the server's head, keeping the public address its canonical named. */
export function adoptServerHead(doc: Document = document): void {
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"][data-server]');
  if (canonical) origin = new URL(canonical.href).origin;
  for (const tag of doc.querySelectorAll('[data-server]')) tag.remove();
}

/** The site's public address (PUBLIC_URL, as the server's canonical named it), else this page's. */
export function publicOrigin(): string {
  return origin ?? window.location.origin;
}
