import type { BrowserContext, Page } from '@playwright/test';
import { OFFER_MESSAGES } from '../../src/shared/offers.ts';
import {
  callApi,
  createTaskOverApi,
  logInContext,
  signUpOverApi,
  type SignedUpUser,
} from './e2e-accounts.ts';
import { e2eEnv } from './e2e-env.ts';
import { keepOnMachine, letGoOfRoutes, test as base } from './e2e-fixtures.ts';
import { newTask, type NewTask } from './e2e-tasks.ts';

/**
 * Issue 9's marketplace loop for the browser tests: offers, hiring and reviews made over the API
 * as a signed-in user, so each test drives the pages only for what it proves; and a page per
 * user, each in its own browser context.
 */

export { OFFER_MESSAGES };

export interface OfferBody {
  amount: number;
  message: string;
}

export function newOffer(overrides: Partial<OfferBody> = {}): OfferBody {
  return { amount: 120, message: 'I can do this within two days.', ...overrides };
}

/** POST /api/{path} as the user, failing unless the server answers `status`. */
async function post<T>(user: SignedUpUser, path: string, status: number, body?: unknown) {
  const answer = await callApi<T>('POST', `/api/${path}`, { body, cookie: user.cookieHeader });
  if (answer.status !== status) {
    throw new Error(`POST /api/${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

const id = (value: string) => encodeURIComponent(value);

/** Makes an offer on the task as the user; returns the offer's id. */
export async function offerOverApi(
  user: SignedUpUser,
  taskId: string,
  offer: Partial<OfferBody> = {},
): Promise<string> {
  const body = await post<{ insertedId: string }>(
    user,
    `tasks/${id(taskId)}/offers`,
    201,
    newOffer(offer),
  );
  return body.insertedId;
}

export const acceptOverApi = (poster: SignedUpUser, offerId: string) =>
  post(poster, `offers/${id(offerId)}/accept`, 200);
export const declineOverApi = (poster: SignedUpUser, offerId: string) =>
  post(poster, `offers/${id(offerId)}/decline`, 200);
export const withdrawOverApi = (freelancer: SignedUpUser, offerId: string) =>
  post(freelancer, `offers/${id(offerId)}/withdraw`, 200);
export const deliverOverApi = (freelancer: SignedUpUser, taskId: string) =>
  post(freelancer, `tasks/${id(taskId)}/deliver`, 200);
export const completeOverApi = (poster: SignedUpUser, taskId: string) =>
  post(poster, `tasks/${id(taskId)}/complete`, 200);
export const reviewOverApi = (user: SignedUpUser, taskId: string, rating: number, comment = '') =>
  post(user, `tasks/${id(taskId)}/reviews`, 201, { rating, comment });

/** The offers the user may see on the task (GET /api/tasks/:id/offers). */
export async function offersOverApi(user: SignedUpUser, taskId: string) {
  const answer = await callApi<{ _id: string; amount: number; message: string; status: string }[]>(
    'GET',
    `/api/tasks/${id(taskId)}/offers`,
    { cookie: user.cookieHeader },
  );
  if (answer.status !== 200) throw new Error(`GET offers answered ${answer.status}`);
  return answer.body;
}

/**
 * A freelancer with a public rating: hired by a poster of their own on a task, completed, and
 * both reviews in (so both are public), the freelancer rated `stars`.
 */
export async function rateFreelancer(freelancer: SignedUpUser, stars: number): Promise<void> {
  const client = await signUpOverApi({ name: 'Rating Client' });
  const { taskId } = await hiredTask(client, freelancer, { until: 'completed' });
  await reviewOverApi(client, taskId, stars);
  await reviewOverApi(freelancer, taskId, 5);
}

/** A poster's task with `freelancer` hired on it; `until` takes it further along. */
export async function hiredTask(
  poster: SignedUpUser,
  freelancer: SignedUpUser,
  options: { until?: 'assigned' | 'delivered' | 'completed'; task?: Partial<NewTask> } = {},
): Promise<{ taskId: string; offerId: string; task: NewTask }> {
  const task = newTask(options.task);
  const taskId = await createTaskOverApi(poster, task);
  const offerId = await offerOverApi(freelancer, taskId);
  await acceptOverApi(poster, offerId);
  const until = options.until ?? 'assigned';
  if (until !== 'assigned') await deliverOverApi(freelancer, taskId);
  if (until === 'completed') await completeOverApi(poster, taskId);
  return { taskId, offerId, task };
}

/** Signs up users with these names, side by side: one user per name, in order. */
export function signUpUsers<Names extends string[]>(
  ...names: Names
): Promise<{ [Index in keyof Names]: SignedUpUser }> {
  return Promise.all(names.map((name) => signUpOverApi({ name }))) as Promise<{
    [Index in keyof Names]: SignedUpUser;
  }>;
}

/**
 * The browser tests' `test` with `pageAs(user)`: a page signed in as the user in a browser
 * context of its own (cookies, storage), with the test's viewport, kept on this machine like the
 * fixtures' context, and closed after the test. For journeys of several users at once.
 */
export const test = base.extend<{ pageAs(user: SignedUpUser): Promise<Page> }>({
  pageAs: async ({ browser, viewport }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (user) => {
      const context = await browser.newContext({
        baseURL: e2eEnv().baseURL,
        viewport,
        ...(user.address ? { extraHTTPHeaders: { 'x-forwarded-for': user.address } } : {}),
      });
      contexts.push(context);
      await keepOnMachine(context);
      await logInContext(context, user);
      return context.newPage();
    });
    await Promise.all(
      contexts.map(async (context) => {
        await letGoOfRoutes(context);
        await context.close();
      }),
    );
  },
});

export { expect, expectNoHorizontalScroll, switchToForest, toast } from './e2e-fixtures.ts';
