import { FREELANCER_PROFILE_MESSAGES } from '../../src/shared/freelancer-profiles.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../support/e2e-offers.ts';

/**
 * Issue 50 "Profiles" in the browser: a freelancer fills in their profile on its own page
 * (skills from the suggestions or typed, a rate, links), refused input is said at the field, and
 * the public profile shows it, with contact details hidden from others and links marked as
 * theirs. axe at 375 px in both themes.
 */

test('a freelancer edits their profile; another user reads it on the public profile', async ({
  pageAs,
}) => {
  test.slow(true, 'two browser contexts');
  const [fern, reader] = await signUpUsers('Fern Freelancer', 'Rita Reader');
  const page = await pageAs(fern);
  await page.goto(`/users/${fern.id}`);
  await page.getByRole('link', { name: 'Edit freelancer profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Freelancer profile' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Freelancer profile' });
  await form.getByLabel('Headline').fill('Logos and brand kits for small shops');
  await form.getByLabel('About').fill('Ten years of logos.\nWrite to fern@example.com.');
  const skill = form.getByLabel('Add a skill');
  await skill.fill('Logo design');
  await skill.press('Enter');
  await skill.fill('Hand lettering');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  // The same skill however it is typed is one skill.
  await skill.fill('  logo   DESIGN ');
  await skill.press('Enter');
  await expect(form.getByRole('list', { name: 'Your skills' }).getByRole('listitem')).toHaveText([
    /Logo design/,
    /Hand lettering/,
  ]);
  await form.getByLabel('Amount').fill('45.50');
  await form.getByLabel('Rate is').selectOption('hourly');
  await form.getByLabel('Languages').fill('English, Welsh');
  await form.getByLabel('Time zone').fill('Europe/London');
  await form.getByLabel('GitHub').fill('https://gitlab.com/fern');
  await form.getByRole('checkbox', { name: /Available now/ }).check();

  // A link on the wrong site is refused at once, and nothing is saved.
  await form.getByRole('button', { name: 'Save freelancer profile' }).click();
  await expect(
    form.getByText(FREELANCER_PROFILE_MESSAGES.linkWrongHost('GitHub', 'github.com')),
  ).toBeVisible();
  await form.getByLabel('GitHub').fill('https://github.com/fern');
  await form.getByRole('button', { name: 'Save freelancer profile' }).click();
  await expect(toast(page, 'success', FREELANCER_PROFILE_MESSAGES.saved)).toBeVisible();

  // Saved: a reload shows what was saved.
  await page.reload();
  await expect(form.getByLabel('Headline')).toHaveValue('Logos and brand kits for small shops');
  await expect(form.getByRole('list', { name: 'Your skills' }).getByRole('listitem')).toHaveCount(
    2,
  );

  const readerPage = await pageAs(reader);
  await readerPage.goto(`/users/${fern.id}`);
  const main = readerPage.getByRole('main');
  await expect(main.getByText('Logos and brand kits for small shops')).toBeVisible();
  await expect(main.getByText('Available now')).toBeVisible();
  const about = main.getByRole('region', { name: 'About' });
  await expect(about).toContainText('Write to [email hidden].');
  await expect(about.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText([
    'Logo design',
    'Hand lettering',
  ]);
  await expect(about).toContainText('$45.50 per hour');
  await expect(about).toContainText('Europe/London');
  const github = about.getByRole('link', { name: 'GitHub' });
  await expect(github).toHaveAttribute('href', 'https://github.com/fern');
  await expect(github).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(main.getByRole('link', { name: 'Edit freelancer profile' })).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the freelancer profile page and its public side pass axe in ${theme} and fit`, async ({
      pageAs,
    }) => {
      test.slow(true, 'axe runs on two pages');
      const [fern] = await signUpUsers(`Fay Freelancer ${theme}`);
      const page = await pageAs(fern);
      if (theme === 'forest') {
        await page.goto('/');
        await switchToForest(page);
      }
      await page.goto('/dashboard/freelancer-profile');
      const form = page.getByRole('form', { name: 'Freelancer profile' });
      await form.getByLabel('Headline').fill('Careful proofreading');
      await form.getByLabel('Add a skill').fill('Proofreading');
      await form.getByLabel('Add a skill').press('Enter');
      await form.getByLabel('Website').fill('https://fay.example');
      await form.getByRole('button', { name: 'Save freelancer profile' }).click();
      await expect(toast(page, 'success', FREELANCER_PROFILE_MESSAGES.saved)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoHorizontalScroll(page, `/dashboard/freelancer-profile in ${theme}`);
      await expectNoSeriousA11yViolations(page, `/dashboard/freelancer-profile in ${theme}`);

      await page.goto(`/users/${fern.id}`);
      await expect(page.getByRole('region', { name: 'About' })).toBeVisible();
      await expectNoHorizontalScroll(page, `a freelancer's profile in ${theme}`);
      await expectNoSeriousA11yViolations(page, `a freelancer's profile in ${theme}`);
    });
  }
});
