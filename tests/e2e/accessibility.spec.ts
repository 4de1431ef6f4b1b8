import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, switchToForest, test } from '../support/e2e-fixtures.ts';

/**
 * WCAG 2 A/AA with axe-core: no serious or critical violation on the open pages, in both themes
 * (winter as the page opens, then forest through the theme switch).
 */

const PAGES = [
  ['home', '/', 'Home'],
  ['about', '/about-us', 'About Us'],
  ['contact', '/contact-us', 'Contact Us'],
  ['terms', '/terms', 'Terms & Conditions'],
  ['login', '/login', 'Login'],
  ['signup', '/signup', 'Sign Up'],
  ['404', '/no-such-page', '404 - Page Not Found'],
] as const;

for (const [label, path, title] of PAGES) {
  test(`${label} (${path}) has no serious or critical axe violations in winter and forest`, async ({
    page,
  }) => {
    // Less motion: the home page then shows every section at once (no scroll reveal, which
    // keeps sections below the fold transparent and so out of axe's contrast checks).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await expect(page).toHaveTitle(`Tasklane | ${title}`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'winter');
    await expectNoSeriousA11yViolations(page, `${path} in winter`);

    await switchToForest(page);
    await expectNoSeriousA11yViolations(page, `${path} in forest`);
  });
}
