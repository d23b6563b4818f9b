import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The site's accessibility bar, checked the same way on every page a test looks at: the serious
 * and critical problems axe-core finds on the page as it stands, by the WCAG 2.1 A and AA rules,
 * each as `id (impact): help — the first three places`.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
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
