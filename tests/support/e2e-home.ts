import type { Page } from '@playwright/test';

/**
 * Scrolls the home page to where its later sections start, as a reader does: they load only when
 * the visitor comes near them (issue 48), so a test of them scrolls first.
 */
export async function scrollHomeDown(page: Page): Promise<void> {
  const howItWorks = page.locator('section[aria-labelledby="how-it-works"]');
  await howItWorks.waitFor();
  // The box that holds the later sections' place follows how it works.
  await howItWorks.evaluate((section) => section.nextElementSibling?.scrollIntoView());
  await page.locator('#featured-tasks').waitFor({ state: 'attached' });
}
