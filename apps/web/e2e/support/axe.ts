import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's serious and critical findings on the page, or only inside `selector`; `iframes: false`
 * leaves frames out (a sandboxed mail preview axe cannot enter).
 */
export async function seriousViolations(page: Page, selector?: string, options: { iframes?: boolean } = {}) {
  // The splash screen fades out 1 s after start; audit the page the user actually sees.
  await expect(page.locator('#splash')).toHaveCount(0);
  // Legacy mode runs axe once in the page (and its frames) instead of a run in each frame finished in
  // a new blank tab, where axe-core is injected a second time: the same findings (compared on list,
  // form and dashboard pages), in about half the time of each audit.
  const builder = new AxeBuilder({ page }).setLegacyMode();
  if (selector) builder.include(selector);
  if (options.iframes === false) builder.options({ iframes: false });
  const results = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
