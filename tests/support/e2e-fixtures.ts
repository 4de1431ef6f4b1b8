import {
  test as base,
  expect,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { logInContext, signUpOverApi, type SignedUpUser } from './e2e-accounts.ts';
import { e2eEnv } from './e2e-env.ts';

/** A 1×1 PNG: every photo URL the tests use points at images.example.com, answered with this. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/**
 * Any http(s) URL off this machine. A pattern rather than a function: Playwright matches it
 * without calling back into the test for every request.
 */
const OUTSIDE = /^https?:\/\/(?!(?:127\.0\.0\.1|localhost)(?::\d+)?\/)/;

/** Photos from images.example.com get a pixel; every other request off this machine is refused. */
export async function keepOnMachine(context: BrowserContext): Promise<void> {
  await context.route(OUTSIDE, (route) => {
    if (new URL(route.request().url()).hostname === 'images.example.com') {
      return route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG });
    }
    return route.abort('blockedbyclient');
  });
}

/**
 * Before a test's context closes, its routes and its pages' let go: a handler still running is
 * left to finish or fail unheard. Closing waits for running handlers, and the close disposes
 * what `route.fetch()` answered: a page the test had left loading (it moved on to another page)
 * had a handler reading that answer, and its error failed the finished test (CI, once:
 * "apiResponse.json: Response has been disposed").
 */
export async function letGoOfRoutes(context: BrowserContext): Promise<void> {
  await Promise.all([
    ...context.pages().map((page) => page.unrouteAll({ behavior: 'ignoreErrors' })),
    context.unrouteAll({ behavior: 'ignoreErrors' }),
  ]);
}

interface Fixtures {
  /** A user signed up over the API whose session cookie is already in this test's context. */
  signedInUser: SignedUpUser;
}

/**
 * The browser tests' `test`: baseURL is the server the global setup started, and nothing leaves
 * the machine (photos from images.example.com get a pixel; other outside requests are refused,
 * so a test never waits on the network).
 */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from its first parameter.
  baseURL: async ({}, use) => {
    await use(e2eEnv().baseURL);
  },
  context: async ({ context }, use) => {
    await keepOnMachine(context);
    await use(context);
    await letGoOfRoutes(context);
  },
  signedInUser: async ({ context }, use) => {
    const user = await signUpOverApi();
    await logInContext(context, user);
    await use(user);
  },
});

export { expect };

/**
 * The toast showing exactly `message` (top-right, spec §9): success and info toasts are status
 * messages, errors are alerts. A toast is told from a form's alert by its dismiss button, and its
 * message is matched on its own text (the button's ✕ is not part of it).
 */
export function toast(page: Page, kind: 'success' | 'info' | 'error', message: string): Locator {
  return page
    .getByRole(kind === 'error' ? 'alert' : 'status')
    .filter({ has: page.getByRole('button', { name: 'Dismiss notification' }) })
    .filter({ has: page.getByText(message, { exact: true }) });
}

/** The page scrolls sideways when it is wider than the window. */
export async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, `${where}: page width against the window's`).toBeLessThanOrEqual(
    widths.window,
  );
}

/**
 * The theme switch to forest, waited for (spec §4 "Theme"). A click that lands while the page is
 * still settling (the bar re-rendered under it) may be lost; then the switch is clicked again,
 * never twice once it is on.
 */
export async function switchToForest(page: Page): Promise<void> {
  const toggle = page.getByRole('checkbox', { name: 'Dark theme' });
  await expect(async () => {
    if (!(await toggle.isChecked())) await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'forest', { timeout: 1_000 });
  }).toPass();
}

/** Confirms the open logout dialog, then closes 'Logged out!' (spec §4 "Logout"). */
export async function confirmLogout(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, logout!' })
    .click();
  await page
    .getByRole('dialog', { name: 'Logged out!' })
    .getByRole('button', { name: 'OK' })
    .click();
}

/** Follows a link of a named navigation to the page at `url`, titled `Tasklane | title`. */
export async function followNavLink(
  page: Page,
  link: { nav: string; name: string; exact?: boolean },
  url: string,
  title: string,
): Promise<void> {
  await page
    .getByRole('navigation', { name: link.nav })
    .getByRole('link', { name: link.name, exact: link.exact })
    .click();
  await expect(page).toHaveURL(url);
  await expect(page).toHaveTitle(`Tasklane | ${title}`);
}
