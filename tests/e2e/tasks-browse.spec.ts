import type { Page } from '@playwright/test';
import { logInContext, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, test } from '../support/e2e-fixtures.ts';
import {
  CATEGORIES,
  categoryFilter,
  createTasksOverApi,
  definition,
  isoDate,
  listTasksOverApi,
  localDate,
  newTask,
  parseUsd,
  sortFilter,
  taskCard,
  uniqueMark,
} from '../support/e2e-tasks.ts';

/**
 * spec §2 "/browse-tasks" (issue 4): open to visitors; every task as a card; category filter (All
 * by default, preselected by ?category=) and budget sort (none, asc, desc), both in the browser;
 * the card's description cut at 100 characters with an ellipsis; a card opens its details page.
 * The shared server holds other tests' tasks too, so each test finds its own by a unique title.
 */

/** The ids of the tasks whose cards the page shows, read from their View Details links. */
async function shownTaskIds(page: Page): Promise<string[]> {
  const links = page.getByRole('main').getByRole('link', { name: /^View Details/ });
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  return hrefs.map((href) => decodeURIComponent(href.replace(/^\/task\//, '')));
}

/** The budgets of the cards shown, in page order. */
async function shownBudgets(page: Page): Promise<number[]> {
  const texts = await definition(
    page.getByRole('main').getByRole('article'),
    'Budget',
  ).allInnerTexts();
  return texts.map(parseUsd);
}

test('a visitor sees every task as a card with title, category, budget, deadline and a cut description', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Bea Browse' });
  const longDescription =
    'Design a friendly landing page for a neighbourhood bakery, with a menu, opening hours, a map and a contact form that works well on phones.';
  expect(longDescription.length).toBeGreaterThan(100);
  const description150 = longDescription.padEnd(150, '.');
  expect(description150).toHaveLength(150);
  const mark = uniqueMark('browse');
  const long = newTask({
    title: `Bakery landing page ${mark}`,
    category: 'Design',
    description: description150,
    deadline: isoDate(21),
    budget: 1250.5,
  });
  const short = newTask({
    title: `Proofread a flyer ${mark}`,
    category: 'Writing',
    description: 'Exactly this text, shown whole.',
    deadline: isoDate(9),
    budget: 40,
  });
  const [longId, shortId] = await createTasksOverApi(poster, [long, short]);

  const before = await listTasksOverApi();
  await page.goto('/browse-tasks');
  await expect(page).toHaveTitle('Tasklane | Browse Tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Tasks' })).toBeVisible();
  await expect(taskCard(page, short.title)).toBeVisible();
  const shown = await shownTaskIds(page);
  const after = await listTasksOverApi();

  // Every task the API lists is a card (other tests add and delete tasks meanwhile: a task
  // listed both before and after the page loaded must be there, and nothing else may be).
  const beforeIds = new Set(before.map((task) => task._id));
  const afterIds = new Set(after.map((task) => task._id));
  for (const id of beforeIds) if (afterIds.has(id)) expect(shown).toContain(id);
  for (const id of shown) expect(beforeIds.has(id) || afterIds.has(id)).toBe(true);
  expect(new Set(shown).size).toBe(shown.length);
  expect(shown).toEqual(expect.arrayContaining([longId, shortId]));
  await expect(page.getByText(`${shown.length} tasks shown`)).toBeAttached();

  const longCard = taskCard(page, long.title);
  await expect(longCard).toContainText('Design');
  await expect(definition(longCard, 'Budget')).toHaveText('$1,250.50');
  await expect(definition(longCard, 'Deadline')).toHaveText(await localDate(page, long.deadline));
  await expect(definition(longCard, 'Bids')).toHaveText('0');
  // spec §9: cut at 100 characters, followed by an ellipsis.
  // Issue 9: a card also says who posted it, linking to their profile.
  await expect(longCard.getByRole('link', { name: poster.name })).toHaveAttribute(
    'href',
    `/users/${poster.id}`,
  );
  await expect(longCard.locator('p').last()).toHaveText(`${description150.slice(0, 100)}…`, {
    useInnerText: true,
  });

  const shortCard = taskCard(page, short.title);
  await expect(shortCard).toContainText('Writing');
  await expect(definition(shortCard, 'Budget')).toHaveText('$40');
  await expect(definition(shortCard, 'Deadline')).toHaveText(await localDate(page, short.deadline));
  await expect(shortCard.locator('p').last()).toHaveText(short.description, {
    useInnerText: true,
  });

  // The details page is protected: a visitor who opens a card is asked to log in.
  await shortCard.getByRole('link', { name: /^View Details/ }).click();
  await expect(page).toHaveURL('/login');
});

test('a signed-in user opens a card on its details page', async ({ page, signedInUser }) => {
  const poster = await signUpOverApi({ name: 'Carl Card' });
  const task = newTask({ title: `Card opens details ${uniqueMark()}`, category: 'Marketing' });
  const [id] = await createTasksOverApi(poster, [task]);

  await page.goto('/browse-tasks');
  await taskCard(page, task.title)
    .getByRole('link', { name: /^View Details/ })
    .click();
  await expect(page).toHaveURL(`/task/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Posted by ${poster.name}`);
  expect(signedInUser.email).not.toBe(poster.email);
});

test('the category filter is All by default and each category shows only its tasks, kept in the URL', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Cat Filter' });
  const mark = uniqueMark('cat');
  const tasks = CATEGORIES.map((category) =>
    newTask({ title: `${category} job ${mark}`, category, budget: 100 }),
  );
  await createTasksOverApi(poster, tasks);

  await page.goto('/browse-tasks');
  const filter = categoryFilter(page);
  await expect(filter).toHaveValue('All');
  await expect(filter.locator('option')).toHaveText(['All', ...CATEGORIES]);
  for (const task of tasks) await expect(taskCard(page, task.title)).toBeVisible();

  const main = page.getByRole('main');
  for (const category of CATEGORIES) {
    await filter.selectOption(category);
    await expect(page).toHaveURL(`/browse-tasks?${new URLSearchParams({ category }).toString()}`);
    await expect(filter).toHaveValue(category);
    for (const task of tasks) {
      await expect(taskCard(page, task.title)).toHaveCount(task.category === category ? 1 : 0);
    }
    // Every card shown carries the chosen category's badge, its first (the status's follows).
    await expect
      .poll(
        async () =>
          new Set(await main.getByRole('article').locator('.badge:first-child').allInnerTexts()),
      )
      .toEqual(new Set([category]));
  }

  await filter.selectOption('All');
  await expect(page).toHaveURL('/browse-tasks');
  for (const task of tasks) await expect(taskCard(page, task.title)).toBeVisible();
});

test('?category=Design preselects the filter and the choice survives a reload', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Dee Design' });
  const mark = uniqueMark('pre');
  const design = newTask({ title: `Logo refresh ${mark}`, category: 'Design' });
  const writing = newTask({ title: `Blog post ${mark}`, category: 'Writing' });
  await createTasksOverApi(poster, [design, writing]);

  await page.goto('/browse-tasks?category=Design');
  await expect(categoryFilter(page)).toHaveValue('Design');
  await expect(taskCard(page, design.title)).toBeVisible();
  await expect(taskCard(page, writing.title)).toHaveCount(0);

  await page.reload();
  await expect(categoryFilter(page)).toHaveValue('Design');
  await expect(taskCard(page, design.title)).toBeVisible();
  await expect(taskCard(page, writing.title)).toHaveCount(0);
  await expect(page).toHaveURL('/browse-tasks?category=Design');
});

test('the budget sort: none keeps the newest first, asc and desc order the budgets shown', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Sol Sort' });
  const mark = uniqueMark('sort');
  const budgets = [300, 25.5, 9000, 120];
  const tasks = budgets.map((budget, index) =>
    newTask({ title: `Sort ${index} ${mark}`, category: 'Data Entry', budget }),
  );
  await createTasksOverApi(poster, tasks);
  const mine = (titles: string[]) => titles.filter((title) => title.endsWith(mark));

  await page.goto('/browse-tasks');
  const sort = sortFilter(page);
  await expect(sort).toHaveValue('none');
  await expect(sort.locator('option')).toHaveText([
    'None',
    'Budget: low to high',
    'Budget: high to low',
  ]);
  const titles = page.getByRole('main').getByRole('article').getByRole('heading');
  await expect(taskCard(page, tasks[0]!.title)).toBeVisible();
  // None: the server's order, newest first.
  expect(mine(await titles.allInnerTexts())).toEqual(tasks.map((task) => task.title).reverse());

  await sort.selectOption('asc');
  await expect(page).toHaveURL('/browse-tasks?sort=asc');
  await expect
    .poll(async () => mine(await titles.allInnerTexts()))
    .toEqual([1, 3, 0, 2].map((index) => tasks[index]!.title));
  const ascending = await shownBudgets(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await sort.selectOption('desc');
  await expect(page).toHaveURL('/browse-tasks?sort=desc');
  await expect
    .poll(async () => mine(await titles.allInnerTexts()))
    .toEqual([2, 0, 3, 1].map((index) => tasks[index]!.title));
  const descending = await shownBudgets(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  // Filter and sort together, both in the URL.
  await categoryFilter(page).selectOption('Data Entry');
  await expect(page).toHaveURL('/browse-tasks?sort=desc&category=Data+Entry');
  const cards = page.getByRole('main').getByRole('article');
  await expect
    .poll(async () => new Set(await cards.locator('.badge:first-child').allInnerTexts()))
    .toEqual(new Set(['Data Entry']));
  const filtered = await shownBudgets(page);
  expect(filtered).toEqual([...filtered].sort((a, b) => b - a));

  await sort.selectOption('none');
  await expect(page).toHaveURL('/browse-tasks?category=Data+Entry');
  await expect
    .poll(async () => mine(await titles.allInnerTexts()))
    .toEqual(tasks.map((task) => task.title).reverse());
});

/** A few cards of one poster, so axe checks their headings' order (issue 8) and their links. */
async function postAxeTasks() {
  const poster = await signUpOverApi({ name: 'Axe Browse' });
  await createTasksOverApi(poster, [
    newTask({ title: `Axe browse ${uniqueMark()}`, category: 'Web Development' }),
    newTask({ title: `Axe browse ${uniqueMark()}`, category: 'Design' }),
    newTask({ title: `Axe browse ${uniqueMark()}`, category: 'Web Development', budget: 900 }),
  ]);
  return poster;
}

test('browse with a few cards passes axe (serious, critical, heading order), signed out and in', async ({
  page,
  context,
}) => {
  // Browse lists every task the whole suite has posted (spec §2) and axe reads each card: two
  // full scans take longer than one test's default time on a busy machine.
  test.slow();
  const poster = await postAxeTasks();
  await page.goto('/browse-tasks');
  await expect(page.getByRole('main').getByRole('article').nth(2)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/browse-tasks (visitor)');

  await logInContext(context, poster);
  await page.goto('/browse-tasks?category=Web+Development&sort=desc');
  await expect(page.getByRole('main').getByRole('article').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/browse-tasks (signed in, filtered)');
});

test('browse with a few cards passes axe in the forest theme', async ({ page }) => {
  test.slow(); // a full scan of every posted task, as above
  await postAxeTasks();
  await page.goto('/browse-tasks');
  await expect(page.getByRole('main').getByRole('article').nth(2)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Dark theme' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'forest');
  await expectNoSeriousA11yViolations(page, '/browse-tasks (visitor, forest)');
});
