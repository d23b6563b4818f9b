import { AxeBuilder } from '@axe-core/playwright';
import type { Frame, Page } from 'playwright-core';

/**
 * The site's accessibility bar, checked the same way on every page a test looks at: the serious
 * and critical problems axe-core finds on the page as it stands, by the WCAG 2.1 A and AA rules,
 * each as `id (impact): help — the first three places`.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(!(await hasFrameOfAnotherOrigin(page)))
    // Only the violations are read: axe details one node of each other kind instead of all.
    // (Before withTags, which adds to these options where options() replaces them.)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/** A frame's origin as its document sees it: `null` for a sandboxed one. */
function originOf(frame: Frame): Promise<string> {
  return frame.evaluate(() => (globalThis as unknown as { origin: string }).origin).catch(() => 'gone');
}

/**
 * Whether axe must check across origins. Its default way of doing so gathers each frame's results
 * and joins them in a blank page it opens for that, which costs the processor two to three times
 * the check itself. Where every frame is of the page's own origin (most pages: the players and
 * network ads are frames of other origins), axe's "legacy" way checks the same frames in place.
 */
async function hasFrameOfAnotherOrigin(page: Page): Promise<boolean> {
  const [main, ...children] = page.frames();
  if (children.length === 0 || !main) return false;
  const own = await originOf(main);
  const others = await Promise.all(children.map(originOf));
  return others.some((origin) => origin !== own);
}
