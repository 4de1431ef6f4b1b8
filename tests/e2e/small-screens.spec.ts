import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, test } from '../support/e2e-fixtures.ts';
import { HOME_HEADINGS } from '../../src/client/components/home/first-screen.ts';
import { scrollHomeDown } from '../support/e2e-home.ts';
import { signUpOverApi } from '../support/e2e-accounts.ts';
import { offerOverApi } from '../support/e2e-offers.ts';
import { createTaskOverApi, newTask } from '../support/e2e-tasks.ts';

/**
 * Issue 51: the header fits a 320 px phone (what does not fit is behind Menu), every control in
 * it is a 24 px target at least, and no main page scrolls sideways.
 */

test.use({ viewport: { width: 320, height: 640 } });

/** Each visible control of the bar, with the unread badge's box joined to its bell's. */
async function barControls(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('checkbox', { name: 'Dark theme' })).toBeVisible();
  return nav.evaluate((element) => {
    const controls = [...element.querySelectorAll(':scope a, :scope button, :scope label')].filter(
      (control) => control.getClientRects().length > 0 && !control.closest('ul'),
    );
    return controls.map((control) => {
      const boxes = [control, ...control.querySelectorAll('.badge')].map((part) =>
        part.getBoundingClientRect(),
      );
      return {
        name:
          control.getAttribute('aria-label') ??
          control.getAttribute('title') ??
          control.textContent?.trim() ??
          '',
        left: Math.min(...boxes.map((box) => box.left)),
        right: Math.max(...boxes.map((box) => box.right)),
        width: control.getBoundingClientRect().width,
        height: control.getBoundingClientRect().height,
      };
    });
  });
}

async function expectBarFits(page: Page, expected: RegExp[]) {
  const controls = await barControls(page);
  for (const pattern of expected) {
    expect(
      controls.some((control) => pattern.test(control.name)),
      `${pattern} in the bar`,
    ).toBe(true);
  }
  const width = page.viewportSize()!.width;
  controls.forEach((control, index) => {
    expect(control.width, `${control.name}: width`).toBeGreaterThanOrEqual(24);
    expect(control.height, `${control.name}: height`).toBeGreaterThanOrEqual(24);
    // Not touching the edges of the screen, nor the control before it.
    expect(control.left, `${control.name}: from the left edge`).toBeGreaterThanOrEqual(4);
    expect(control.right, `${control.name}: from the right edge`).toBeLessThanOrEqual(width - 4);
    const before = controls[index - 1];
    if (before)
      expect(control.left, `${control.name} after ${before.name}`).toBeGreaterThan(before.right);
  });
}

test('signed out at 320 px, the bar holds Menu, the brand, the theme switch, Login and Sign Up, apart', async ({
  page,
}) => {
  await page.goto('/about-us');
  await expectBarFits(page, [/^Menu$/, /^Tasklane$/, /^Switch theme$/, /^Login$/, /^Sign Up$/]);
  await expectNoHorizontalScroll(page, 'about us');
});

test('signed in at 320 px, the bar holds Menu, the brand, the switch, the bell with its badge and the avatar, apart', async ({
  page,
  signedInUser,
}) => {
  // An offer on their task: the bell shows an unread badge, which must not touch the avatar.
  const id = await createTaskOverApi(signedInUser, newTask());
  await offerOverApi(await signUpOverApi(), id);
  await page.goto('/about-us');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Notifications, 1 unread/ })).toBeVisible();
  await expectBarFits(page, [
    /^Menu$/,
    /^Tasklane$/,
    /^Switch theme$/,
    /^Notifications, 1 unread$/,
    /\(dashboard\)$/,
  ]);
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeHidden();
});

test('no sideways scroll at 320 px on home, search and a task page', async ({
  page,
  signedInUser,
}) => {
  const id = await createTaskOverApi(
    signedInUser,
    newTask({
      title: `A long title to wrap on a phone ${'x'.repeat(60)}`,
      description: `A description with a long word ${'y'.repeat(120)}`,
    }),
  );
  for (const path of ['/', '/browse-tasks?q=phone', `/task/${id}`, '/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page, path);
  }
  await page.goto('/');
  await scrollHomeDown(page);
  await expect(page.getByRole('heading', { name: HOME_HEADINGS.featured })).toBeVisible();
  await expectNoHorizontalScroll(page, 'home, scrolled down');
});
