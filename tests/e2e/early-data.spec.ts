import type { Page } from '@playwright/test';
import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { LIVE_EVENTS_READ_AGO_MARGIN_MS } from '../../src/shared/live-events.ts';
import { expect, offerOverApi, signUpUsers, test } from '../support/e2e-offers.ts';
import { newTask } from '../support/e2e-tasks.ts';

/**
 * Issue 17: a page's data is requested beside its code, not after it. Each test holds back the
 * page's own JavaScript until the page's API reads have been sent (or 5 s have passed), then
 * checks that they had been, that each was sent once, and that the page shows what they read.
 */

/** Holds the chunk of `pageFile` (routes/<pageFile>.tsx) until every path of `reads` is sent. */
async function holdPageCode(page: Page, pageFile: string, reads: RegExp[]) {
  const sent: string[] = [];
  // Every request of the page, in order, for the message of a failure: a read sent twice is
  // told apart from a page loaded twice (a document request) by what came between.
  const started = Date.now();
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    seen.push(`${Date.now() - started} ms ${request.resourceType()} ${url.pathname}${url.search}`);
    if (url.pathname.startsWith('/api/')) sent.push(url.pathname + url.search);
  });
  const allSent = () => reads.every((read) => sent.some((path) => read.test(path)));
  let sentBeforeCode: boolean | undefined;
  await page.route(new RegExp(`/assets/${pageFile}-[\\w-]+\\.js$`), async (route) => {
    const until = Date.now() + 5000;
    while (!allSent() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    sentBeforeCode ??= allSent();
    await route.continue();
  });
  return {
    sentBeforeCode: () => sentBeforeCode,
    timesSent: (read: RegExp) => sent.filter((path) => read.test(path)).length,
    requests: () => seen.join('\n'),
  };
}

test('a first visit to the dashboard asks for its data while its code loads', async ({
  pageAs,
}) => {
  const [user] = await signUpUsers('Dana Early');
  await createTaskOverApi(user, newTask({ title: 'Early dashboard task' }));
  const page = await pageAs(user);
  const reads = [/^\/api\/tasks\/count$/, /^\/api\/me\/offers$/, /^\/api\/tasks\?email=/];
  const held = await holdPageCode(page, 'dashboard-overview', reads);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Early dashboard task')).toBeVisible();
  expect(held.sentBeforeCode()).toBe(true);
  for (const read of reads) expect(held.timesSent(read), `${read}\n${held.requests()}`).toBe(1);
});

test('following a link to a task asks for its four reads while the page code loads', async ({
  pageAs,
}) => {
  const [poster, bidder] = await signUpUsers('Pat Early', 'Bea Early');
  const taskId = await createTaskOverApi(poster, newTask({ title: 'Early task page' }));
  await offerOverApi(bidder, taskId);
  const offeredAt = Date.now();
  const page = await pageAs(poster);
  await page.goto('/my-posted-tasks');
  await expect(page.getByRole('link', { name: 'Early task page' }).first()).toBeVisible();
  // A change just before a page's reads makes its live stream ask it to read again
  // (LIVE_EVENTS_READ_AGO_MARGIN_MS): this test counts the reads of one load.
  await page.waitForTimeout(
    Math.max(0, offeredAt + LIVE_EVENTS_READ_AGO_MARGIN_MS + 500 - Date.now()),
  );
  const task = `/api/tasks/${taskId}`;
  const reads = ['', '/offers', '/reviews', '/questions'].map(
    (tail) => new RegExp(`^${task}${tail}$`),
  );
  const held = await holdPageCode(page, 'task-details', reads);
  await page.getByRole('link', { name: 'Early task page' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Early task page' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Offer from ${bidder.name}` })).toBeVisible();
  expect(held.sentBeforeCode()).toBe(true);
  for (const read of reads) expect(held.timesSent(read), `${read}\n${held.requests()}`).toBe(1);
});

test('a first visit to a search asks for its results while the page code loads', async ({
  page,
}) => {
  const [poster] = await signUpUsers('Sam Early');
  await createTaskOverApi(poster, newTask({ title: 'Early searched quokka logo' }));
  const read = /^\/api\/tasks\/search\?q=quokka&sort=budget_desc$/;
  const held = await holdPageCode(page, 'browse-tasks', [read]);
  await page.goto('/browse-tasks?q=quokka&sort=budget_desc');
  await expect(
    page.getByRole('link', { name: 'Early searched quokka logo' }).first(),
  ).toBeVisible();
  expect(held.sentBeforeCode()).toBe(true);
  expect(held.timesSent(read), held.requests()).toBe(1);
});

test('following a link from the home page to the search asks for its results with the code', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const read = /^\/api\/tasks\/search$/;
  const held = await holdPageCode(page, 'browse-tasks', [read]);
  await page.getByRole('navigation').getByRole('link', { name: 'Browse Tasks' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Tasks' })).toBeVisible();
  expect(held.sentBeforeCode()).toBe(true);
  expect(held.timesSent(read), held.requests()).toBe(1);
});
