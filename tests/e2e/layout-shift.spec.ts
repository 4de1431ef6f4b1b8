import type { Page } from '@playwright/test';
import { HOME_HEADINGS } from '../../src/client/components/home/home-content.ts';
import { createTaskOverApi, logInContext, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, expectNoHorizontalScroll, switchToForest, test } from '../support/e2e-fixtures.ts';
import { scrollHomeDown } from '../support/e2e-home.ts';
import { newTask } from '../support/e2e-tasks.ts';

/**
 * Issue 48: cumulative layout shift at most 0.05 on the home, search and task pages while they
 * load at a phone's size (the session check, the route's code and its data arrive one after the
 * other; each used to push the footer down the screen).
 */
const MAX_SHIFT = 0.05;

/** Sums the page's layout shifts not caused by input, from its first paint. */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const total = { value: 0 };
    Object.assign(window, { layoutShift: total });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) total.value += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShiftOf(page: Page): Promise<number> {
  // A moment for anything still on its way (fonts, images) to land.
  await page.waitForTimeout(1000);
  return page.evaluate(
    () => (window as unknown as { layoutShift: { value: number } }).layoutShift.value,
  );
}

test.use({ viewport: { width: 412, height: 823 } });

test('the home page shifts its layout by at most 0.05 while it loads', async ({ page }) => {
  await watchLayoutShift(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await layoutShiftOf(page)).toBeLessThanOrEqual(MAX_SHIFT);
});

test('the search page shifts its layout by at most 0.05 while it loads', async ({ page }) => {
  const poster = await signUpOverApi({ name: 'Shift Poster' });
  await createTaskOverApi(poster, newTask());
  await watchLayoutShift(page);
  await page.goto('/browse-tasks');
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await layoutShiftOf(page)).toBeLessThanOrEqual(MAX_SHIFT);
});

test('a task page shifts its layout by at most 0.05 while it loads', async ({ page, context }) => {
  const poster = await signUpOverApi({ name: 'Shift Poster' });
  const task = newTask();
  const id = await createTaskOverApi(poster, task);
  await logInContext(context, await signUpOverApi({ name: 'Shift Reader' }));
  await watchLayoutShift(page);
  await page.goto(`/task/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
  expect(await layoutShiftOf(page)).toBeLessThanOrEqual(MAX_SHIFT);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the home page, its later sections loaded, and the search page pass axe in ${theme}`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      if (theme === 'forest') await switchToForest(page);
      await scrollHomeDown(page);
      await expect(
        page.getByRole('heading', { level: 2, name: HOME_HEADINGS.newsletter }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/ in ${theme}`);
      await expectNoHorizontalScroll(page, `/ in ${theme}`);
      await page.goto('/browse-tasks');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/browse-tasks in ${theme}`);
    });
  }
});
