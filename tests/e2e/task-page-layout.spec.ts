import type { Locator, Page } from '@playwright/test';
import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  hiredTask,
  offerOverApi,
  signUpUsers,
  switchToForest,
  test,
} from '../support/e2e-offers.ts';
import { definition, newTask, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 51, the task page: two columns from 1024 px, the side card (budget, deadline, bids,
 * status, the poster with rating and member since, and the reader's one next action) in view
 * while the task scrolls; one column below, the side card right under the title.
 */

const sideCard = (page: Page) => page.getByRole('complementary', { name: 'Task summary' });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on the page');
  return found;
}

const longDescription = Array.from(
  { length: 60 },
  (_, line) => `Step ${line + 1}: check the page and write down what you see.`,
).join('\n');

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the side card sits beside the task, stays in view, and its action leads to the offer', async ({
    pageAs,
  }) => {
    const [paula, frank] = await signUpUsers('Paula Poster', 'Frank Freelancer');
    const taskId = await createTaskOverApi(
      paula,
      newTask({ title: `Two columns ${uniqueMark()}`, budget: 240, description: longDescription }),
    );
    const page = await pageAs(frank);
    await page.goto(`/task/${taskId}`);
    const card = sideCard(page);
    await expect(definition(card, 'Budget')).toHaveText('$240');
    await expect(definition(card, 'Bids')).toHaveText('0');
    await expect(card).toContainText(`Posted by ${paula.name}`);
    await expect(card).toContainText('No reviews yet');
    await expect(card).toContainText(
      `Member since ${new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long' })}`,
    );

    const description = page.getByRole('region', { name: 'Description' });
    const [cardBox, textBox] = [await box(card), await box(description)];
    expect(cardBox.x).toBeGreaterThanOrEqual(textBox.x + textBox.width);

    // The side card stays in view while the long description scrolls by.
    await page.mouse.wheel(0, 1500);
    await expect.poll(async () => (await box(card)).y).toBeLessThan(100);
    await expect(card).toBeInViewport();

    await card.getByRole('button', { name: 'Make an offer' }).click();
    await expect(page.getByRole('heading', { name: 'Bid on this task' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Place Bid' })).toBeInViewport();

    // The poster's next action, once an offer waits: compare offers and hire.
    await offerOverApi(frank, taskId);
    const posterPage = await pageAs(paula);
    await posterPage.goto(`/task/${taskId}`);
    await sideCard(posterPage).getByRole('button', { name: 'Compare offers and hire' }).click();
    await expect(posterPage.getByRole('heading', { name: 'Offers', exact: true })).toBeFocused();
  });

  test('the next action follows the hire: deliver, confirm, then review; the profile heads with the figures', async ({
    pageAs,
  }) => {
    const [paula, frank] = await signUpUsers('Paula Poster', 'Frank Freelancer');
    const assigned = await hiredTask(paula, frank);
    const delivered = await hiredTask(paula, frank, { until: 'delivered' });
    const completed = await hiredTask(paula, frank, { until: 'completed' });
    const frankPage = await pageAs(frank);
    const paulaPage = await pageAs(paula);
    const actionOn = async (page: Page, taskId: string) => {
      await page.goto(`/task/${taskId}`);
      await expect(definition(sideCard(page), 'Freelancer')).toHaveText(frank.name);
      return sideCard(page).getByRole('button');
    };

    await expect(await actionOn(frankPage, assigned.taskId)).toHaveText('Deliver the work');
    await expect(await actionOn(paulaPage, assigned.taskId)).toHaveCount(0);
    await expect(await actionOn(paulaPage, delivered.taskId)).toHaveText(
      'Check the delivered work',
    );
    await expect(await actionOn(frankPage, delivered.taskId)).toHaveCount(0);
    const review = await actionOn(paulaPage, completed.taskId);
    await expect(review).toHaveText('Leave a review');
    await review.click();
    await expect(paulaPage.getByRole('heading', { name: 'Reviews', exact: true })).toBeFocused();

    // The freelancer's profile says at its head what a client weighs first.
    await paulaPage.goto(`/users/${frank.id}`);
    await expect(paulaPage.getByRole('main').locator('header')).toContainText(
      '1 job completed · 100% on time',
    );
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const theme of ['winter', 'forest'] as const) {
    test(`one column: the side card right under the title, in ${theme}`, async ({ pageAs }) => {
      const [paula, frank] = await signUpUsers('Paula Poster', 'Frank Freelancer');
      const taskId = await createTaskOverApi(
        paula,
        newTask({ title: `One column ${uniqueMark()}` }),
      );
      const page = await pageAs(frank);
      await page.goto(`/task/${taskId}`);
      const card = sideCard(page);
      await expect(card).toContainText('Member since');
      const title = page.getByRole('heading', { level: 1 });
      const description = page.getByRole('region', { name: 'Description' });
      const [titleBox, cardBox, textBox] = [
        await box(title),
        await box(card),
        await box(description),
      ];
      expect(cardBox.y).toBeGreaterThan(titleBox.y);
      expect(textBox.y).toBeGreaterThan(cardBox.y + cardBox.height - 1);
      if (theme === 'forest') await switchToForest(page);
      await expectNoSeriousA11yViolations(page, `the task page at 375 px in ${theme}`);
      await expectNoHorizontalScroll(page, `the task page at 375 px in ${theme}`);
    });
  }
});
