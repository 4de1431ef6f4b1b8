import { PHOTO_URL, createTaskOverApi, signUpOverApi } from '../support/e2e-accounts.ts';
import { expect, test } from '../support/e2e-fixtures.ts';
import { acceptOverApi, hiredTask, offerOverApi, reviewOverApi } from '../support/e2e-offers.ts';
import { isoDate, newTask, taskCard, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 51: the task card of the home page and search says the time left in words and shows
 * the poster's photo beside their name, and their rating once they have one.
 */

test('search cards say the time left in words, and show the poster beside their name', async ({
  page,
}) => {
  const mark = uniqueMark('card');
  // Every test account has PHOTO_URL as its photo.
  const poster = await signUpOverApi();
  const titles = {
    today: `Due today ${mark}`,
    twoDays: `Two days ${mark}`,
    hired: `Hired ${mark}`,
  };
  await createTaskOverApi(poster, newTask({ title: titles.today, deadline: isoDate(0) }));
  await createTaskOverApi(poster, newTask({ title: titles.twoDays, deadline: isoDate(2) }));
  const hiredId = await createTaskOverApi(poster, newTask({ title: titles.hired }));
  const freelancer = await signUpOverApi();
  await acceptOverApi(poster, await offerOverApi(freelancer, hiredId));

  // Every status, so the hired task is listed too.
  await page.goto(`/browse-tasks?q=${encodeURIComponent(mark)}&status=all`);
  await expect(taskCard(page, titles.today)).toContainText('Due today');
  await expect(taskCard(page, titles.twoDays)).toContainText('2 days left');
  await expect(taskCard(page, titles.hired)).toContainText('Closed');

  const card = taskCard(page, titles.twoDays);
  await expect(card).toContainText(`Posted by ${poster.name}`);
  // The photo is decoration beside the name, in a box whose size is set before it loads.
  const photo = card.locator(`img[src="${PHOTO_URL}"]`);
  await expect(photo).toHaveAttribute('alt', '');
  const box = (await photo.boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([24, 24]);
});

test("cards show the poster's rating beside their name, and none before a public review", async ({
  page,
}) => {
  const mark = uniqueMark('rated');
  const rated = await signUpOverApi();
  const unrated = await signUpOverApi();
  const freelancer = await signUpOverApi();
  const { taskId } = await hiredTask(rated, freelancer, {
    until: 'completed',
    task: { title: `Done ${mark}` },
  });
  // Both reviews in: the freelancer's of the poster is public.
  await reviewOverApi(freelancer, taskId, 4);
  await reviewOverApi(rated, taskId, 5);
  await createTaskOverApi(rated, newTask({ title: `Rated ${mark}` }));
  await createTaskOverApi(unrated, newTask({ title: `Unrated ${mark}` }));

  await page.goto(`/browse-tasks?q=${encodeURIComponent(mark)}`);
  const card = taskCard(page, `Rated ${mark}`);
  await expect(card).toContainText(`Posted by ${rated.name}`);
  const rating = card.getByRole('img', { name: 'Rated 4 out of 5 from 1 review' });
  await expect(rating).toHaveText('★ 4 (1)');
  const other = taskCard(page, `Unrated ${mark}`);
  await expect(other).toContainText(`Posted by ${unrated.name}`);
  await expect(other.getByRole('img', { name: /^Rated/ })).toHaveCount(0);
  await expect(other).not.toContainText('★');
});
