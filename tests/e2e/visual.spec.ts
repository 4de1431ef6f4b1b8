import type { Locator, Page } from '@playwright/test';
import {
  expect,
  hiredTask,
  reviewOverApi,
  signUpUsers,
  switchToForest,
  test,
} from '../support/e2e-offers.ts';
import { scrollHomeDown } from '../support/e2e-home.ts';
import { definition, isoDate, startEmptyServer, type EmptyServer } from '../support/e2e-tasks.ts';

/**
 * Issue 51: the look of the main pages (home, search, a task, a profile) kept as baselines
 * (Playwright's `toHaveScreenshot`, a pixel comparison: at most 0.1 % of pixels may differ), at
 * 375 and 1280 px in both themes, so a change that breaks a page's look fails CI. What differs
 * from run to run (dates, counts from other tests) is masked. After a deliberate change of look:
 * `npx playwright test tests/e2e/visual.spec.ts --update-snapshots`, then look at the new
 * pictures before committing them.
 */

const WIDTHS = [375, 1280] as const;
const THEMES = ['winter', 'forest'] as const;

async function shoot(page: Page, name: string, mask: Locator[]) {
  // The whole page, the header at its top; the unread count comes from other tests' doings.
  const bell = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ });
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    // The footer's year changes once a year.
    mask: [...mask, bell, bell.locator('*'), page.getByText(/^© \d{4} /)],
    maxDiffPixelRatio: 0.001,
    animations: 'disabled',
    caret: 'hide',
  });
}

/** The tasks of the home page's and the search's pictures, on a server of their own. */
const LISTED_TASKS = [
  { title: 'Fix a leaking kitchen tap', category: 'Other', budget: 80, days: 3 },
  { title: 'Logo for a small bakery', category: 'Design', budget: 150, days: 7 },
  { title: 'Landing page for a yoga studio', category: 'Web Development', budget: 420, days: 12 },
  { title: 'Proofread a 20-page thesis', category: 'Writing', budget: 95, days: 20 },
] as const;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Four pictures of whole pages, each compared until it holds still.
    test.describe.configure({ timeout: 150_000 });

    test('the task page and a profile look as they did', async ({ pageAs }) => {
      const [paula, frank] = await signUpUsers('Paula Poster', 'Frank Freelancer');
      const { taskId } = await hiredTask(paula, frank, {
        until: 'completed',
        task: {
          title: 'Paint the garden fence',
          category: 'Design',
          description: 'Two coats of white paint on a 20 m wooden fence.\nPaint is provided.',
          budget: 240,
        },
      });
      await reviewOverApi(paula, taskId, 5, 'Great work, fast and tidy.');
      await reviewOverApi(frank, taskId, 4, 'Clear brief, paid on time.');
      const page = await pageAs(paula);
      for (const theme of THEMES) {
        await page.goto(`/task/${taskId}`);
        if (theme === 'forest') await switchToForest(page);
        const card = page.getByRole('complementary', { name: 'Task summary' });
        await expect(card).toContainText('Member since');
        const main = page.getByRole('main');
        await shoot(page, `task-${width}-${theme}`, [
          definition(card, 'Deadline'),
          card.getByText(/^Member since/),
          card.getByText(/^Posted by/),
          main.locator('time'),
          definition(main, 'Sent'),
        ]);

        await page.goto(`/users/${frank.id}`);
        const header = page.getByRole('main').locator('header');
        await expect(header).toContainText('1 job completed');
        await shoot(page, `profile-${width}-${theme}`, [
          page.getByRole('main').locator('time'),
          page.getByRole('link', { name: 'Paint the garden fence' }),
        ]);
      }
    });

    test.describe('with a marketplace of its own', () => {
      let server: EmptyServer;
      test.describe.configure({ mode: 'default' });
      test.beforeAll(async () => {
        // Always the same tasks and nothing else: other tests' tasks fill the shared server.
        server = await startEmptyServer();
        const poster = await server.signUp();
        for (const { days, ...task } of LISTED_TASKS) {
          await server.createTask(poster.cookie, {
            ...task,
            description: `${task.title}: the details are in the photos, and I can answer questions.`,
            deadline: isoDate(days),
          });
        }
      });
      test.afterAll(async () => server?.stop());

      test('the home page and the search look as they did', async ({ page }) => {
        // No autoplay: the hero holds its first slide.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        // Deadlines and the time left move with the day the test runs.
        const dates = () => [page.locator('time'), page.getByText(/ left$|^Due today$/)];
        for (const theme of THEMES) {
          const figures = page.waitForResponse((answer) =>
            answer.url().endsWith('/api/trust-figures'),
          );
          await page.goto(server.url);
          await figures;
          if (theme === 'forest') await switchToForest(page);
          const home = page.getByRole('main');
          await scrollHomeDown(page);
          await expect(
            home.getByRole('heading', { name: LISTED_TASKS[3].title }).first(),
          ).toBeVisible();
          await page.evaluate(() => window.scrollTo(0, 0));
          await shoot(page, `home-${width}-${theme}`, dates());

          await page.goto(`${server.url}/browse-tasks`);
          const results = page.getByRole('main');
          for (const { title } of LISTED_TASKS) {
            await expect(results.getByRole('heading', { name: title })).toBeVisible();
          }
          await shoot(page, `search-${width}-${theme}`, dates());
        }
      });
    });
  });
}
