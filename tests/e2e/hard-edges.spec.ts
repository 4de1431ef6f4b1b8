import crypto from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { SUPPORT_CONTACT } from '../../src/client/lib/contact.ts';
import { demoPhotoUrl, DEMO_USERS } from '../../src/server/seed/demo-data.ts';
import { NAME_MAX_LENGTH } from '../../src/shared/account-rules.ts';
import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../../src/shared/task-rules.ts';
import { logInContext, signUpOverApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { e2eEnv } from '../support/e2e-env.ts';
import { expect, expectNoHorizontalScroll, test, toast } from '../support/e2e-fixtures.ts';
import {
  createTaskOverApi,
  newTask,
  tableRow,
  taskCard,
  uniqueMark,
} from '../support/e2e-tasks.ts';
import { scrollHomeDown } from '../support/e2e-home.ts';

/**
 * Issue 8, "First impressions, hard edges": long unbroken words, broken photos, the focus ring,
 * the bar at 375 px, read-only fields, the destructive confirm, card titles as links and the
 * support contact as links.
 */

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** `length` characters without a break opportunity, starting with a unique marker. */
function unbroken(length: number): string {
  const mark = `Long${crypto.randomBytes(4).toString('hex')}`;
  return mark.padEnd(length, 'W');
}

/** The element is on screen sideways, once scrolled to (a button pushed off the edge is not). */
async function expectWithinWidth(locator: Locator, where: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator, where).toBeInViewport({ ratio: 1 });
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a 120-character word in a title, a long description, name and email wrap on every page', async ({
      page,
    }) => {
      const poster = await signUpOverApi({
        name: unbroken(NAME_MAX_LENGTH),
        email: `${unbroken(60).toLowerCase()}@${'w'.repeat(50)}.example.com`,
      });
      const task = newTask({
        title: unbroken(TITLE_MAX_LENGTH),
        description: unbroken(DESCRIPTION_MAX_LENGTH),
      });
      const id = await createTaskOverApi(poster, task);

      // A toast carrying the long name (spec §8 login success) stays on screen too.
      await page.goto('/login');
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByLabel('Email').fill(poster.email);
      await form.getByLabel('Password').fill(poster.password);
      await form.getByRole('button', { name: 'Login', exact: true }).click();
      const welcome = toast(page, 'success', `Login successful! Welcome ${poster.name}`);
      await expect(welcome).toBeVisible();
      await expect(welcome).toBeInViewport({ ratio: 1 });
      await expectNoHorizontalScroll(page, 'the login toast');

      await page.goto('/browse-tasks');
      const card = taskCard(page, task.title);
      await expect(card).toBeVisible();
      await expectNoHorizontalScroll(page, '/browse-tasks');
      await expectWithinWidth(card.getByRole('link', { name: /^View Details/ }), 'View Details');

      await page.goto(`/task/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
      await expect(page.getByText(task.description)).toBeVisible();
      await expectNoHorizontalScroll(page, '/task/:id');
      // The poster's own task: Edit and Delete where others see Place Bid (issue 9).
      await expectWithinWidth(page.getByRole('link', { name: /^Edit / }), 'Edit');
      await expectWithinWidth(page.getByRole('button', { name: /^Delete / }), 'Delete');

      await page.goto('/my-posted-tasks');
      const row = tableRow(page.getByRole('table'), task.title);
      await expect(row).toBeVisible();
      await expectNoHorizontalScroll(page, '/my-posted-tasks');
      for (const action of ['Update', 'Delete', 'Bids']) {
        await expectWithinWidth(
          row.getByRole(action === 'Update' ? 'link' : 'button', { name: action }),
          action,
        );
      }
      await row.getByRole('button', { name: 'Bids' }).click();
      await expect(toast(page, 'info', 'Total Bids: 0')).toBeVisible();

      await page.goto('/dashboard');
      const profile = page.getByRole('region', { name: poster.name });
      await expect(profile).toContainText(poster.email);
      await expect(page.getByRole('link', { name: `View ${task.title}` })).toBeVisible();
      await expectNoHorizontalScroll(page, '/dashboard');
      await expectWithinWidth(profile.getByRole('link', { name: 'Edit Profile' }), 'Edit Profile');
      await expectWithinWidth(page.getByRole('link', { name: `View ${task.title}` }), 'View');

      await page.goto('/dashboard/all-tasks');
      await expect(tableRow(page.getByRole('table'), task.title)).toBeVisible();
      await expectNoHorizontalScroll(page, '/dashboard/all-tasks');
      await expectWithinWidth(
        tableRow(page.getByRole('table'), task.title).getByRole('link', { name: task.title }),
        'the title link',
      );
    });
  });
}

test('the name tip of the bar’s avatar stays inside the window for a long name', async ({
  page,
  context,
}) => {
  const user = await signUpOverApi({ name: unbroken(NAME_MAX_LENGTH) });
  await logInContext(context, user);
  await page.goto('/about-us');
  const avatar = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `${user.name} (dashboard)` });
  await avatar.hover();
  await expectNoHorizontalScroll(page, 'the avatar tip');
});

test.describe('photos', () => {
  const BROKEN_PHOTO = 'https://images.example.com/missing-photo.png';

  test('a photo that does not load shows the placeholder in the bar, the sidebar and the profile card', async ({
    page,
    context,
  }) => {
    // This photo answers 404 (later routes win over the fixtures' pixel for images.example.com).
    await context.route(BROKEN_PHOTO, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    const user = await signUpOverApi({ image: BROKEN_PHOTO });
    await logInContext(context, user);

    await page.goto('/about-us');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expectPlaceholder(bar.getByRole('link', { name: `${user.name} (dashboard)` }), user);

    await page.goto('/dashboard');
    await expectPlaceholder(page.getByRole('complementary', { name: 'Dashboard' }), user);
    await expectPlaceholder(page.getByRole('region', { name: user.name }), user);
  });

  test('the demo users’ photos are the app’s own and load', async ({ page, context }) => {
    const { baseURL } = e2eEnv();
    const urls = DEMO_USERS.map((demo) => demoPhotoUrl(baseURL, demo));
    await page.goto('/about-us');
    const widths = await page.evaluate(
      (sources) =>
        Promise.all(
          sources.map(
            (src) =>
              new Promise<number>((resolve) => {
                const image = new Image();
                image.onload = () => resolve(image.naturalWidth);
                image.onerror = () => resolve(0);
                image.src = src;
              }),
          ),
        ),
      urls,
    );
    expect(
      widths.every((width) => width > 0),
      `natural widths ${widths.join(', ')}`,
    ).toBe(true);

    // As an avatar: the photo itself, not the placeholder.
    const user = await signUpOverApi({ image: urls[0] });
    await logInContext(context, user);
    await page.goto('/dashboard');
    const photo = page.getByRole('complementary', { name: 'Dashboard' }).getByRole('img', {
      name: user.name,
    });
    await expect(photo).toHaveAttribute('src', urls[0]!);
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  });
});

/** The placeholder icon stands for the user, and no broken image (nor its alt text) shows. */
async function expectPlaceholder(scope: Locator, user: SignedUpUser): Promise<void> {
  await expect(scope.locator('svg[role="img"]').filter({ visible: true })).toHaveAttribute(
    'aria-label',
    user.name,
  );
  await expect(scope.locator('img')).toHaveCount(0);
}

test.describe('the focus ring', () => {
  interface BarFocus {
    name: string;
    isActive: boolean;
    outline: string;
    width: number;
    /** The ring's colour against the bar's background (WCAG 1.4.11 asks 3:1). */
    contrast: number;
  }

  /** Every element Tab reaches inside the bar, from the top of the page, with its outline. */
  async function tabThroughBar(page: Page): Promise<BarFocus[]> {
    const seen: BarFocus[] = [];
    await page.locator('body').focus();
    for (let step = 0; step < 30; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return { state: 'body' as const };
        if (!element.closest('header')) return { state: 'outside' as const };
        const style = getComputedStyle(element);
        // Colours as the screen shows them: painted on a canvas and read back (themes use oklch).
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        const paint = (...colours: string[]) => {
          for (const colour of colours) {
            context.fillStyle = colour;
            context.fillRect(0, 0, 1, 1);
          }
          return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)] as [number, number, number];
        };
        const luminance = (rgb: [number, number, number]) => {
          const [r, g, b] = rgb.map((value) => {
            const channel = value / 255;
            return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
          }) as [number, number, number];
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const page = getComputedStyle(document.body).backgroundColor;
        const bar = getComputedStyle(element.closest('header')!).backgroundColor;
        const background = luminance(paint(page, bar));
        const ring = luminance(paint(page, bar, style.outlineColor));
        const contrast = (Math.max(background, ring) + 0.05) / (Math.min(background, ring) + 0.05);
        return {
          state: 'bar' as const,
          entry: {
            name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
            isActive: element.classList.contains('menu-active'),
            outline: style.outlineStyle,
            width: parseFloat(style.outlineWidth),
            contrast,
          },
        };
      });
      // The skip link comes before the bar; the page's own content after it.
      if (focused.state === 'outside' && seen.length > 0) break;
      if (focused.state === 'bar') seen.push(focused.entry);
    }
    return seen;
  }

  async function expectRingOnEveryBarControl(page: Page, links: string[]) {
    for (const theme of ['winter', 'forest']) {
      await page.evaluate((name) => localStorage.setItem('theme', name), theme);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
      // The session's part of the bar (its last controls) drawn before the walk: it comes a
      // moment after the page's.
      const bar = page.locator('header');
      const last = links.at(-1)!;
      await expect(
        bar
          .getByRole('link', { name: last, exact: true })
          .or(bar.getByRole('button', { name: last, exact: true })),
      ).toBeVisible();
      const seen = await tabThroughBar(page);
      for (const link of links) {
        expect(
          seen.map((entry) => entry.name),
          `${theme}: Tab reaches ${link}`,
        ).toContain(link);
      }
      expect(
        seen.some((entry) => entry.isActive),
        `${theme}: the active link is reached`,
      ).toBe(true);
      for (const entry of seen) {
        const label = `${theme}: ${entry.name}${entry.isActive ? ' (active)' : ''}`;
        expect(entry.outline, label).not.toBe('none');
        expect(entry.width, label).toBeGreaterThanOrEqual(2);
        expect(entry.contrast, `${label}: ring against the bar`).toBeGreaterThanOrEqual(3);
      }
    }
  }

  test('signed out, every bar link and button shows a clear outline, the active link too', async ({
    page,
  }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expectRingOnEveryBarControl(page, [
      'Tasklane',
      'Home',
      'About Us',
      'Browse Tasks',
      'Contact Us',
      'Dark theme',
      'Login',
      'Sign Up',
    ]);
  });

  test('signed in, every bar link and button shows a clear outline, the active link too', async ({
    page,
    signedInUser,
  }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectRingOnEveryBarControl(page, [
      'Tasklane',
      'Home',
      'About Us',
      'Add Task',
      'My Posted Tasks',
      'My Bids',
      'DashBoard',
      'Dark theme',
      `${signedInUser.name} (dashboard)`,
      'Logout',
    ]);
  });
});

test.describe('at 375 px the bar', () => {
  test.use({ viewport: PHONE });

  /** The boxes of the bar's visible controls, none of which may overlap another. */
  async function expectNoOverlap(page: Page, controls: Record<string, Locator>) {
    // Every control first, then the boxes: one arriving late (the bell, the avatar) moves the rest.
    for (const [name, locator] of Object.entries(controls)) {
      await expect(locator, name).toBeVisible();
    }
    const boxes = [];
    for (const [name, locator] of Object.entries(controls)) {
      const box = (await locator.boundingBox())!;
      expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(PHONE.width);
      boxes.push({ name, ...box });
    }
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const overlaps =
          a.x < b.x + b.width &&
          b.x < a.x + a.width &&
          a.y < b.y + b.height &&
          b.y < a.y + a.height;
        expect(overlaps, `${a.name} and ${b.name} overlap`).toBe(false);
      }
    }
  }

  function barControls(page: Page) {
    const bar = page.getByRole('navigation', { name: 'Main' });
    return {
      bar,
      menu: bar.getByRole('button', { name: 'Menu' }),
      logo: bar.getByRole('link', { name: 'Tasklane', exact: true }),
      // The whole switch: the toggle and its sun and moon.
      theme: bar
        .locator('label')
        .filter({ has: page.getByRole('checkbox', { name: 'Dark theme' }) }),
    };
  }

  test('signed out, the theme switch, the logo and the buttons do not overlap', async ({
    page,
  }) => {
    await page.goto('/about-us');
    const { bar, ...controls } = barControls(page);
    await expectNoOverlap(page, {
      ...controls,
      login: bar.getByRole('link', { name: 'Login', exact: true }),
      signup: bar.getByRole('link', { name: 'Sign Up', exact: true }),
    });
  });

  // Issue 51: below 640 px Logout is in the menu (mobile-menu.spec), leaving the bar room.
  test('signed in, the theme switch, the logo, the bell and the avatar do not overlap', async ({
    page,
    signedInUser,
  }) => {
    await page.goto('/about-us');
    const { bar, ...controls } = barControls(page);
    await expectNoOverlap(page, {
      ...controls,
      bell: bar.getByRole('link', { name: /^Notifications/ }),
      avatar: bar.getByRole('link', { name: `${signedInUser.name} (dashboard)` }),
    });
    await expect(bar.getByRole('button', { name: 'Logout' })).toBeHidden();
  });
});

test.describe('read-only fields', () => {
  async function expectReadOnlyLook(readOnly: Locator, editable: Locator) {
    await expect(readOnly).toHaveAttribute('readonly', '');
    await expect(readOnly).toHaveAttribute('aria-readonly', 'true');
    await expect(readOnly).not.toBeEditable();
    await expect(editable).toBeEditable();
    const look = (field: Locator) =>
      field.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, cursor: style.cursor };
      });
    const [fixed, open] = [await look(readOnly), await look(editable)];
    expect(fixed.background, 'background of a read-only field').not.toBe(open.background);
    expect(fixed.cursor).toBe('default');
    expect(open.cursor).toBe('text');
  }

  test('the task form’s name and email, and Edit Profile’s email, look read-only', async ({
    page,
    signedInUser,
  }) => {
    await page.goto('/add-task');
    const form = page.getByRole('form', { name: 'Add Task' });
    await expect(form.getByLabel('Your name')).toHaveValue(signedInUser.name);
    await expectReadOnlyLook(form.getByLabel('Your name'), form.getByLabel('Title'));
    await expectReadOnlyLook(form.getByLabel('Your email'), form.getByLabel('Title'));

    await page.goto('/dashboard/edit-profile');
    const profile = page.getByRole('form', { name: 'Edit profile' });
    await expect(profile.getByLabel('Email')).toHaveValue(signedInUser.email);
    await expectReadOnlyLook(profile.getByLabel('Email'), profile.getByLabel('Name'));
  });
});

test('“Yes, delete it!” is the error (destructive) button, in the Delete button’s colour', async ({
  page,
  signedInUser,
}) => {
  const task = newTask();
  await createTaskOverApi(signedInUser, task);
  await page.goto('/my-posted-tasks');
  const remove = tableRow(page.getByRole('table'), task.title).getByRole('button', {
    name: 'Delete',
  });
  const background = (locator: Locator) =>
    locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  // Read at rest: once clicked, the button is hovered and its colour is on its way (a transition).
  const deleteColour = await background(remove);
  await remove.click();
  const confirm = page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, delete it!' });
  await expect(confirm).toHaveClass(/\bbtn-error\b/);
  await expect(confirm).not.toHaveClass(/\bbtn-primary\b/);
  // The dialog fades in: its button's colour settles within the transition.
  await expect.poll(() => background(confirm)).toBe(deleteColour);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'info', 'Task deletion canceled.')).toBeVisible();
});

test('a card’s title is a link to its details, on Browse and on the home page', async ({
  page,
  signedInUser,
}) => {
  const task = newTask({ title: `Title link ${uniqueMark()}` });
  const id = await createTaskOverApi(signedInUser, task);

  await page.goto('/');
  await scrollHomeDown(page);
  const featured = page.getByRole('region', { name: 'Featured Tasks' });
  const titleLinks = featured.getByRole('article').getByRole('heading').getByRole('link');
  await expect(titleLinks.first()).toBeVisible();
  for (const href of await titleLinks.evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')),
  )) {
    expect(href).toMatch(/^\/task\/[^/]+$/);
  }

  await page.goto('/browse-tasks');
  const card = taskCard(page, task.title);
  await card.getByRole('heading').getByRole('link', { name: task.title }).click();
  await expect(page).toHaveURL(`/task/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
});

test('the support email and phone are mailto: and tel: links, in the footer and on Contact Us', async ({
  page,
}) => {
  await page.goto('/contact-us');
  for (const scope of [page.getByRole('contentinfo'), page.getByRole('main')]) {
    await expect(scope.getByRole('link', { name: SUPPORT_CONTACT.email })).toHaveAttribute(
      'href',
      'mailto:support@tasklane.example',
    );
    await expect(scope.getByRole('link', { name: SUPPORT_CONTACT.phone })).toHaveAttribute(
      'href',
      'tel:+8801700000000',
    );
  }
});
