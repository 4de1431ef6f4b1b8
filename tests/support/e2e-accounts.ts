import crypto from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { e2eEnv } from './e2e-env.ts';

/**
 * Accounts and tasks for the browser tests, made over HTTP against the running server (fast
 * setup), and the session cookie put straight into a browser context.
 */

export const GOOD_PASSWORD = 'Secret123';
/** Served by the fixtures' route (tests/support/e2e-fixtures.ts): no request leaves the machine. */
export const PHOTO_URL = 'https://images.example.com/avatar.png';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  image: string;
}

export interface SessionCookie {
  name: string;
  value: string;
  httpOnly: boolean;
  expires?: number;
}

export interface SignedUpUser extends TestAccount {
  id: string;
  cookies: SessionCookie[];
  /** The cookies as a Cookie header, for further API calls as this user. */
  cookieHeader: string;
  /**
   * Issue 47: the client address its requests claim (X-Forwarded-For, which the shared server
   * trusts), so that reporters count as different people; 127.0.0.1 without.
   */
  address?: string;
}

/** An email no other test (or earlier run) uses. */
export function uniqueEmail(label = 'user'): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 30);
  return `${slug}-${Date.now().toString(36)}-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

/** A new account's details, not yet signed up. */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const suffix = crypto.randomBytes(3).toString('hex');
  return {
    name: `Test User ${suffix}`,
    email: uniqueEmail(overrides.name ?? 'user'),
    password: GOOD_PASSWORD,
    image: PHOTO_URL,
    ...overrides,
  };
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  cookies: SessionCookie[];
}

/** A request to the server as the app's own page would send it (Origin = the server's origin). */
export async function callApi<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; address?: string | undefined } = {},
): Promise<ApiAnswer<T>> {
  const { baseURL } = e2eEnv();
  const headers: Record<string, string> = { origin: baseURL };
  if (options.address) headers['x-forwarded-for'] = options.address;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: parseBody(text) as T, cookies: cookiesOf(response) };
}

/** JSON when the answer is JSON, the text otherwise, null when empty. */
function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function cookiesOf(response: Response): SessionCookie[] {
  return response.headers.getSetCookie().flatMap((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    if (separator < 1) return [];
    const cookie: SessionCookie = {
      name: pair.slice(0, separator),
      value: pair.slice(separator + 1),
      httpOnly: attributes.some((attribute) => attribute.toLowerCase() === 'httponly'),
    };
    const maxAge = attributes.find((attribute) => /^max-age=/i.test(attribute));
    if (maxAge) cookie.expires = Math.floor(Date.now() / 1000) + Number(maxAge.split('=')[1]);
    return cookie.value ? [cookie] : [];
  });
}

function cookieHeaderOf(cookies: SessionCookie[]): string {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Signs an account up through the API (Better Auth's email sign-up) and returns its session. */
export async function signUpOverApi(overrides: Partial<TestAccount> = {}): Promise<SignedUpUser> {
  const account = newAccount(overrides);
  const answer = await callApi<{ user?: { id: string } }>('POST', '/api/auth/sign-up/email', {
    body: account,
  });
  if (answer.status !== 200 || !answer.body.user) {
    throw new Error(`sign-up failed ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  if (!answer.cookies.length) throw new Error('sign-up set no session cookie');
  return {
    ...account,
    id: answer.body.user.id,
    cookies: answer.cookies,
    cookieHeader: cookieHeaderOf(answer.cookies),
  };
}

/** Email sign-in through the API: the answer as is, for checking what the server stored. */
export function signInOverApi(
  email: string,
  password: string,
): Promise<ApiAnswer<{ user?: { name: string; email: string; image: string | null } }>> {
  return callApi('POST', '/api/auth/sign-in/email', { body: { email, password } });
}

/** Puts a user's session cookie into the browser context: its pages are then signed in. */
export async function logInContext(context: BrowserContext, user: SignedUpUser): Promise<void> {
  const { baseURL } = e2eEnv();
  await context.addCookies(
    user.cookies.map((cookie) => ({
      name: cookie.name,
      value: cookie.value,
      url: baseURL,
      httpOnly: cookie.httpOnly,
      sameSite: 'Lax' as const,
      ...(cookie.expires ? { expires: cookie.expires } : {}),
    })),
  );
}

/** The user of the session a browser context holds (null when signed out), read over the API. */
export async function sessionUserOf(
  context: BrowserContext,
): Promise<{ name: string; email: string } | null> {
  const { baseURL } = e2eEnv();
  const cookies = await context.cookies(baseURL);
  const answer = await callApi<{ user?: { name: string; email: string } } | null>(
    'GET',
    '/api/auth/get-session',
    { cookie: cookieHeaderOf(cookies.map((cookie) => ({ ...cookie, httpOnly: true }))) },
  );
  return answer.body?.user ?? null;
}

export interface NewTask {
  title: string;
  category: string;
  description: string;
  deadline: string;
  budget: number;
  /** Issue 50: up to 5 skills. */
  skills?: string[];
}

/** Posts a task as the user (POST /api/tasks) and returns its id. */
export async function createTaskOverApi(user: SignedUpUser, task: NewTask): Promise<string> {
  const answer = await callApi<{ insertedId?: string }>('POST', '/api/tasks', {
    body: task,
    cookie: user.cookieHeader,
  });
  if (answer.status !== 201 || !answer.body.insertedId) {
    throw new Error(`task creation failed ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.insertedId;
}

/** Places one bid on a task as the user (PATCH /api/tasks/:id/bids). */
export async function bidOverApi(user: SignedUpUser, taskId: string): Promise<void> {
  const answer = await callApi('PATCH', `/api/tasks/${encodeURIComponent(taskId)}/bids`, {
    cookie: user.cookieHeader,
  });
  if (answer.status !== 200) {
    throw new Error(`bid failed ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/** POST `{text}` to `path` as the user (a question, reply or message), expecting 201; its id. */
export async function writeOverApi(
  user: SignedUpUser,
  path: string,
  text: string,
): Promise<string> {
  const answer = await callApi<{ insertedId: string }>('POST', path, {
    body: { text },
    cookie: user.cookieHeader,
  });
  if (answer.status !== 201)
    throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.insertedId;
}
