import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's serious and critical findings on the page (or the part `include` selects), one line each.
 * WCAG 2.0 and 2.1 A/AA, plus `label-content-name-mismatch` (2.5.3, "Label in Name"), which axe
 * keeps among its experimental rules and so does not run by default.
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.length} × ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
