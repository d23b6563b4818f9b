/**
 * The first screen the gateway writes over the app (`#first-screen`, see the gateway's
 * seo/first-screen.ts): the page's words, shown while the app's code and first answers arrive.
 * The app takes it away once its page has rendered with its data, or has failed; it lies over the
 * app out of the flow, so taking it away moves nothing on the page.
 */
const FIRST_SCREEN_ID = 'first-screen';

/** However long the answers take, the app shows itself (its own spinner or message) by then. */
export const FIRST_SCREEN_LONGEST_MS = 8000;

export function hasFirstScreen(doc: Document = document): boolean {
  return doc.getElementById(FIRST_SCREEN_ID) !== null;
}

export function dropFirstScreen(doc: Document = document): void {
  doc.getElementById(FIRST_SCREEN_ID)?.remove();
}
