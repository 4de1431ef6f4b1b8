import type { Page } from '@playwright/test';
import { createTaskOverApi, callApi } from '../support/e2e-accounts.ts';
import {
  acceptOverApi,
  deliverOverApi,
  expect,
  offerOverApi,
  signUpUsers,
  test,
} from '../support/e2e-offers.ts';
import { definition, newTask } from '../support/e2e-tasks.ts';

/**
 * Issue 17: an open task page follows its task live, for everyone who has it open, with no
 * reload: offers coming in, the hire, the delivery, questions, the bid count; and nobody sees
 * what they may not (another bidder's price).
 */
test('three people on one task page see each change as it happens, each only what is theirs', async ({
  pageAs,
}) => {
  const [paula, frank, gina] = await signUpUsers('Paula Live', 'Frank Live', 'Gina Live');
  const taskId = await createTaskOverApi(paula, newTask());
  const [posterPage, frankPage, ginaPage] = (await Promise.all(
    [paula, frank, gina].map(async (user) => {
      const page = await pageAs(user);
      await page.goto(`/task/${taskId}`);
      await expect(definition(page.getByRole('main'), 'Bids')).toHaveText('0');
      return page;
    }),
  )) as [Page, Page, Page];
  const main = (page: Page) => page.getByRole('main');

  // Frank makes an offer: the poster's page counts it, and everyone's Bids moves.
  await offerOverApi(frank, taskId, { amount: 111 });
  await expect(main(posterPage).getByText('1 offer, 1 waiting for your answer')).toBeVisible();
  for (const page of [posterPage, frankPage, ginaPage]) {
    await expect(definition(main(page), 'Bids')).toHaveText('1');
  }
  const ginaOffer = await offerOverApi(gina, taskId, { amount: 222 });
  await expect(main(posterPage).getByText('2 offers, 2 waiting for your answer')).toBeVisible();
  await expect(definition(main(frankPage), 'Bids')).toHaveText('2');

  // A question from Frank reaches the other readers' pages.
  // Letters only: digits would read as a phone number, hidden before the hire.
  const question = `Is there a style guide for ${frank.name.replace(/\d/g, '')} and Gina?`;
  const asked = await callApi('POST', `/api/tasks/${taskId}/questions`, {
    body: { text: question },
    cookie: frank.cookieHeader,
  });
  expect(asked.status).toBe(201);
  await expect(main(ginaPage).getByText(question)).toBeVisible();
  await expect(main(posterPage).getByText(question)).toBeVisible();

  // The hire: Frank's open page stops offering Edit and Withdraw, and says he was not chosen.
  await acceptOverApi(paula, ginaOffer);
  const frankMain = main(frankPage);
  await expect(frankMain.getByText('Not chosen')).toBeVisible();
  await expect(frankMain.getByRole('button', { name: 'Edit offer' })).toHaveCount(0);
  await expect(frankMain.getByRole('button', { name: 'Withdraw offer' })).toHaveCount(0);
  await expect(frankMain.locator('header').getByText('Assigned', { exact: true })).toBeVisible();

  // The delivery reaches the poster's page.
  await expect(main(posterPage).getByText('Not marked as delivered yet.')).toBeVisible();
  await deliverOverApi(gina, taskId);
  await expect(main(posterPage).getByText(/Marked as delivered on /)).toBeVisible();
  await expect(
    main(posterPage).locator('header').getByText('Delivered', { exact: true }),
  ).toBeVisible();

  // Never another bidder's price: Frank's page never showed Gina's.
  await expect(frankMain).not.toContainText('$222');
});
