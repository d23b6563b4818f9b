import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface LinkEntry {
  readonly name: string;
  readonly href: string | null;
}

/** The visible text and href of every link inside `scope`, in document order. */
export async function linksIn(scope: Locator): Promise<LinkEntry[]> {
  // The app renders in slices (its first render is a transition): wait until the scope is there.
  await scope.waitFor();
  return scope.getByRole('link').evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      name: anchor.textContent?.trim() ?? '',
      href: anchor.getAttribute('href'),
    })),
  );
}

/**
 * The answer to the page's next `method` request under `path` (a change the member makes, say),
 * for a test to wait for before it loads another page, which would cancel a request still on its
 * way, or reads through the API what the change did. Taken before the click that sends it.
 */
export function nextAnswer(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string) {
  const answer = page.waitForResponse(
    (response) => response.request().method() === method && new URL(response.url()).pathname.startsWith(path),
  );
  // A test that fails before it waits for the answer closes the page: not a second failure.
  answer.catch(() => undefined);
  return answer;
}

/** The element a disclosure button (`aria-controls`) opens. */
export async function controlledBy(page: Page, trigger: Locator): Promise<Locator> {
  const id = await trigger.getAttribute('aria-controls');
  if (!id) throw new Error('the button controls no element (aria-controls is missing)');
  return page.locator(`[id="${id}"]`);
}

/**
 * The little of the browser's globals these helpers touch. The test project compiles without the
 * DOM library (it is Node code), so browser-side callbacks name their globals through this.
 */
interface BrowserGlobals {
  readonly scrollY: number;
  scrollTo(x: number, y: number): void;
  getComputedStyle(element: unknown): { readonly backgroundColor: string };
  readonly document: { readonly body: { readonly scrollHeight: number } };
}

/** Opacity of an element's computed background colour: 0 is fully transparent. */
export function backgroundAlpha(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const color = (globalThis as unknown as BrowserGlobals).getComputedStyle(node).backgroundColor;
    const parts = color.match(/[\d.]+/g)?.map(Number) ?? [];
    if (color === 'transparent' || parts.length < 3) return 0;
    return parts.length >= 4 ? (parts[3] ?? 1) : 1;
  });
}

export function scrollPosition(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as BrowserGlobals).scrollY);
}

/** Scrolls to `y`, or to the very bottom of the page when `y` is left out. */
export function scrollPageTo(page: Page, y?: number): Promise<void> {
  return page.evaluate((target) => {
    const browser = globalThis as unknown as BrowserGlobals;
    browser.scrollTo(0, target ?? browser.document.body.scrollHeight);
  }, y);
}

export function pathnameOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Opens the header's menu (a phone's) and answers its navigation, once it shows. */
export async function openMobileMenu(page: Page): Promise<Locator> {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Open menu' }).click();
  const mobileNav = header.getByRole('navigation', { name: 'Mobile' });
  await mobileNav.waitFor({ state: 'visible' });
  return mobileNav;
}

/**
 * Deletes through a button that asks first: its first confirm is dismissed (and `item` must stay),
 * the second accepted (and `item` must leave the page). The two questions the confirms asked.
 */
export async function deleteAfterConfirming(page: Page, item: Locator, button: string): Promise<string[]> {
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await item.getByRole('button', { name: button }).click();
  await expect.poll(() => questions.length).toBe(1);
  expect(await item.count()).toBe(1);

  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await item.getByRole('button', { name: button }).click();
  await item.waitFor({ state: 'detached' });
  return questions;
}
