import type { Page } from '@playwright/test';
import { PORTFOLIO_MESSAGES } from '../../src/shared/portfolio.ts';
import { THEME_STORAGE_KEY } from '../../src/client/lib/theme.ts';
import { PORTFOLIO_TEXTS } from '../../src/client/features/profiles/portfolio-editor.tsx';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { pngFile, type FilePayload } from '../support/e2e-files.ts';
import { expect, test, toast } from '../support/e2e-fixtures.ts';

/**
 * Issue 49: a freelancer's portfolio. Pieces are added on the profile page (a photo, a title, a
 * link), edited and removed there, and shown as a grid on the public profile, their links
 * marked as somebody else's (rel="nofollow ugc noopener").
 */

const LOGO = pngFile('logo.png', 400, 300, [30, 120, 200]);
const MURAL = pngFile('mural.png', 300, 300, [220, 160, 20]);

const editor = (page: Page) => page.getByRole('region', { name: 'Portfolio' });
const addForm = (page: Page) => page.getByRole('form', { name: 'Add to portfolio' });

async function addPiece(page: Page, photo: FilePayload, title: string, link = '') {
  const form = addForm(page);
  await form.getByLabel('Add photo').setInputFiles(photo);
  await expect(form.getByText('Uploaded')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Link (optional)').fill(link);
  await form.getByRole('button', { name: 'Add to portfolio' }).click();
  // Listed among the pieces; the form empty again for the next.
  await expect(
    editor(page)
      .getByRole('list', { name: 'Your portfolio' })
      .getByRole('button', { name: `Edit ${title}`, exact: true }),
  ).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('');
}

test('two pieces added on the profile page, one edited, both on the public profile as a grid', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/dashboard/edit-profile');
  await expect(editor(page).getByRole('heading', { name: 'Portfolio' })).toBeVisible();

  // The rules checked in the browser with the shared messages: a title and an https link.
  const form = addForm(page);
  await form.getByLabel('Add photo').setInputFiles(LOGO);
  await expect(form.getByText('Uploaded')).toBeVisible();
  await form.getByLabel('Link (optional)').fill('http://example.com');
  await form.getByRole('button', { name: 'Add to portfolio' }).click();
  await expect(form.getByText(PORTFOLIO_MESSAGES.titleRequired)).toBeVisible();
  await expect(form.getByText(PORTFOLIO_MESSAGES.linkInvalid)).toBeVisible();
  await form.getByLabel('Title').fill('  Bakery logo ');
  await form.getByLabel('Link (optional)').fill('https://example.com/bakery');
  await form.getByRole('button', { name: 'Add to portfolio' }).click();
  await expect(toast(page, 'success', PORTFOLIO_TEXTS.added)).toBeVisible();
  await addPiece(page, MURAL, 'Cafe mural');

  const pieces = editor(page).getByRole('list', { name: 'Your portfolio' }).getByRole('listitem');
  await expect(pieces).toHaveCount(2);
  await expect(pieces.nth(0)).toContainText('Bakery logo');
  // The second piece gets a link through Edit.
  await pieces.nth(1).getByRole('button', { name: 'Edit Cafe mural' }).click();
  await pieces.nth(1).getByLabel('Link (optional)').fill('https://example.org/mural');
  await pieces.nth(1).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', PORTFOLIO_TEXTS.saved)).toBeVisible();
  await expect(pieces.nth(1).getByRole('link')).toHaveAttribute(
    'href',
    'https://example.org/mural',
  );

  // The public profile, as a visitor sees it.
  await page.context().clearCookies();
  await page.goto(`/users/${signedInUser.id}`);
  const portfolio = page.getByRole('region', { name: 'Portfolio' });
  const grid = portfolio.getByRole('listitem');
  await expect(grid).toHaveCount(2);
  await expect(grid.nth(0).getByRole('img', { name: 'Bakery logo' })).toHaveAttribute(
    'src',
    /^\/files\/[0-9a-f]{64}-card\.webp$/,
  );
  await expect
    .poll(() =>
      grid
        .nth(0)
        .getByRole('img')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true);
  const link = grid.nth(0).getByRole('link', { name: /Bakery logo/ });
  await expect(link).toHaveAttribute('href', 'https://example.com/bakery');
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(grid.nth(1)).toContainText('Cafe mural');
  await expect(grid.nth(1).getByRole('link')).toHaveAttribute('rel', 'nofollow ugc noopener');
});

test('removing a piece asks first; the profile page and the public profile with a portfolio pass axe at 375 px in both themes', async ({
  page,
  signedInUser,
}) => {
  test.slow(true, 'uploads, then two pages in two themes');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/edit-profile');
  await addPiece(page, LOGO, 'Bakery logo', 'https://example.com/bakery');
  await addPiece(page, MURAL, 'Cafe mural');
  const pieces = editor(page).getByRole('list', { name: 'Your portfolio' }).getByRole('listitem');
  await expect(pieces).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'the profile page with a portfolio in winter');
  // At 375 px the dashboard keeps the theme switch in its menu: the stored choice, then a reload.
  await page.evaluate((key) => localStorage.setItem(key, 'forest'), THEME_STORAGE_KEY);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'forest');
  await expect(pieces).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'the profile page with a portfolio in forest');

  await pieces.nth(1).getByRole('button', { name: 'Remove Cafe mural' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'success', PORTFOLIO_TEXTS.removed)).toBeVisible();
  await expect(pieces).toHaveCount(1);

  await page.goto(`/users/${signedInUser.id}`);
  await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await expectNoSeriousA11yViolations(page, 'the public profile with a portfolio in forest');
  await page.getByRole('checkbox', { name: 'Dark theme' }).uncheck();
  await expectNoSeriousA11yViolations(page, 'the public profile with a portfolio in winter');
});
