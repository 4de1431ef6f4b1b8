import type { Page } from '@playwright/test';
import { offerLink } from '../../src/shared/links.ts';
import { NOTIFICATION_TEXTS, NOTIFICATIONS_PAGE_SIZE } from '../../src/shared/notifications.ts';
import {
  LOAD_MORE,
  MARK_ALL_READ,
  NO_NOTIFICATIONS,
} from '../../src/client/features/notifications/notifications-list.tsx';
import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  acceptOverApi,
  expect,
  expectNoHorizontalScroll,
  offerOverApi,
  signUpUsers,
  test,
  toast,
} from '../support/e2e-offers.ts';
import { newTask, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 10's notifications in the web app: the bell in the bar and the sidebar with the unread
 * count, raised live (no reload) with a toast; the notifications page, newest first, a page at a
 * time, each linking to what it is about; "Mark all as read"; nobody notified of their own act.
 */

/** The bar's bell: its name says the unread count ("Notifications, 2 unread"). */
function barBell(page: Page) {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ });
}

function notificationItems(page: Page) {
  return page.getByRole('list', { name: 'Your notifications' }).getByRole('listitem');
}

test('an offer on my task raises my bell live with a toast; the page links to the offer; mark all as read', async ({
  pageAs,
}) => {
  const [poster, bidder] = await signUpUsers('Ann Poster', 'Bo Bidder');
  const task = newTask({ title: `Paint the fence ${uniqueMark()}` });
  const taskId = await createTaskOverApi(poster, task);

  const posterPage = await pageAs(poster);
  const bidderPage = await pageAs(bidder);
  await posterPage.goto('/my-posted-tasks');
  await bidderPage.goto('/dashboard');
  await expect(barBell(posterPage)).toHaveAccessibleName('Notifications');
  // Posting the task told nobody, the poster included.
  const sidebarBell = bidderPage
    .getByRole('complementary', { name: 'Dashboard' })
    .getByRole('link', { name: /^Notifications/ });
  await expect(sidebarBell).toHaveAccessibleName('Notifications');

  // The bidder offers: the poster's open page learns of it without a reload.
  const offerId = await offerOverApi(bidder, taskId);
  const text = NOTIFICATION_TEXTS.offer_received({ name: bidder.name, title: task.title });
  await expect(barBell(posterPage)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(barBell(posterPage)).toContainText('1');
  await expect(toast(posterPage, 'info', text)).toBeVisible();
  await expect(posterPage).toHaveURL('/my-posted-tasks');

  // The poster accepts: the bidder is told, live, in the sidebar; the poster of nothing new.
  await acceptOverApi(poster, offerId);
  const accepted = NOTIFICATION_TEXTS.offer_accepted({ name: poster.name, title: task.title });
  await expect(sidebarBell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(toast(bidderPage, 'info', accepted)).toBeVisible();
  await expect(barBell(posterPage)).toHaveAccessibleName('Notifications, 1 unread');

  // The bell leads to the list: the offer, unread, linking to the task.
  await barBell(posterPage).click();
  await expect(posterPage).toHaveURL('/notifications');
  await expect(posterPage).toHaveTitle('Tasklane | Notifications');
  await expect(posterPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(notificationItems(posterPage)).toHaveCount(1);
  const item = notificationItems(posterPage).first();
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: text })).toHaveAttribute(
    'href',
    offerLink(taskId, offerId),
  );
  await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

  // Mark all as read clears the count and the item's unread mark, and stays so after a reload.
  await posterPage.getByRole('button', { name: MARK_ALL_READ }).click();
  await expect(barBell(posterPage)).toHaveAccessibleName('Notifications');
  await expect(item.getByText('New', { exact: true })).toHaveCount(0);
  await expect(posterPage.getByRole('button', { name: MARK_ALL_READ })).toBeDisabled();
  await posterPage.reload();
  await expect(notificationItems(posterPage)).toHaveCount(1);
  await expect(barBell(posterPage)).toHaveAccessibleName('Notifications');

  // The bidder's own list holds only what the poster did: not their own offer.
  await sidebarBell.click();
  await expect(bidderPage).toHaveURL('/notifications');
  await expect(notificationItems(bidderPage)).toHaveText([new RegExp(accepted)]);
});

test('the open list shows a new notification at the top; opening one marks it read; load more', async ({
  pageAs,
}) => {
  const [poster, bidder] = await signUpUsers('Pia Poster', 'Ben Bidder');
  const count = NOTIFICATIONS_PAGE_SIZE + 1;
  const tasks = Array.from({ length: count }, (_, index) =>
    newTask({ title: `Job ${index + 1} ${uniqueMark()}` }),
  );
  const ids: string[] = [];
  for (const task of tasks) ids.push(await createTaskOverApi(poster, task));
  const offerIds: string[] = [];
  for (const id of ids.slice(0, -1)) offerIds.push(await offerOverApi(bidder, id));
  const textOf = (index: number) =>
    NOTIFICATION_TEXTS.offer_received({ name: bidder.name, title: tasks[index]!.title });

  const page = await pageAs(poster);
  // The live stream is open before anything new happens (the bell's count no longer says so:
  // the list reads what it shows).
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/events'));
  await page.goto('/notifications');
  await streamOpen;
  await expect(notificationItems(page)).toHaveCount(NOTIFICATIONS_PAGE_SIZE);
  // What the list shows is read (issue 17): the bell drops, the "New" tags stay for this visit.
  await expect(barBell(page)).toHaveAccessibleName('Notifications');
  await expect(notificationItems(page).first()).toContainText(textOf(count - 2));
  await expect(notificationItems(page).first().getByText('New', { exact: true })).toBeVisible();

  // A new one arrives at the top of the open list, and the bell counts it.
  await offerOverApi(bidder, ids[count - 1]!);
  await expect(notificationItems(page).first()).toContainText(textOf(count - 1));
  await expect(barBell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(notificationItems(page)).toHaveCount(NOTIFICATIONS_PAGE_SIZE + 1);

  // Load more brings the older ones, down to the first, and then there is no more.
  await page.getByRole('button', { name: LOAD_MORE }).click();
  await expect(notificationItems(page)).toHaveCount(count);
  await expect(notificationItems(page).last()).toContainText(textOf(0));
  await expect(page.getByRole('button', { name: LOAD_MORE })).toHaveCount(0);

  // Opening one goes to its task.
  await page.getByRole('link', { name: textOf(0) }).click();
  await expect(page).toHaveURL(offerLink(ids[0]!, offerIds[0]!));
  await expect(barBell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // The next visit shows the one that came in live, and so reads it; after that, none is new.
  // (The task page's own read, by link, may answer after this point: it is not the one.)
  const marked = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/notifications/read') &&
      response.ok() &&
      Array.isArray(response.request().postDataJSON()?.ids),
  );
  await page.goto('/notifications');
  await marked;
  await expect(barBell(page)).toHaveAccessibleName('Notifications');
  await page.reload();
  await expect(notificationItems(page)).toHaveCount(NOTIFICATIONS_PAGE_SIZE);
  await expect(page.getByRole('list', { name: 'Your notifications' }).getByText('New')).toHaveCount(
    0,
  );
});

test('notifications by keyboard, axe-clean with and without items, and at 375 px', async ({
  pageAs,
}) => {
  const [poster, bidder] = await signUpUsers('Kim Keys', 'Lu Lister');
  const page = await pageAs(poster);
  await page.goto('/notifications');
  await expect(page.getByText(NO_NOTIFICATIONS)).toBeVisible();
  await expect(page.getByRole('button', { name: MARK_ALL_READ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, '/notifications, empty');

  const task = newTask({ title: `Fix the tap ${uniqueMark()}` });
  await offerOverApi(bidder, await createTaskOverApi(poster, task));
  await expect(barBell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(notificationItems(page)).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, '/notifications, one unread');

  // The bell is reached with Tab from the top of the page and opened with Enter.
  await page.goto('/about-us');
  const bell = barBell(page);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  for (let presses = 0; presses < 20; presses += 1) {
    await page.keyboard.press('Tab');
    if (await bell.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(bell).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/notifications');

  // At 375 px the bell stays in the bar and the list fits the width.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(barBell(page)).toBeVisible();
  await expect(notificationItems(page)).toHaveCount(1);
  await expectNoHorizontalScroll(page, '/notifications at 375 px');
  await expectNoSeriousA11yViolations(page, '/notifications at 375 px');
});

test('when the notifications code cannot load, the page still works without the bell, which comes back with its code', async ({
  pageAs,
}) => {
  const [user] = await signUpUsers('Una Offline');
  const page = await pageAs(user);
  const chunk = '**/assets/live-notifications-*.js';
  await page.route(chunk, (route) => route.abort('connectionrefused'));
  await page.goto('/about-us');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(barBell(page)).toHaveCount(0);

  // The code can load again: the next page shows the bell.
  await page.unroute(chunk);
  await nav.getByRole('link', { name: 'Browse Tasks' }).click();
  await expect(barBell(page)).toHaveAccessibleName('Notifications');
});
