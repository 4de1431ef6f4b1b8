import type { Page } from '@playwright/test';
import { HOME_HEADINGS } from '../../src/client/components/home/first-screen.ts';
import { TASK_MESSAGES } from '../../src/shared/task-rules.ts';
import { TRUST_FIGURE_MIN } from '../../src/shared/trust-figures.ts';
import { createTaskOverApi, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, switchToForest, test } from '../support/e2e-fixtures.ts';
import { scrollHomeDown } from '../support/e2e-home.ts';
import { logInOnOwnServer } from '../support/e2e-own-server.ts';
import { newTask, startEmptyServer, uniqueMark, type EmptyServer } from '../support/e2e-tasks.ts';

/**
 * Issue 51's home page: the hero's search, the trust figures (hidden while too small, shown from
 * real figures), the first-use state of an empty marketplace, and axe at a phone's width in both
 * themes.
 */

const FIGURE_LABELS = [/tasks completed/, /paid through escrow/, /average of \d+ reviews/];

/** Opens the home page and waits for its trust figures' answer. */
async function openHome(page: Page, url = '/') {
  const figures = page.waitForResponse((response) => response.url().endsWith('/api/trust-figures'));
  await page.goto(url);
  await figures;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('the hero search goes to the search page with the words in its address', async ({ page }) => {
  const words = `hero ${uniqueMark()}`;
  const poster = await signUpOverApi();
  await createTaskOverApi(poster, newTask({ title: `Task for the ${words}` }));
  await openHome(page);
  const search = page.getByRole('search');
  await search.getByRole('searchbox', { name: 'Search tasks' }).fill(words);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/browse-tasks?q=${encodeURIComponent(words).replace(/%20/g, '+')}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue(words);
  await expect(main.getByRole('heading', { name: `Task for the ${words}` })).toBeVisible();
});

test('the hero takes the brand colours of each theme', async ({ page }) => {
  await openHome(page);
  const slide = page.getByRole('group', { name: '1 of 4' });
  /** The slide's gradient and the theme's primary colour, both as the browser computes them. */
  const colours = () =>
    slide.evaluate((element) => {
      const probe = document.createElement('span');
      probe.style.color = 'color-mix(in oklab, var(--color-primary) 40%, black)';
      element.append(probe);
      const primary = getComputedStyle(probe).color;
      probe.remove();
      return { gradient: getComputedStyle(element).backgroundImage, primary };
    });
  const winter = await colours();
  expect(winter.gradient).toContain(winter.primary);
  await switchToForest(page);
  const forest = await colours();
  expect(forest.gradient).toContain(forest.primary);
  expect(forest.gradient).not.toBe(winter.gradient);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the home page passes axe in both themes, its later sections loaded', async ({ page }) => {
    await openHome(page);
    await scrollHomeDown(page);
    await expect(page.getByRole('heading', { name: HOME_HEADINGS.featured })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home at 375 px, winter');
    await switchToForest(page);
    await expectNoSeriousA11yViolations(page, 'home at 375 px, forest');
  });
});

test.describe('an empty marketplace', () => {
  let server: EmptyServer;
  test.describe.configure({ mode: 'default' });
  test.beforeAll(async () => {
    server = await startEmptyServer();
  });
  test.afterAll(async () => server?.stop());

  test('shows no figures, and offers to post the first task (sign-in first)', async ({
    page,
    context,
  }) => {
    await openHome(page, server.url);
    for (const label of FIGURE_LABELS) await expect(page.getByText(label)).toHaveCount(0);
    await scrollHomeDown(page);
    const featured = page.locator('section[aria-labelledby="featured-tasks"]');
    await expect(featured.getByText(TASK_MESSAGES.noTasks, { exact: true })).toBeVisible();
    await featured.getByRole('link', { name: 'Post the first task' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);

    await logInOnOwnServer(context, server);
    await page.goto(`${server.url}/browse-tasks`);
    const main = page.getByRole('main');
    await expect(main.getByText(TASK_MESSAGES.noTasks, { exact: true })).toBeVisible();
    await main.getByRole('link', { name: 'Post the first task' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add a Task' })).toBeVisible();
  });
});

test.describe('a marketplace with its first completed tasks', () => {
  let server: EmptyServer;
  test.describe.configure({ mode: 'default' });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from its first parameter.
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    server = await startEmptyServer({ env: { NEW_ACCOUNT_TASKS_PER_DAY: '50' } });
    // TRUST_FIGURE_MIN hires, each completed and reviewed both ways (5 and 4 stars), no payments
    // (this server hires without money): two figures show, the payments one stays hidden.
    const poster = await server.signUp();
    const freelancer = await server.signUp();
    const ok = async (
      method: string,
      path: string,
      who: { cookie: string },
      body?: unknown,
    ): Promise<Record<string, unknown>> => {
      const { response, body: answer } = await server.call(method, path, body, who.cookie);
      expect(response.ok, `${path}: ${JSON.stringify(answer)}`).toBe(true);
      return answer;
    };
    for (let i = 0; i < TRUST_FIGURE_MIN; i++) {
      const taskId = await server.createTask(poster.cookie, newTask());
      const offer = await ok('POST', `/api/tasks/${taskId}/offers`, freelancer, {
        amount: 100,
        message: 'I can do this well and on time.',
      });
      await ok('POST', `/api/offers/${String(offer.insertedId)}/accept`, poster);
      await ok('POST', `/api/tasks/${taskId}/deliver`, freelancer);
      await ok('POST', `/api/tasks/${taskId}/complete`, poster);
      await ok('POST', `/api/tasks/${taskId}/reviews`, poster, { rating: 5 });
      await ok('POST', `/api/tasks/${taskId}/reviews`, freelancer, { rating: 4 });
    }
  });
  test.afterAll(async () => server?.stop());

  test('shows the figures it has enough of, from the real counts', async ({ page }) => {
    await openHome(page, server.url);
    const completed = page.getByText('tasks completed', { exact: true });
    await expect(completed).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^10$/ })).toBeVisible();
    await expect(page.getByText('average of 20 reviews', { exact: true })).toBeVisible();
    await expect(page.getByText('4.5 ★', { exact: true })).toBeVisible();
    await expect(page.getByText(/paid through escrow/)).toHaveCount(0);
  });
});
