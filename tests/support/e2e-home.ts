import type { Page } from '@playwright/test';

/**
 * Scrolls the home page to its end, as a reader does: the sections below its first screen load
 * only when the visitor comes near them (issue 48), so a test of them scrolls first.
 */
export async function scrollHomeDown(page: Page): Promise<void> {
  await page.locator('#home-title').waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('#featured-tasks').waitFor({ state: 'attached' });
}
