import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { UNREACHABLE_TITLE } from '../../src/client/components/unreachable.tsx';
import { UNREACHABLE_MESSAGE } from '../../src/client/lib/api-error.ts';
import { RELOAD_MARKER } from '../../src/client/lib/load-failure.ts';
import { NOT_FOUND_TITLE } from '../../src/client/routes/not-found.tsx';
import { SEARCH_MESSAGES } from '../../src/shared/search-rules.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';
import {
  chunkFile,
  copyBuiltClient,
  logInOnOwnServer,
  redeployClient,
  startOwnServer,
  type OwnServer,
} from '../support/e2e-own-server.ts';

/**
 * Issue 8: a page that cannot load (the server is down, or a redeploy removed its code) says it
 * could not reach Tasklane and offers Retry, never the 404 page; a chunk gone after a redeploy
 * reloads the page once by itself; logout offline says so in words.
 * Each test runs its own server, since it stops it or changes its files.
 */

let server: OwnServer | undefined;
let client: ReturnType<typeof copyBuiltClient> | undefined;
test.afterEach(async () => {
  await server?.dispose();
  server = undefined;
  client?.remove();
  client = undefined;
});

/** A server process started twice: each start takes seconds on a busy two-core machine. */
const STARTS_TWICE = 'starts its own server process twice';

/** Counts the documents the tab loads: the first visit is 1, each reload adds one. */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

function unreachablePage(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1, name: UNREACHABLE_TITLE });
}

function retryButton(page: Page) {
  return page.getByRole('main').getByRole('button', { name: 'Retry' });
}

test('with the server down, a page whose code is not loaded yet says it could not reach Tasklane; Retry loads it once the server is back', async ({
  page,
}) => {
  test.slow(true, STARTS_TWICE);
  server = await startOwnServer();
  const documentLoads = countDocumentLoads(page);
  await page.goto(`${server.url}/about-us`);
  await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();

  await server.stop();
  await mainNav(page).getByRole('link', { name: 'Browse Tasks' }).click();
  await expect(unreachablePage(page)).toBeVisible();
  await expect(page).toHaveTitle(`Tasklane | ${UNREACHABLE_TITLE}`);
  await expect(page.getByText(NOT_FOUND_TITLE)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the could-not-reach page');

  // Still down: Retry tries again and says so again.
  const failedAgain = page.waitForEvent('requestfailed');
  await retryButton(page).click();
  await failedAgain;
  await expect(unreachablePage(page)).toBeVisible();

  await server.restart();
  await retryButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Tasks' })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/browse-tasks`);
  expect(documentLoads(), 'Retry never reloads the page').toBe(1);
});

test('with the server down, a page whose data does not come says so too; Retry (by keyboard) fetches it again', async ({
  page,
}) => {
  test.slow(true, STARTS_TWICE);
  server = await startOwnServer();
  const documentLoads = countDocumentLoads(page);
  await page.goto(`${server.url}/browse-tasks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Tasks' })).toBeVisible();

  await server.stop();
  await mainNav(page).getByRole('link', { name: 'Browse Tasks' }).click();
  // Issue 11: Browse loads its search itself and says so in place, under its own heading.
  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toContainText(SEARCH_MESSAGES.loadFailed);
  await expect(failure).toContainText(UNREACHABLE_MESSAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Tasks' })).toBeVisible();
  await expect(page.getByText(NOT_FOUND_TITLE)).toHaveCount(0);

  await server.restart();
  await retryButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(failure).toHaveCount(0);
  await expect(page.getByRole('main').getByText(/^\d+ tasks?$/)).toBeVisible();
  expect(documentLoads(), 'Retry never reloads the page').toBe(1);
});

test('logout while the server is down says Tasklane could not be reached', async ({
  page,
  context,
}) => {
  server = await startOwnServer();
  await logInOnOwnServer(context, server);
  await page.goto(`${server.url}/about-us`);
  const logout = mainNav(page).getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  // Logout's dialog code comes after the page shows (use-logout.ts): loaded, with all it
  // imports, before the server goes (in CI a busy machine stopped it first, and no dialog came).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const chunk = performance
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/dialog-box-[^/]*\.js$/.test(entry.name));
        if (!chunk) return false;
        await import(chunk.name);
        return true;
      }),
    )
    .toBe(true);

  await server.stop();
  await logout.click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, logout!' })
    .click();
  await expect(toast(page, 'error', UNREACHABLE_MESSAGE)).toBeVisible();
  await expect(page.getByText(/dynamically imported module|Failed to fetch/)).toHaveCount(0);
  await expect(logout).toBeVisible();
});

test('after a redeploy, a page whose old code chunk is gone reloads once by itself and shows', async ({
  page,
}) => {
  test.slow(true, STARTS_TWICE);
  client = copyBuiltClient();
  server = await startOwnServer({ clientDir: client.dir });
  const documentLoads = countDocumentLoads(page);
  await page.goto(`${server.url}/about-us`);
  await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();

  // A redeploy: the new build in place of the old one, and the server started again.
  await server.stop();
  redeployClient(client.dir);
  await server.restart();
  await mainNav(page).getByRole('link', { name: 'Browse Tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Tasks' })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/browse-tasks`);
  expect(documentLoads()).toBe(2);
  // The guard against reload loops is cleared once the new code loaded.
  expect(await page.evaluate((key) => sessionStorage.getItem(key), RELOAD_MARKER)).toBeNull();
});

test('a code chunk that stays missing reloads the page only once, then offers Retry', async ({
  page,
}) => {
  client = copyBuiltClient();
  server = await startOwnServer({ clientDir: client.dir });
  const documentLoads = countDocumentLoads(page);
  await page.goto(`${server.url}/about-us`);
  await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();

  fs.rmSync(chunkFile(client.dir, 'browse-tasks'));
  await mainNav(page).getByRole('link', { name: 'Browse Tasks' }).click();
  await expect(unreachablePage(page)).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/browse-tasks`);
  expect(documentLoads()).toBe(2);

  const failedAgain = page.waitForResponse((response) => response.status() === 404);
  await retryButton(page).click();
  await failedAgain;
  await expect(unreachablePage(page)).toBeVisible();
  expect(documentLoads(), 'no second reload').toBe(2);
});
