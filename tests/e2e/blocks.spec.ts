import type { Page } from '@playwright/test';
import { MODERATION_MESSAGES } from '../../src/shared/moderation.ts';
import { TASK_MESSAGES } from '../../src/shared/task-rules.ts';
import { callApi, createTaskOverApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  offerOverApi,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../support/e2e-offers.ts';
import { followNavLink } from '../support/e2e-fixtures.ts';
import { newTask, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 20 "Block" in the browser: from a private conversation (the pending offer between the
 * two is withdrawn and no new one gets through), from a profile, and undone on
 * /dashboard/blocked; the new controls pass axe on a phone in both themes.
 */

const NO_BLOCKS = 'You have not blocked anyone.';

/** POST /api/users/:id/block as `user`, expecting 200. */
async function blockOverApi(user: SignedUpUser, other: SignedUpUser): Promise<void> {
  const answer = await callApi('POST', `/api/users/${other.id}/block`, {
    cookie: user.cookieHeader,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function myBlocksOverApi(user: SignedUpUser) {
  const answer = await callApi<{ _id: string; name: string }[]>('GET', '/api/me/blocks', {
    cookie: user.cookieHeader,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Confirms the open Block dialog for `name`, checking that it says what blocking does. */
async function confirmBlock(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Block ${name}?` });
  await expect(dialog).toContainText('Pending offers between you are withdrawn.');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

function blockedList(page: Page) {
  return page.getByRole('main').getByRole('list', { name: 'Blocked users' });
}

/** Several users' browser contexts side by side (and axe runs) on two shared cores. */
const SEVERAL_CONTEXTS = 'several browser contexts at once';

test("a poster blocks a bidder from their offer's conversation: the offer is withdrawn and a new one is refused", async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const [poster, bidder] = await signUpUsers('Pia Poster', 'Bo Bidder');
  const taskId = await createTaskOverApi(poster, newTask({ title: `Paint ${uniqueMark()}` }));
  const offerId = await offerOverApi(bidder, taskId);
  const otherTaskId = await createTaskOverApi(poster, newTask({ title: `Sand ${uniqueMark()}` }));

  const posterPage = await pageAs(poster);
  await posterPage.goto(`/task/${taskId}`);
  const offerCard = posterPage.getByRole('article', { name: `Offer from ${bidder.name}` });
  await offerCard.getByRole('button', { name: `Messages with ${bidder.name}` }).click();
  const conversation = posterPage.getByRole('region', {
    name: `Private messages with ${bidder.name}`,
  });
  // Cancel blocks nobody.
  const block = conversation.getByRole('button', { name: `Block ${bidder.name}`, exact: true });
  await block.click();
  await posterPage
    .getByRole('dialog', { name: `Block ${bidder.name}?` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(block).toBeFocused();
  expect(await myBlocksOverApi(poster)).toEqual([]);

  await block.click();
  await confirmBlock(posterPage, bidder.name);
  await expect(
    toast(posterPage, 'success', MODERATION_MESSAGES.blockDone(bidder.name)),
  ).toBeVisible();
  // The withdrawn offer leaves the list; the focus goes to its heading, not the top of the page.
  await expect(offerCard).toHaveCount(0);
  await expect(posterPage.getByRole('heading', { name: 'Offers', exact: true })).toBeFocused();

  const mine = await callApi<{ _id: string; status: string }[]>('GET', '/api/me/offers', {
    cookie: bidder.cookieHeader,
  });
  expect(mine.body).toEqual([expect.objectContaining({ _id: offerId, status: 'withdrawn' })]);

  // On another of the poster's tasks the bidder is told only that they cannot contact them.
  const bidderPage = await pageAs(bidder);
  await bidderPage.goto(`/task/${otherTaskId}`);
  const section = bidderPage.getByRole('main').getByRole('region', { name: 'Bid on this task' });
  await section.getByRole('button', { name: 'Place Bid' }).click();
  const form = section.getByRole('form', { name: 'Your offer' });
  await form.getByLabel('Message').fill('I can sand it tomorrow.');
  await form.getByRole('button', { name: 'Send offer' }).click();
  // spec §8's toast for a refused bid with the server's reason (issue 47), which the form shows too.
  await expect(
    toast(bidderPage, 'error', `${TASK_MESSAGES.bidFailed} ${MODERATION_MESSAGES.blocked}`),
  ).toBeVisible();
  await expect(form.getByText(MODERATION_MESSAGES.blocked, { exact: true })).toBeVisible();
  const offers = await callApi<unknown[]>('GET', `/api/tasks/${otherTaskId}/offers`, {
    cookie: poster.cookieHeader,
  });
  expect(offers.body).toEqual([]);
});

test('block from a profile, see it on Blocked users, unblock there by keyboard; the profile offers Block again', async ({
  pageAs,
}) => {
  const [blocker, earlier, rude] = await signUpUsers('Bea Blocker', 'Otto Older', 'Rex Rude');
  await blockOverApi(blocker, earlier);
  const page = await pageAs(blocker);

  // No Block on my own profile.
  await page.goto(`/users/${blocker.id}`);
  await expect(page.getByRole('heading', { level: 1, name: blocker.name })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: /block/i })).toHaveCount(0);

  await page.goto(`/users/${rude.id}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Block', exact: true }).click();
  await confirmBlock(page, rude.name);
  await expect(toast(page, 'success', MODERATION_MESSAGES.blockDone(rude.name))).toBeVisible();
  // The same control, now Unblock, keeps the focus the dialog gave back.
  await expect(main.getByRole('button', { name: 'Unblock', exact: true })).toBeFocused();
  await page.reload();
  await expect(main.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();

  // The dashboard's sidebar leads to the list, the most recent first.
  await page.goto('/dashboard');
  const sidebar = { nav: 'Dashboard pages', name: 'Blocked users' };
  await followNavLink(page, sidebar, '/dashboard/blocked', 'Blocked users');
  await expect(page.getByRole('heading', { level: 1, name: 'Blocked users' })).toBeVisible();
  const items = blockedList(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByRole('link', { name: rude.name })).toHaveAttribute(
    'href',
    `/users/${rude.id}`,
  );
  await expect(items.nth(1).getByRole('link', { name: earlier.name })).toBeVisible();
  const today = await page.evaluate(() => new Date().toLocaleDateString());
  await expect(items.nth(0)).toContainText(`Blocked on ${today}`);
  await expect(items.nth(0).locator('img')).toHaveAttribute('src', rude.image);

  // Unblock by keyboard: the item goes, the focus goes to the heading.
  const unblockRude = page.getByRole('button', { name: `Unblock ${rude.name}` });
  await unblockRude.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'success', MODERATION_MESSAGES.unblockDone(rude.name))).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(earlier.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Blocked users' })).toBeFocused();
  await page.getByRole('button', { name: `Unblock ${earlier.name}` }).click();
  await expect(toast(page, 'success', MODERATION_MESSAGES.unblockDone(earlier.name))).toBeVisible();
  await expect(blockedList(page)).toHaveCount(0);
  await expect(page.getByText(NO_BLOCKS, { exact: true })).toBeVisible();
  expect(await myBlocksOverApi(blocker)).toEqual([]);

  await page.goto(`/users/${rude.id}`);
  await expect(main.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Unblock', exact: true })).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const theme of ['winter', 'forest'] as const) {
    test(`Blocked users and a profile's Block pass axe in ${theme} and fit`, async ({ pageAs }) => {
      test.slow(true, 'axe runs on two pages');
      const [viewer, blocked, other] = await signUpUsers(
        `Ada Axe ${theme}`,
        'Maximilian-Bartholomew-Wolfeschlegelsteinhausen-Longname',
        `Cole Contact ${theme}`,
      );
      await blockOverApi(viewer, blocked);
      const page = await pageAs(viewer);

      await page.goto(`/users/${other.id}`);
      await expect(
        page.getByRole('main').getByRole('button', { name: 'Block', exact: true }),
      ).toBeVisible();
      if (theme === 'forest') await switchToForest(page);
      await expectNoHorizontalScroll(page, `a profile with Block in ${theme}`);
      await expectNoSeriousA11yViolations(page, `a profile with Block in ${theme}`);

      await page.goto('/dashboard/blocked');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(
        blockedList(page).getByRole('button', { name: `Unblock ${blocked.name}` }),
      ).toBeVisible();
      await expectNoHorizontalScroll(page, `/dashboard/blocked in ${theme}`);
      await expectNoSeriousA11yViolations(page, `/dashboard/blocked in ${theme}`);
    });
  }
});
