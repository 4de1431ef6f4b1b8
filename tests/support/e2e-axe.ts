import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2 A and AA: the standard the app is held to (STYLE/standards). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa'];
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Best-practice rules held to as well, whatever their impact: skipped heading levels lose screen
 * reader users who move by headings (issue 8: the Browse cards' titles skipped h2).
 */
const ALSO_REQUIRED = ['heading-order'];

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, or any
 * of ALSO_REQUIRED, listing each rule with the selectors of the offending elements.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Colours measured mid-transition (a theme switch fades buttons) are neither theme's: let
  // running CSS transitions end first (at most a second; daisyUI's last 0.2 s).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    // options() first: it replaces the options that withTags() then adds its tags to.
    .options({ rules: Object.fromEntries(ALSO_REQUIRED.map((rule) => [rule, { enabled: true }])) })
    .withTags(AXE_TAGS)
    .analyze();
  const blocking = results.violations
    .filter(
      (violation) => BLOCKING.has(violation.impact ?? '') || ALSO_REQUIRED.includes(violation.id),
    )
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 10),
    }));
  expect(blocking, `serious or critical axe violations on ${label}`).toEqual([]);
}
