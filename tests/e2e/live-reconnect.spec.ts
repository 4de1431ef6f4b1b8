import type { Page, Response } from '@playwright/test';
import { LIVE_EVENTS_PATH } from '../../src/shared/live-events.ts';
import { NOTIFICATION_TEXTS } from '../../src/shared/notifications.ts';
import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { pointHelpersAt } from '../support/e2e-env.ts';
import { expect, offerOverApi, signUpUsers, test, toast } from '../support/e2e-offers.ts';
import { startOwnServer, type OwnServer } from '../support/e2e-own-server.ts';
import { newTask, uniqueMark } from '../support/e2e-tasks.ts';
import { openEventStream } from '../support/event-stream.ts';

/**
 * Issue 47: an instance keeps EVENT_STREAMS_MAX live event streams and refuses more with 503.
 * EventSource gives up on any answer but 200, so the web app opens a refused stream again by
 * itself (10 s ×0.5–1.5, doubling): once a stream is free, the bell rings live without a reload.
 * A server of the test's own with room for one stream, so the test can fill it.
 */

let server: OwnServer | undefined;
let pointBack: (() => void) | undefined;
test.afterEach(async () => {
  pointBack?.();
  pointBack = undefined;
  await server?.dispose();
  server = undefined;
});

/** The bar's bell: its name says the unread count ("Notifications, 1 unread"). */
function barBell(page: Page) {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ });
}

const isLiveStream = (response: Response) => new URL(response.url()).pathname === LIVE_EVENTS_PATH;

test('a live stream refused while the instance is full opens again once one is free, and the bell then rings without a reload', async ({
  pageAs,
}) => {
  test.slow(true, 'its own server, and the first retry comes 5 to 15 s after the refusal');
  server = await startOwnServer({ env: { EVENT_STREAMS_MAX: '1' } });
  pointBack = pointHelpersAt(server.url);
  const [poster, bidder] = await signUpUsers('Ann Poster', 'Bo Bidder');
  const task = newTask({ title: `Fix the gate ${uniqueMark()}` });
  const taskId = await createTaskOverApi(poster, task);

  // The bidder's stream takes the instance's only place.
  const held = await openEventStream(`${server.url}${LIVE_EVENTS_PATH}`, {
    cookie: bidder.cookieHeader,
  });
  expect(held.response.status).toBe(200);

  const page = await pageAs(poster);
  const streamStatuses: number[] = [];
  page.on('response', (response) => {
    if (isLiveStream(response)) streamStatuses.push(response.status());
  });
  const refused = page.waitForResponse(isLiveStream);
  await page.goto('/my-posted-tasks');
  const refusal = await refused;
  expect(refusal.status()).toBe(503);
  expect(refusal.headers()['retry-after']).toMatch(/^\d+$/);

  // Released at once, well before the first retry (5 s at the soonest), which must be let in:
  // EventSource alone would never ask again.
  const connected = page.waitForResponse(
    (response) => isLiveStream(response) && response.status() === 200,
    { timeout: 30_000 },
  );
  held.close();
  await held.ended;
  await expect(barBell(page)).toHaveAccessibleName('Notifications');
  await connected;
  expect(streamStatuses).toEqual([503, 200]);

  // The page's stream is the open one: the bidder's offer reaches the poster's bell live.
  await offerOverApi(bidder, taskId);
  await expect(barBell(page)).toHaveAccessibleName('Notifications, 1 unread');
  const text = NOTIFICATION_TEXTS.offer_received({ name: bidder.name, title: task.title });
  await expect(toast(page, 'info', text)).toBeVisible();
  await expect(page).toHaveURL('/my-posted-tasks');
});
