import crypto from 'node:crypto';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import {
  callApi,
  createTaskOverApi,
  newAccount,
  type ApiAnswer,
  type NewTask,
  type SignedUpUser,
} from './e2e-accounts.ts';
import { daysFromToday } from './dates.ts';
import { startOwnServer, type OwnServerOptions } from './e2e-own-server.ts';

/**
 * Tasks and bids for the browser tests of the task pages and the dashboard (issues 4 and 5),
 * made and read over HTTP as a signed-in user (session cookie, Origin = the server's origin),
 * plus the few page readings those tests share.
 */

export { bidOverApi, createTaskOverApi, type NewTask } from './e2e-accounts.ts';

/** A task as the API returns it (src/shared/tasks.ts taskSchema). */
export interface StoredTask extends NewTask {
  _id: string;
  userEmail?: string;
  userName: string;
  bidsCount: number;
}

export { CATEGORIES, type Category } from '../../src/shared/task-rules.ts';

/** A deadline `days` from today (UTC). */
export const isoDate = daysFromToday;

/**
 * The task's answers to `page` as the server gives them, marked expired as the server marks an
 * open task past its deadline: time passing cannot be arranged through the API (a past deadline
 * is refused).
 */
export async function answerTaskAsExpired(page: Page, taskId: string): Promise<void> {
  await page.route(`**/api/tasks/${taskId}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), expired: true } });
  });
}

/** A short marker that no other test's titles contain. */
export function uniqueMark(label = 'task'): string {
  return `${label}-${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
}

/** A complete, valid task; its title carries a unique marker so a test finds its own rows. */
export function newTask(overrides: Partial<NewTask> = {}): NewTask {
  return {
    title: `E2E task ${uniqueMark()}`,
    category: 'Web Development',
    description: 'A small job made by the browser tests.',
    deadline: isoDate(30),
    budget: 150,
    ...overrides,
  };
}

/** Posts tasks one after the other (so the newest-first order is their reverse) and returns ids. */
export async function createTasksOverApi(user: SignedUpUser, tasks: NewTask[]): Promise<string[]> {
  const ids: string[] = [];
  for (const task of tasks) ids.push(await createTaskOverApi(user, task));
  return ids;
}

/** GET /api/tasks/:id, as the user when given (then the poster's email is included). */
export function getTaskOverApi(id: string, user?: SignedUpUser): Promise<ApiAnswer<StoredTask>> {
  return callApi<StoredTask>('GET', `/api/tasks/${encodeURIComponent(id)}`, {
    ...(user ? { cookie: user.cookieHeader } : {}),
  });
}

/** The stored task, failing the test when the API does not answer 200. */
export async function storedTask(id: string, user?: SignedUpUser): Promise<StoredTask> {
  const answer = await getTaskOverApi(id, user);
  expect(answer.status, `GET /api/tasks/${id}`).toBe(200);
  return answer.body;
}

/** GET /api/tasks (all tasks, newest first), or the user's own with `mine`. */
export async function listTasksOverApi(
  user?: SignedUpUser,
  options: { mine?: boolean } = {},
): Promise<StoredTask[]> {
  const query = options.mine && user ? `?email=${encodeURIComponent(user.email)}` : '';
  const answer = await callApi<StoredTask[]>('GET', `/api/tasks${query}`, {
    ...(user ? { cookie: user.cookieHeader } : {}),
  });
  expect(answer.status, `GET /api/tasks${query}`).toBe(200);
  return answer.body;
}

/** PUT /api/tasks/:id as the user: the answer as is. */
export function updateTaskOverApi(
  user: SignedUpUser,
  id: string,
  task: NewTask,
): Promise<ApiAnswer> {
  return callApi('PUT', `/api/tasks/${encodeURIComponent(id)}`, {
    body: task,
    cookie: user.cookieHeader,
  });
}

/** DELETE /api/tasks/:id as the user: the answer as is. */
export function deleteTaskOverApi(user: SignedUpUser, id: string): Promise<ApiAnswer> {
  return callApi('DELETE', `/api/tasks/${encodeURIComponent(id)}`, { cookie: user.cookieHeader });
}

/**
 * The requests a page sends to the task API with a given method, recorded from now on: for
 * proving that a form refused its input in the browser and sent nothing.
 */
export function recordTaskRequests(page: Page, method: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname.startsWith('/api/tasks')) {
      seen.push(request);
    }
  });
  return seen;
}

/** The deadline as the browser shows a YYYY-MM-DD date in its local format. */
export function localDate(page: Page, deadline: string): Promise<string> {
  return page.evaluate((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, day).toLocaleDateString();
  }, deadline);
}

/** '$1,250.50' → 1250.5 */
export function parseUsd(text: string): number {
  return Number(text.replace(/[$,\s]/g, ''));
}

/** The browse page's card of a task, found by its title. */
export function taskCard(page: Page, title: string): Locator {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The value of a card's or details page's `<dt>label</dt><dd>value</dd>` pair. */
export function definition(scope: Locator, label: string): Locator {
  return scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** A table row (tbody) whose row header is the title. */
export function tableRow(scope: Page | Locator, title: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: rowHeaderName(title) }) });
}

/**
 * A row header's accessible name: the title, which on a phone (stacked rows) starts with its
 * column's label shown by CSS ("Title …").
 */
function rowHeaderName(title: string): RegExp {
  return new RegExp(`^(Title )?${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * Opens the dashboard's overview and returns the count of all tasks the page itself was given:
 * since issue 11 one search for every task, open or not, one task a page.
 */
export async function openOverviewForTotal(page: Page): Promise<number> {
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/tasks/count',
  );
  await page.goto('/dashboard');
  const { total } = (await (await answer).json()) as { total: number };
  return total;
}

/** A select of the filters bar by its label. */
export function categoryFilter(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Category' });
}
export function sortFilter(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Sort by' });
}

/**
 * A second, real server on an empty data directory, for the one state the shared server cannot
 * show: no tasks at all. Signing up and posting go to it directly (its own origin).
 */
export interface EmptyServer {
  url: string;
  /** Any API request to it, as its own pages send them; the answer's status and JSON body. */
  call(
    method: string,
    urlPath: string,
    body?: unknown,
    cookie?: string,
  ): Promise<{ response: Response; body: Record<string, unknown> }>;
  signUp(): Promise<{ cookie: string; email: string; name: string }>;
  createTask(cookie: string, task: NewTask): Promise<string>;
  stop(): Promise<void>;
}

export async function startEmptyServer(options?: OwnServerOptions): Promise<EmptyServer> {
  const server = await startOwnServer(options);
  const call = async (method: string, urlPath: string, body?: unknown, cookie?: string) => {
    const response = await fetch(`${server.url}${urlPath}`, {
      method,
      headers: {
        origin: server.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { response, body: (await response.json()) as Record<string, unknown> };
  };
  return {
    url: server.url,
    call,
    async signUp() {
      const account = newAccount({ name: 'Empty Server User' });
      const { response } = await call('POST', '/api/auth/sign-up/email', account);
      expect(response.status, 'sign-up on the empty server').toBe(200);
      const cookie = response.headers
        .getSetCookie()
        .map((header) => header.split(';')[0])
        .join('; ');
      return { cookie, email: account.email, name: account.name };
    },
    async createTask(cookie, task) {
      const { response, body } = await call('POST', '/api/tasks', task, cookie);
      expect(response.status, 'task on the empty server').toBe(201);
      return String(body.insertedId);
    },
    stop: () => server.dispose(),
  };
}
