import { EMPTY_FREELANCER_PROFILE } from '../../src/shared/freelancer-profiles.ts';
import { callApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  signUpUsers,
  switchToForest,
  test,
} from '../support/e2e-offers.ts';

/**
 * Issue 50 "The directory" in the browser: two freelancers seeded over the API, one found by a
 * word and by a skill, the search kept in the URL across a reload, their profile opened from the
 * card. axe at 375 px in both themes.
 */

async function saveProfile(user: SignedUpUser, fields: Record<string, unknown>) {
  const answer = await callApi('PUT', '/api/me/freelancer-profile', {
    body: { ...EMPTY_FREELANCER_PROFILE, ...fields },
    cookie: user.cookieHeader,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A word no other test's profile carries, so that the search finds only this test's people. */
const uniqueWord = () => `zx${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a client finds a freelancer by word and by skill, and opens their profile', async ({
  page,
}) => {
  const word = uniqueWord();
  const [fern, gil] = await signUpUsers('Fern Directory', 'Gil Directory');
  await saveProfile(fern, {
    headline: `Logos ${word} for small shops`,
    skills: ['Logo design', `Lettering ${word}`],
    rate: { amount: 45, unit: 'hourly' },
    available: true,
  });
  await saveProfile(gil, {
    headline: `Spreadsheets ${word} tidied`,
    skills: ['Excel'],
  });

  await page.goto('/browse-tasks');
  await page.getByRole('link', { name: 'Find freelancers' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find Freelancers' })).toBeVisible();

  // By word: both, then one with the second word.
  await page.getByLabel('Search freelancers').fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('2 freelancers')).toBeVisible();
  await page.getByLabel('Search freelancers').fill(`${word} logos`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 freelancer', { exact: true })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: 'Fern Directory' });
  await expect(card).toContainText(`Logos ${word} for small shops`);
  await expect(card).toContainText('Available now');
  await expect(card).toContainText('$45 per hour');
  await expect(card.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText([
    'Logo design',
    `Lettering ${word}`,
  ]);

  // By skill (any case), with "available now": the URL keeps it all across a reload.
  await page.getByLabel('Search freelancers').fill('');
  await page.getByLabel('Skill', { exact: true }).fill(`lettering ${word.toUpperCase()}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('checkbox', { name: 'Available now' }).check();
  await page.getByLabel('Sort by').selectOption('rating');
  await expect(page).toHaveURL(/[?&]available=true/);
  await expect(page).toHaveURL(/[?&]sort=rating/);
  await expect(page).toHaveURL(/[?&]skill=lettering/);
  await expect(page.getByText('1 freelancer', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Skill', { exact: true })).toHaveValue(
    `lettering ${word.toUpperCase()}`,
  );
  await expect(page.getByRole('checkbox', { name: 'Available now' })).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  await expect(page.getByText('1 freelancer', { exact: true })).toBeVisible();
  await page.getByLabel('Sort by').selectOption({ label: 'Fastest response' });
  await expect(page).toHaveURL(/[?&]sort=response/);
  await expect(page.getByText('1 freelancer', { exact: true })).toBeVisible();

  // Nothing matches: a way forward.
  await page.getByLabel('Max price (USD)').fill('10');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No freelancer matches this search.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/freelancers$/);

  await page.goto(`/freelancers?q=${word}+logos`);
  await page.getByRole('link', { name: 'Fern Directory' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${fern.id}$`));
  await expect(page.getByRole('main').getByText(`Logos ${word} for small shops`)).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the directory passes axe in ${theme} and fits`, async ({ page }) => {
      const word = uniqueWord();
      const [fay] = await signUpUsers(`Fay Directory ${theme}`);
      await saveProfile(fay, {
        headline: `Careful proofreading ${word}`,
        skills: ['Proofreading', 'Copywriting'],
        rate: { amount: 30, unit: 'fixed' },
        available: true,
      });
      if (theme === 'forest') {
        await page.goto('/');
        await switchToForest(page);
      }
      await page.goto(`/freelancers?q=${word}`);
      await expect(page.getByText('1 freelancer', { exact: true })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoHorizontalScroll(page, `/freelancers in ${theme}`);
      await expectNoSeriousA11yViolations(page, `/freelancers in ${theme}`);
    });
  }
});
