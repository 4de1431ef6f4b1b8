import { SUPPORT_CONTACT } from '../../src/client/lib/contact.ts';
import { expect, test } from '../support/e2e-fixtures.ts';

/** spec §2 "Shell": the navigation bar by session, the footer, and the tab titles. */

const PUBLIC_LINKS = [
  ['Home', '/'],
  ['About Us', '/about-us'],
  ['Browse Tasks', '/browse-tasks'],
  ['Contact Us', '/contact-us'],
] as const;
const MEMBER_LINKS = [
  ['Add Task', '/add-task'],
  ['My Posted Tasks', '/my-posted-tasks'],
  ['My Bids', '/my-bids'],
  ['DashBoard', '/dashboard'],
] as const;

test('signed out, the bar links the public pages and offers Login and Sign Up', async ({
  page,
}) => {
  await page.goto('/about-us');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('list').getByRole('link');
  await expect(links).toHaveText(PUBLIC_LINKS.map(([label]) => label));
  for (const [label, href] of PUBLIC_LINKS) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(nav.getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);

  // The links lead where they say, in the single-page app.
  await nav.getByRole('link', { name: 'Contact Us', exact: true }).click();
  await expect(page).toHaveURL('/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await nav.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});

test('signed in, the bar adds the member links, the avatar with the name on hover, and Logout', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/about-us');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('list').getByRole('link');
  await expect(links).toHaveText([...PUBLIC_LINKS, ...MEMBER_LINKS].map(([label]) => label));
  for (const [label, href] of MEMBER_LINKS) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Sign Up', exact: true })).toHaveCount(0);

  // The avatar shows the photo; hovering it shows the display name (daisyUI tooltip, data-tip).
  const avatarName = `${signedInUser.name} (dashboard)`;
  const avatar = nav.getByRole('link', { name: avatarName });
  await expect(avatar).toHaveAttribute('href', '/dashboard');
  await expect(avatar.getByRole('img', { name: signedInUser.name })).toHaveAttribute(
    'src',
    signedInUser.image,
  );
  const tooltip = nav
    .locator('[data-tip]')
    .filter({ has: page.getByRole('link', { name: avatarName }) });
  await expect(tooltip).toHaveAttribute('data-tip', signedInUser.name);
  const tipStyle = () =>
    tooltip.evaluate((element) => {
      const style = getComputedStyle(element, '::before');
      return { content: style.content, opacity: style.opacity };
    });
  expect((await tipStyle()).opacity).toBe('0');
  await avatar.hover();
  await expect.poll(tipStyle).toEqual({ content: `"${signedInUser.name}"`, opacity: '1' });
});

test('the footer links the pages, three social networks, the support contact and the year', async ({
  page,
}) => {
  await page.goto('/terms');
  const footer = page.getByRole('contentinfo');
  const quickLinks = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
  await expect(quickLinks).toHaveText([
    'Home',
    'Add Task',
    'Browse Tasks',
    'My Posted Tasks',
    'Terms & Conditions',
  ]);
  const hrefs = await quickLinks.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href')),
  );
  expect(hrefs).toEqual(['/', '/add-task', '/browse-tasks', '/my-posted-tasks', '/terms']);

  const social = footer.getByRole('navigation', { name: 'Follow Us' }).getByRole('link');
  await expect(social).toHaveCount(3);
  for (const link of await social.all()) {
    expect(new URL((await link.getAttribute('href'))!).protocol).toBe('https:');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }

  await expect(footer).toContainText(SUPPORT_CONTACT.email);
  await expect(footer).toContainText(SUPPORT_CONTACT.phone);
  await expect(footer).toContainText('connects clients and freelancers for small, meaningful work');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Tasklane`);

  await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL('/terms');
});

const PAGE_TITLES = [
  ['/', 'Home'],
  ['/about-us', 'About Us'],
  ['/contact-us', 'Contact Us'],
  ['/terms', 'Terms & Conditions'],
  ['/login', 'Login'],
  ['/signup', 'Sign Up'],
] as const;

test('every static page titles the tab "Tasklane | <Page>"', async ({ page }) => {
  for (const [path, name] of PAGE_TITLES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`Tasklane | ${name}`);
  }
  // The title follows client-side navigation too.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'About Us' })
    .click();
  await expect(page).toHaveTitle('Tasklane | About Us');
});
