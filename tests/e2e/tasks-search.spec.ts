import type { Locator, Page } from '@playwright/test';
import {
  PAGE_SIZE_DEFAULT,
  SAVED_SEARCHES_MAX,
  SEARCH_MESSAGES,
  SEARCH_TOTAL_CAP,
} from '../../src/shared/search-rules.ts';
import {
  callApi,
  logInContext,
  signUpOverApi,
  type SignedUpUser,
} from '../support/e2e-accounts.ts';
import { LOG_IN_TO_SAVE } from '../../src/client/features/search/save-search.tsx';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, followNavLink, switchToForest, test, toast } from '../support/e2e-fixtures.ts';
import {
  categoryFilter,
  createTasksOverApi,
  isoDate,
  newTask,
  openOverviewForTotal,
  parseUsd,
  sortFilter,
  definition,
  tableRow,
  taskCard,
  uniqueMark,
} from '../support/e2e-tasks.ts';

/**
 * Issue 11, the web app: Browse Tasks and the dashboard's All Tasks on the server's search
 * (GET /api/tasks/search), every choice in the URL, numbered pages, the empty and failed states,
 * saved searches, and the overview's Total Tasks from a count. The shared server holds every
 * other test's tasks too, so each test searches for its own unique mark.
 */

const main = (page: Page) => page.getByRole('main');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search tasks' });
const resultCount = (page: Page, count: number) =>
  main(page).getByText(`${count} ${count === 1 ? 'task' : 'tasks'}`, { exact: true });
const cards = (page: Page) => main(page).getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading').allInnerTexts();
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

/** The search answers the page receives from now on. */
function searchAnswers(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/tasks/search') seen.push(url);
  });
  return seen;
}

/** Requests for every task (GET /api/tasks without a bound), which the web app no longer makes. */
function everyTaskRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/tasks' && !url.searchParams.has('limit')) {
      if (!url.searchParams.has('email')) seen.push(request.url());
    }
  });
  return seen;
}

async function postTasks(user: SignedUpUser, mark: string, count: number) {
  const tasks = Array.from({ length: count }, (_, index) =>
    newTask({ title: `Paged ${index + 1} ${mark}`, budget: 10 + index }),
  );
  await createTasksOverApi(user, tasks);
  return tasks;
}

test('search as you type narrows the cards, shows the count and rewrites the URL in place', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Tia Typist' });
  const mark = uniqueMark('type');
  await createTasksOverApi(poster, [
    newTask({ title: `Logo for a bakery ${mark}`, category: 'Design' }),
    newTask({ title: `Logo animation ${mark}`, category: 'Design' }),
    newTask({ title: `Flyer copy ${mark}`, category: 'Writing' }),
  ]);
  const everyTask = everyTaskRequests(page);

  await page.goto('/browse-tasks');
  await expect(page).toHaveTitle('Tasklane | Browse Tasks');
  await expect(cards(page).first()).toBeVisible();
  const historyLength = await page.evaluate(() => history.length);

  await searchBox(page).pressSequentially(mark, { delay: 20 });
  await expect(resultCount(page, 3)).toBeVisible();
  await expect(page).toHaveURL(`/browse-tasks?${new URLSearchParams({ q: mark })}`);
  expect(new Set(await cardTitles(page))).toEqual(
    new Set([`Logo for a bakery ${mark}`, `Logo animation ${mark}`, `Flyer copy ${mark}`]),
  );

  await searchBox(page).pressSequentially(' log', { delay: 20 });
  await expect(resultCount(page, 2)).toBeVisible();
  await expect(taskCard(page, `Flyer copy ${mark}`)).toHaveCount(0);
  await expect(page).toHaveURL(`/browse-tasks?${new URLSearchParams({ q: `${mark} log` })}`);
  // Typing rewrote the entry it started on: no history entry per key.
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  // The focus stayed in the box the whole time.
  await expect(searchBox(page)).toBeFocused();
  expect(everyTask).toEqual([]);
});

test('every filter and the sort are in the URL; reload, Back and Forward show the same page', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Fil Filters' });
  const mark = uniqueMark('filters');
  const design = (title: string, budget: number, days: number) =>
    newTask({ title: `${title} ${mark}`, category: 'Design', budget, deadline: isoDate(days) });
  await createTasksOverApi(poster, [
    design('Cheap', 50, 10),
    design('Middle', 250, 12),
    design('Dear', 450, 14),
    design('Too dear', 900, 14),
    design('Too late', 300, 60),
    newTask({
      title: `Not design ${mark}`,
      category: 'Writing',
      budget: 300,
      deadline: isoDate(12),
    }),
  ]);

  await page.goto(`/browse-tasks?${new URLSearchParams({ q: mark })}`);
  await expect(resultCount(page, 6)).toBeVisible();

  await categoryFilter(page).selectOption('Design');
  await expect(resultCount(page, 5)).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Min budget (USD)' }).fill('100');
  await page.getByRole('spinbutton', { name: 'Max budget (USD)' }).fill('500');
  await expect(resultCount(page, 3)).toBeVisible();
  await page.getByLabel('Deadline from').fill(isoDate(11));
  await page.getByLabel('Deadline to').fill(isoDate(20));
  await expect(resultCount(page, 2)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Open tasks only' }).uncheck();
  await sortFilter(page).selectOption('Budget: high to low');

  const expected = new URLSearchParams({ q: mark, category: 'Design' });
  expected.set('minBudget', '100');
  expected.set('maxBudget', '500');
  expected.set('deadlineFrom', isoDate(11));
  expected.set('deadlineTo', isoDate(20));
  expected.set('status', 'all');
  expected.set('sort', 'budget_desc');
  await expect(page).toHaveURL(`/browse-tasks?${expected}`);
  await expect.poll(() => cardTitles(page)).toEqual([`Dear ${mark}`, `Middle ${mark}`]);
  const budgets = await definition(cards(page), 'Budget').allInnerTexts();
  expect(budgets.map(parseUsd)).toEqual([450, 250]);

  const expectChosen = async () => {
    await expect(searchBox(page)).toHaveValue(mark);
    await expect(categoryFilter(page)).toHaveValue('Design');
    await expect(page.getByRole('spinbutton', { name: 'Min budget (USD)' })).toHaveValue('100');
    await expect(page.getByRole('spinbutton', { name: 'Max budget (USD)' })).toHaveValue('500');
    await expect(page.getByLabel('Deadline from')).toHaveValue(isoDate(11));
    await expect(page.getByLabel('Deadline to')).toHaveValue(isoDate(20));
    await expect(page.getByRole('checkbox', { name: 'Open tasks only' })).not.toBeChecked();
    await expect(sortFilter(page)).toHaveValue('Budget: high to low');
    await expect.poll(() => cardTitles(page)).toEqual([`Dear ${mark}`, `Middle ${mark}`]);
  };
  await page.reload();
  await expectChosen();

  // Back undoes the sort, then the open-only choice; Forward brings them again.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get('sort') === null);
  await expect(sortFilter(page)).toHaveValue('Best match');
  await expect(page.getByRole('checkbox', { name: 'Open tasks only' })).not.toBeChecked();
  await page.goBack();
  await expect(page.getByRole('checkbox', { name: 'Open tasks only' })).toBeChecked();
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === null);
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(`/browse-tasks?${expected}`);
  await expectChosen();

  // The link as shared: a new page with no history shows the same.
  const shared = await page.context().newPage();
  await shared.goto(`/browse-tasks?${expected}`);
  await expect.poll(() => cardTitles(shared)).toEqual([`Dear ${mark}`, `Middle ${mark}`]);
  await shared.close();
});

test('numbered pages: 12 a page, each page a history entry, Back returns to the first', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Pam Pages' });
  const mark = uniqueMark('pages');
  const tasks = await postTasks(poster, mark, PAGE_SIZE_DEFAULT + 2);

  await page.goto(`/browse-tasks?${new URLSearchParams({ q: mark })}`);
  await expect(resultCount(page, tasks.length)).toBeVisible();
  await expect(cards(page)).toHaveCount(PAGE_SIZE_DEFAULT);
  // Newest first: the last posted leads.
  await expect(cards(page).first().getByRole('heading')).toHaveText(tasks.at(-1)!.title);
  await expect(pages(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const answers = searchAnswers(page);
  await pages(page).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(`/browse-tasks?${new URLSearchParams({ q: mark, page: '2' })}`);
  await expect(cards(page)).toHaveCount(2);
  expect(new Set(await cardTitles(page))).toEqual(new Set([tasks[0]!.title, tasks[1]!.title]));
  // The reader is taken to the top of the new page: its count.
  await expect(resultCount(page, tasks.length)).toBeFocused();
  await expect(pages(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The second page is read as of the first (asOf), so tasks posted meanwhile do not shift it.
  expect(answers.at(-1)?.searchParams.get('asOf')).toBeTruthy();

  await page.reload();
  await expect(cards(page)).toHaveCount(2);

  await page.goBack();
  await expect(page).toHaveURL(`/browse-tasks?${new URLSearchParams({ q: mark })}`);
  await expect(cards(page)).toHaveCount(PAGE_SIZE_DEFAULT);
  await pages(page).getByRole('link', { name: 'Next' }).click();
  await expect(cards(page)).toHaveCount(2);
});

test(`beyond ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} matches the count says so with a +, and the pages stop at the cap`, async ({
  page,
}) => {
  test.slow(); // posts 1,001 tasks
  const poster = await signUpOverApi({ name: 'Meg Many' });
  const mark = uniqueMark('many');
  const tasks = Array.from({ length: SEARCH_TOTAL_CAP + 1 }, (_, index) =>
    newTask({ title: `Many ${index + 1} ${mark}` }),
  );
  // Ten at a time: the server counts each, in any order.
  for (let start = 0; start < tasks.length; start += 10) {
    await Promise.all(
      tasks.slice(start, start + 10).map((task) => createTasksOverApi(poster, [task])),
    );
  }

  await page.goto(`/browse-tasks?${new URLSearchParams({ q: mark })}`);
  await expect(main(page).getByText('1,000+ tasks', { exact: true })).toBeVisible();
  const lastPage = Math.ceil(SEARCH_TOTAL_CAP / PAGE_SIZE_DEFAULT);
  await expect(pages(page).getByRole('link', { name: `Page ${lastPage}` })).toBeVisible();
  await expect(pages(page).getByRole('link', { name: `Page ${lastPage + 1}` })).toHaveCount(0);
});

test('a search with no result says so and clears its filters', async ({ page }) => {
  const mark = uniqueMark('nothing');
  await page.goto(`/browse-tasks?${new URLSearchParams({ q: mark, category: 'Design' })}`);
  await expect(main(page).getByText(SEARCH_MESSAGES.noResults, { exact: true })).toBeVisible();
  await expect(resultCount(page, 0)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);

  await main(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/browse-tasks');
  await expect(searchBox(page)).toHaveValue('');
  await expect(categoryFilter(page)).toHaveValue('All');
  await expect(cards(page).first()).toBeVisible();
});

test('a failed load says so and Retry loads the search again', async ({ page }) => {
  const poster = await signUpOverApi({ name: 'Rita Retry' });
  const mark = uniqueMark('retry');
  const [task] = [newTask({ title: `Retry me ${mark}` })];
  await createTasksOverApi(poster, [task!]);

  let failures = 0;
  await page.route(
    (url) => url.pathname === '/api/tasks/search',
    (route) => (failures++ === 0 ? route.abort('connectionfailed') : route.continue()),
  );
  await page.goto(`/browse-tasks?${new URLSearchParams({ q: mark })}`);
  const alert = main(page).getByRole('alert');
  await expect(alert).toContainText(SEARCH_MESSAGES.loadFailed);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(taskCard(page, task!.title)).toBeVisible();
  await expect(resultCount(page, 1)).toBeVisible();
  await expect(main(page).getByRole('alert')).toHaveCount(0);
});

test('saved searches: save from Browse, list, open with one click, delete', async ({ page }) => {
  const user = await signUpOverApi({ name: 'Sam Saver' });
  const mark = uniqueMark('saved');
  const [design] = [newTask({ title: `Saved design ${mark}`, category: 'Design' })];
  await createTasksOverApi(user, [
    design!,
    newTask({ title: `Saved writing ${mark}`, category: 'Writing' }),
  ]);
  await logInContext(page.context(), user);

  const url = `/browse-tasks?${new URLSearchParams({ q: mark, category: 'Design', sort: 'newest' })}`;
  await page.goto(url);
  await expect(resultCount(page, 1)).toBeVisible();
  await page.getByRole('button', { name: 'Save search' }).click();
  const name = `Design ${mark}`;
  await page.getByRole('textbox', { name: 'Name of this search' }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'success', 'Search saved.')).toBeVisible();

  await page.goto('/dashboard');
  const sidebar = { nav: 'Dashboard pages', name: 'Saved Searches' };
  await followNavLink(page, sidebar, '/dashboard/saved-searches', 'Saved Searches');
  const item = main(page).getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText(`“${mark}” · Design · open only · Newest first`);
  await expectNoSeriousA11yViolations(page, '/dashboard/saved-searches');
  await switchToForest(page);
  await expectNoSeriousA11yViolations(page, '/dashboard/saved-searches in forest');

  await item.getByRole('link', { name }).click();
  await expect(page).toHaveURL(url);
  await expect(taskCard(page, design!.title)).toBeVisible();
  await expect(resultCount(page, 1)).toBeVisible();
  await expect(categoryFilter(page)).toHaveValue('Design');

  await page.goBack();
  await main(page)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await expect(toast(page, 'success', 'Saved search deleted.')).toBeVisible();
  await expect(main(page).getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  const answer = await callApi<unknown[]>('GET', '/api/me/saved-searches', {
    cookie: user.cookieHeader,
  });
  expect(answer.body).toEqual([]);
});

test('a visitor is offered to log in to save, and comes back to the same search', async ({
  page,
}) => {
  const user = await signUpOverApi({ name: 'Vic Visitor' });
  const url = `/browse-tasks?${new URLSearchParams({ q: uniqueMark('visit'), category: 'Design' })}`;
  await page.goto(url);
  await expect(main(page).getByRole('button', { name: 'Save search' })).toHaveCount(0);
  await main(page).getByRole('link', { name: LOG_IN_TO_SAVE }).click();

  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(url);
  await expect(main(page).getByRole('button', { name: 'Save search' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: LOG_IN_TO_SAVE })).toHaveCount(0);
});

test(`the ${SAVED_SEARCHES_MAX + 1}st saved search is refused with the server's message`, async ({
  page,
}) => {
  const user = await signUpOverApi({ name: 'Max Saver' });
  for (let index = 0; index < SAVED_SEARCHES_MAX; index += 1) {
    const answer = await callApi('POST', '/api/me/saved-searches', {
      body: { name: `Search ${index}`, query: { q: `word${index}` } },
      cookie: user.cookieHeader,
    });
    expect(answer.status).toBe(201);
  }
  await logInContext(page.context(), user);
  await page.goto('/browse-tasks?category=Writing');
  await page.getByRole('button', { name: 'Save search' }).click();
  const field = page.getByRole('textbox', { name: 'Name of this search' });
  await expect(field).toBeFocused();
  await field.fill('One too many');
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: SEARCH_MESSAGES.tooMany })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await page.goto('/dashboard/saved-searches');
  await expect(main(page).getByRole('listitem')).toHaveCount(SAVED_SEARCHES_MAX);
  await expect(main(page).getByText('One too many')).toHaveCount(0);
});

test('All Tasks searches and pages its table', async ({ page }) => {
  const poster = await signUpOverApi({ name: 'Al Table' });
  const mark = uniqueMark('table');
  const tasks = await postTasks(poster, mark, PAGE_SIZE_DEFAULT + 1);

  await page.goto('/dashboard/all-tasks');
  await expect(page.getByRole('table', { name: 'All tasks' })).toBeVisible();
  await searchBox(page).fill(mark);
  await expect(resultCount(page, tasks.length)).toBeVisible();
  await expect(page).toHaveURL(`/dashboard/all-tasks?${new URLSearchParams({ q: mark })}`);
  const table = page.getByRole('table', { name: 'All tasks' });
  await expect(table.locator('tbody tr')).toHaveCount(PAGE_SIZE_DEFAULT);

  await pages(page).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(
    `/dashboard/all-tasks?${new URLSearchParams({ q: mark, page: '2' })}`,
  );
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(tableRow(table, tasks[0]!.title)).toBeVisible();

  await sortFilter(page).selectOption('Budget: low to high');
  await expect(page).toHaveURL(
    `/dashboard/all-tasks?${new URLSearchParams({ q: mark, sort: 'budget_asc' })}`,
  );
  await expect(table.getByRole('rowheader').first()).toHaveText(new RegExp(`${tasks[0]!.title}$`));
});

test('the overview counts Total Tasks with one count, not by loading every task', async ({
  page,
  signedInUser,
}) => {
  expect(signedInUser.email).toBeTruthy();
  const everyTask = everyTaskRequests(page);
  const total = await openOverviewForTotal(page);
  const counters = page.getByRole('region', { name: 'Counters' });
  await expect(
    counters.locator('.stat').filter({ hasText: 'Total Tasks' }).locator('.stat-value'),
  ).toHaveText(String(total));
  expect(total).toBeGreaterThan(0);
  expect(everyTask).toEqual([]);
});

/** The filters drawer of a phone-sized page. */
function drawer(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Filters' });
}

test('at 375 px the filters open in a drawer, work from the keyboard and pass axe', async ({
  page,
}) => {
  const poster = await signUpOverApi({ name: 'Phil Phone' });
  const mark = uniqueMark('phone');
  await createTasksOverApi(poster, [
    newTask({ title: `Phone design ${mark}`, category: 'Design' }),
    newTask({ title: `Phone writing ${mark}`, category: 'Writing' }),
  ]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/browse-tasks?${new URLSearchParams({ q: mark })}`);
  await expect(resultCount(page, 2)).toBeVisible();
  // The filters wait behind a button; the search box stays.
  await expect(categoryFilter(page)).toHaveCount(0);
  await expect(searchBox(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/browse-tasks at 375 px');

  const open = page.getByRole('button', { name: 'Filters' });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(drawer(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/browse-tasks at 375 px, filters open');
  await drawer(page).getByRole('combobox', { name: 'Category' }).selectOption('Design');
  await expect(page).toHaveURL(
    `/browse-tasks?${new URLSearchParams({ q: mark, category: 'Design' })}`,
  );
  await expect(drawer(page).getByRole('button', { name: 'Show 1 task' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
  await expect(open).toBeFocused();
  await expect(cards(page)).toHaveCount(1);

  await switchToForest(page);
  await open.click();
  await expectNoSeriousA11yViolations(page, '/browse-tasks at 375 px, filters open, forest');
  await drawer(page).getByRole('button', { name: 'Show 1 task' }).click();
  await expect(drawer(page)).toBeHidden();
});
