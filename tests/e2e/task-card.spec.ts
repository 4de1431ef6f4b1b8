import { PHOTO_URL, createTaskOverApi, signUpOverApi } from '../support/e2e-accounts.ts';
import { expect, test } from '../support/e2e-fixtures.ts';
import { acceptOverApi, offerOverApi } from '../support/e2e-offers.ts';
import { isoDate, newTask, taskCard, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 51: the task card of the home page and search says the time left in words and shows
 * the poster's photo beside their name.
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
