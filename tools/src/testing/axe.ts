/**
 * Accessibility checks for browser tests: axe (WCAG 2.1 A/AA and best practices) on the page as a
 * person would find it once it has settled. Running CSS animations are finished first: an element
 * in the middle of a fade (the dashboard's 10-second dependents hint) has a contrast that lasts a
 * moment, and under load axe would catch it at a different moment each run.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from './browser.ts';

/** Serious and critical findings, as 'rule: target, target'. */
export const seriousFindings = async (page: Page): Promise<string[]> => {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      // A spinner runs for ever (finish() would throw); only animations that end are ended.
      if (Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) animation.finish();
    }
  });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
};
