import { expect, test } from '../support/e2e-fixtures.ts';

/** spec §4 "Theme": winter by default, one toggle to forest, saved under 'theme', restored on load. */

interface ThemeLog {
  /** Each change of <html data-theme>, with whether <body> had been parsed yet. */
  changes: { value: string | null; bodyParsed: boolean }[];
  atDomContentLoaded?: string | null;
}

test('the theme starts as winter, toggles to forest, is saved and survives a reload without a flash', async ({
  page,
}) => {
  // Records every change of the theme attribute from the very start of each document.
  await page.addInitScript(() => {
    const log: ThemeLog = { changes: [] };
    (window as unknown as { themeLog: ThemeLog }).themeLog = log;
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target !== document.documentElement) continue;
        log.changes.push({
          value: document.documentElement.getAttribute('data-theme'),
          bodyParsed: document.body !== null,
        });
      }
    }).observe(document, { attributes: true, attributeFilter: ['data-theme'], subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      log.atDomContentLoaded = document.documentElement.getAttribute('data-theme');
    });
  });
  const themeLog = () =>
    page.evaluate(() => (window as unknown as { themeLog: ThemeLog }).themeLog);
  const html = page.locator('html');
  const toggle = page.getByRole('checkbox', { name: 'Dark theme' });

  await page.goto('/about-us');
  await expect(html).toHaveAttribute('data-theme', 'winter');
  await expect(toggle).not.toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'forest');
  await expect(toggle).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('forest');

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'forest');
  await expect(toggle).toBeChecked();
  // No flash: forest was on <html> before <body> was parsed, so before the first paint.
  const log = await themeLog();
  expect(log.atDomContentLoaded).toBe('forest');
  expect(log.changes).toEqual([{ value: 'forest', bodyParsed: false }]);

  // The saved theme holds across pages, and toggling back saves winter.
  await page.goto('/terms');
  await expect(html).toHaveAttribute('data-theme', 'forest');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'winter');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('winter');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'winter');
  await expect(toggle).not.toBeChecked();
});

test.describe('with the computer in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the theme follows the computer until the visitor chooses, then keeps the choice', async ({
    page,
  }) => {
    const html = page.locator('html');
    const toggle = page.getByRole('checkbox', { name: 'Dark theme' });
    await page.goto('/about-us');
    await expect(html).toHaveAttribute('data-theme', 'forest');
    await expect(toggle).toBeChecked();
    // The computer switches to light while the page is open: the page follows.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'winter');
    await expect(toggle).not.toBeChecked();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'forest');

    // Chosen: light, whatever the computer says from now on.
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'winter');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'winter');
    await expect(toggle).not.toBeChecked();
  });
});
