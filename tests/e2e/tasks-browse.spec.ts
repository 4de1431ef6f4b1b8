import type { Page } from '@playwright/test';
import { PAGE_SIZE_DEFAULT, type TaskSearchResult } from '../../src/shared/search.ts';
import { logInContext, signUpOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, switchToForest, test } from '../support/e2e-fixtures.ts';
import {
  CATEGORIES,
  categoryFilter,
  createTasksOverApi,
  definition,
  isoDate,
  localDate,
  newTask,
  parseUsd,
  sortFilter,
  taskCard,
  uniqueMark,
} from '../support/e2e-tasks.ts';

/**
 * spec §2 "/browse-tasks" (issue 4): open to visitors; the tasks as cards; category filter (All
 * by default, preselected by ?category=) and the sort; the card's description cut at 100
 * characters with an ellipsis; a card opens its details page. Since issue 11 the server searches,
 * sorts and pages (tasks-search.spec.ts has the rest of the search). The shared server holds
 * other tests' tasks too, so each test finds its own by a unique mark in the title, searched for.
 */

/** Browse searching for a test's own mark, with more filters when given. */
function browseFor(mark: string, more: Record<string, string> = {}): string {
  return `/browse-tasks?${new URLSearchParams({ q: mark, ...more })}`;
}

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

  // Without a search: the first page of open tasks, newest first, as the server answered it.
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/tasks/search',
  );
  await page.goto('/browse-tasks');
  await expect(page).toHaveTitle('Tasklane | Browse Tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Tasks' })).toBeVisible();
  const firstPage = (await (await answer).json()) as TaskSearchResult;
  // The first four cards come first and the rest after the first paint: asked until all are in.
  await expect.poll(() => shownTaskIds(page)).toEqual(firstPage.items.map((task) => task._id));
  expect(firstPage.items.length).toBe(Math.min(PAGE_SIZE_DEFAULT, firstPage.total));
  await expect(
    page.getByRole('main').getByText(`${firstPage.total} tasks`, { exact: true }),
  ).toBeVisible();

  await page.goto(browseFor(mark));
  await expect(taskCard(page, short.title)).toBeVisible();
  expect(await shownTaskIds(page)).toEqual([shortId, longId]);
  await expect(page.getByRole('main').getByText('2 tasks', { exact: true })).toBeVisible();

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
  const mark = uniqueMark();
  const task = newTask({ title: `Card opens details ${mark}`, category: 'Marketing' });
  const [id] = await createTasksOverApi(poster, [task]);

  await page.goto(browseFor(mark));
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

  await page.goto(browseFor(mark));
  const filter = categoryFilter(page);
  await expect(filter).toHaveValue('All');
  await expect(filter.locator('option')).toHaveText(['All', ...CATEGORIES]);
  for (const task of tasks) await expect(taskCard(page, task.title)).toBeVisible();

  const main = page.getByRole('main');
  for (const category of CATEGORIES) {
    await filter.selectOption(category);
    await expect(page).toHaveURL(browseFor(mark, { category }));
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
  await expect(page).toHaveURL(browseFor(mark));
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
  const badges = page.getByRole('main').getByRole('article').locator('.badge:first-child');
  await expect(badges.first()).toBeVisible();
  expect(new Set(await badges.allInnerTexts())).toEqual(new Set(['Design']));
  // Searched for within the category: this test's Design task, not its Writing one.
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(mark);
  await expect(page).toHaveURL(
    `/browse-tasks?${new URLSearchParams({ q: mark, category: 'Design' })}`,
  );
  await expect(taskCard(page, design.title)).toBeVisible();
  await expect(taskCard(page, writing.title)).toHaveCount(0);

  await page.reload();
  await expect(categoryFilter(page)).toHaveValue('Design');
  await expect(taskCard(page, design.title)).toBeVisible();
  await expect(taskCard(page, writing.title)).toHaveCount(0);
  await expect(page).toHaveURL(
    `/browse-tasks?${new URLSearchParams({ q: mark, category: 'Design' })}`,
  );
});

test('the sort: newest first by default; budget low to high and high to low on the server', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Sol Sort' });
  const mark = uniqueMark('sort');
  const budgets = [300, 25.5, 9000, 120];
  const tasks = budgets.map((budget, index) =>
    newTask({ title: `Sort ${index} ${mark}`, category: 'Data Entry', budget }),
  );
  await createTasksOverApi(poster, tasks);
  const titles = page.getByRole('main').getByRole('article').getByRole('heading');
  const newestFirst = tasks.map((task) => task.title).reverse();

  // Issue 11: the sorts are the server's; with no words searched, newest first.
  await page.goto('/browse-tasks');
  const sort = sortFilter(page);
  await expect(sort).toHaveValue('Newest first');
  await expect(sort.locator('option')).toHaveText([
    'Best match',
    'Newest first',
    'Deadline: soonest first',
    'Budget: low to high',
    'Budget: high to low',
    'Most bids',
  ]);
  // With words, the best match first; this test's tasks match equally, so newest first.
  await page.goto(browseFor(mark));
  await expect(sort).toHaveValue('Best match');
  await expect.poll(() => titles.allInnerTexts()).toEqual(newestFirst);

  await sort.selectOption('Budget: low to high');
  await expect(page).toHaveURL(browseFor(mark, { sort: 'budget_asc' }));
  await expect
    .poll(() => titles.allInnerTexts())
    .toEqual([1, 3, 0, 2].map((index) => tasks[index]!.title));
  const ascending = await shownBudgets(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await sort.selectOption('Budget: high to low');
  await expect(page).toHaveURL(browseFor(mark, { sort: 'budget_desc' }));
  await expect
    .poll(() => titles.allInnerTexts())
    .toEqual([2, 0, 3, 1].map((index) => tasks[index]!.title));

  // Filter and sort together, both in the URL.
  await categoryFilter(page).selectOption('Data Entry');
  await expect(page).toHaveURL(browseFor(mark, { category: 'Data Entry', sort: 'budget_desc' }));
  const descending = await shownBudgets(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  await sort.selectOption('Newest first');
  await expect(page).toHaveURL(browseFor(mark, { category: 'Data Entry', sort: 'newest' }));
  await expect.poll(() => titles.allInnerTexts()).toEqual(newestFirst);

  // A link from before issue 11 (?sort=asc) still sorts by budget, low to high.
  await page.goto(`${browseFor(mark)}&sort=asc`);
  await expect(sort).toHaveValue('Budget: low to high');
  await expect
    .poll(() => titles.allInnerTexts())
    .toEqual([1, 3, 0, 2].map((index) => tasks[index]!.title));
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
  const poster = await postAxeTasks();
  await page.goto('/browse-tasks');
  await expect(page.getByRole('main').getByRole('article').nth(2)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/browse-tasks (visitor)');

  await logInContext(context, poster);
  await page.goto('/browse-tasks?category=Web+Development&sort=budget_desc');
  await expect(page.getByRole('main').getByRole('article').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/browse-tasks (signed in, filtered)');
});

test('browse with a few cards passes axe in the forest theme', async ({ page }) => {
  await postAxeTasks();
  await page.goto('/browse-tasks');
  await expect(page.getByRole('main').getByRole('article').nth(2)).toBeVisible();
  await switchToForest(page);
  await expectNoSeriousA11yViolations(page, '/browse-tasks (visitor, forest)');
});
