import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's serious and critical findings on the page (or the part `include` selects), one line each.
 * WCAG 2.0 and 2.1 A/AA, plus `label-content-name-mismatch` (2.5.3, "Label in Name"), which axe
 * keeps among its experimental rules and so does not run by default.
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    // axe in the page itself: the default runs it per frame and then again in a new blank page
    // to merge the frames' results, and injects axe into that page too; the shop's pages have no
    // frames, and on two shared cores that took more time than the audit (2.3-3.3 s per page
    // less). Only the violations come back: passes and inapplicable rules with every node they
    // looked at were a 1.2 MB reply for the home page.
    .setLegacyMode(true)
    // Before withTags, which adds runOnly to these options.
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
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
