import type { Page } from '@playwright/test';
import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { expect, signUpUsers, test, toast } from '../support/e2e-offers.ts';
import { definition, newTask, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 9, the marketplace loop in the browser with three people, each in a browser context of
 * their own: a poster and two freelancers. Offers, privacy between bidders, hiring, delivery,
 * completion and double-blind reviews, and what the freelancer's public profile shows as it goes.
 */

/** Makes an offer through the task page: Place Bid opens the form, prefilled with the budget. */
async function placeOffer(page: Page, amount: string, message: string) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Place Bid' }).click();
  const form = main.getByRole('form', { name: 'Your offer' });
  await expect(form.getByLabel('Your price (USD)')).toBeFocused();
  await form.getByLabel('Your price (USD)').fill(amount);
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(toast(page, 'success', 'Bid placed successfully!')).toBeVisible();
  await expect(form).toHaveCount(0);
}

/** The freelancer section of a profile: its two figures. */
async function freelancerFigures(page: Page) {
  const section = page.getByRole('region', { name: 'As a freelancer' });
  return {
    jobs: await definition(section, 'Jobs completed').innerText(),
    rate: await definition(section, 'Completion rate').innerText(),
  };
}

test('poster, winner and another bidder go through the whole loop, and the profile follows', async ({
  pageAs,
}) => {
  // Three people and three pages on two shared cores: the journey takes a while.
  test.setTimeout(120_000);
  const [poster, winner, other] = await signUpUsers('Pia Poster', 'Wendy Winner', 'Otto Other');
  const task = newTask({ title: `Loop task ${uniqueMark()}`, budget: 300 });
  const taskId = await createTaskOverApi(poster, task);
  const winnerMessage = `Winner's plan ${uniqueMark()}`;
  const otherMessage = `Other's plan ${uniqueMark()}`;
  const [posterPage, winnerPage, otherPage] = [
    await pageAs(poster),
    await pageAs(winner),
    await pageAs(other),
  ];

  // The winner's profile before any of it: no completed jobs, no rate, no rating.
  await winnerPage.goto(`/users/${winner.id}`);
  await expect(winnerPage.getByRole('heading', { level: 1, name: winner.name })).toBeVisible();
  expect(await freelancerFigures(winnerPage)).toEqual({ jobs: '0', rate: 'None yet' });
  await expect(winnerPage.getByRole('main')).toContainText('Rating: No reviews yet');

  // Two offers through the page; the counter of spec §4 rises with each.
  await winnerPage.goto(`/task/${taskId}`);
  const winnerMain = winnerPage.getByRole('main');
  await expect(winnerMain.getByText('You bid for 0 opportunities.', { exact: true })).toBeVisible();
  await winnerMain.getByRole('button', { name: 'Place Bid' }).click();
  await expect(winnerMain.getByLabel('Your price (USD)')).toHaveValue('300');
  await winnerMain.getByRole('button', { name: 'Cancel' }).click();
  await placeOffer(winnerPage, '250', winnerMessage);
  await expect(winnerMain.getByText('You bid for 1 opportunities.', { exact: true })).toBeVisible();
  await expect(winnerMain.getByRole('heading', { name: 'Your offer' })).toBeFocused();
  await expect(definition(winnerMain, 'Price')).toHaveText('$250');

  await otherPage.goto(`/task/${taskId}`);
  const otherMain = otherPage.getByRole('main');
  await expect(otherMain.getByText('You bid for 1 opportunities.', { exact: true })).toBeVisible();
  await placeOffer(otherPage, '280.50', otherMessage);
  await expect(otherMain.getByText('You bid for 2 opportunities.', { exact: true })).toBeVisible();
  // The other bidder sees their own offer only: never the winner's price or message.
  await expect(otherMain).toContainText(otherMessage);
  await expect(otherMain).not.toContainText(winnerMessage);
  await expect(otherMain).not.toContainText('$250');

  // The poster compares both offers, cheapest first, and hires the winner after confirming.
  await posterPage.goto(`/task/${taskId}`);
  const posterMain = posterPage.getByRole('main');
  const offers = posterMain.getByRole('region', { name: 'Offers' });
  await expect(offers).toContainText('2 offers, 2 waiting for your answer');
  await expect(offers.getByRole('article')).toHaveCount(2);
  await expect(offers.getByRole('article').first()).toHaveAccessibleName(
    `Offer from ${winner.name}`,
  );
  const winnersOffer = offers.getByRole('article', { name: `Offer from ${winner.name}` });
  await expect(winnersOffer).toContainText(winnerMessage);
  await expect(definition(winnersOffer, 'Price')).toHaveText('$250');
  await expect(winnersOffer.getByRole('link', { name: winner.name })).toHaveAttribute(
    'href',
    `/users/${winner.id}`,
  );
  await winnersOffer.getByRole('button', { name: 'Accept' }).click();
  const hire = posterPage.getByRole('dialog', { name: `Hire ${winner.name}?` });
  await expect(hire).toContainText('$250');
  await hire.getByRole('button', { name: 'Yes, hire' }).click();
  await expect(
    toast(posterPage, 'success', `You hired ${winner.name}. The task is assigned.`),
  ).toBeVisible();
  await expect(posterMain.locator('header').getByText('Assigned', { exact: true })).toBeVisible();
  await expect(definition(winnersOffer, 'Status')).toHaveText('Accepted');
  await expect(
    definition(offers.getByRole('article', { name: `Offer from ${other.name}` }), 'Status'),
  ).toHaveText('Not chosen');
  await expect(definition(posterMain, 'Freelancer')).toHaveText(winner.name);

  // The other bidder: declined, no new offer, the reason said; still nothing of the winner's.
  await otherPage.reload();
  // Issue 17: someone else was hired, which is not the poster declining them.
  await expect(definition(otherMain, 'Status')).toHaveText('Not chosen');
  const placeBid = otherMain.getByRole('button', { name: 'Place Bid' });
  await expect(placeBid).toBeDisabled();
  await expect(placeBid).toHaveAccessibleDescription(
    'This task has been assigned and takes no more offers.',
  );
  await expect(otherMain).not.toContainText('The poster has declined your offer on this task.');
  await expect(otherMain).not.toContainText(winnerMessage);
  await expect(otherMain).not.toContainText('$250');

  // The winner delivers.
  await winnerPage.reload();
  const job = winnerMain.getByRole('region', { name: 'Your job' });
  await job.getByRole('button', { name: 'Mark as delivered' }).click();
  // Issue 49: its form, a note and files optional, sent as it is.
  await job
    .getByRole('form', { name: 'Mark as delivered' })
    .getByRole('button', { name: 'Mark as delivered' })
    .click();
  await expect(
    toast(winnerPage, 'success', 'Marked as delivered. The poster can now confirm completion.'),
  ).toBeVisible();
  await expect(winnerMain.locator('header').getByText('Delivered', { exact: true })).toBeVisible();
  await expect(job.getByRole('button', { name: 'Mark as delivered' })).toBeDisabled();
  await expect(job).toContainText('This task is already marked delivered.');

  // Not yet completed: the profile still shows no rate.
  await otherPage.goto(`/users/${winner.id}`);
  expect(await freelancerFigures(otherPage)).toEqual({ jobs: '0', rate: 'None yet' });

  // The poster confirms completion; both may now review.
  await posterPage.reload();
  await posterMain.getByRole('button', { name: 'Confirm completion' }).click();
  await posterPage
    .getByRole('dialog', { name: 'Confirm completion?' })
    .getByRole('button', { name: 'Yes, it is completed' })
    .click();
  await expect(
    toast(posterPage, 'success', 'The task is completed. You can now review each other.'),
  ).toBeVisible();
  await expect(posterMain.locator('header').getByText('Completed', { exact: true })).toBeVisible();

  // The poster reviews first: theirs stays blind, so the profile shows no rating yet.
  const posterReview = posterMain.getByRole('form', { name: `Review ${winner.name}` });
  await posterReview.getByRole('radio', { name: '5 stars' }).check();
  await posterReview.getByLabel('Comment (optional)').fill('Fast, careful work.');
  await posterReview.getByRole('button', { name: 'Submit review' }).click();
  await expect(toast(posterPage, 'success', 'Thank you! Your review is in.')).toBeVisible();
  await expect(posterReview).toHaveCount(0);
  const posterReviews = posterMain.getByRole('region', { name: 'Reviews' });
  await expect(posterReviews).toContainText(`Your review of ${winner.name}`);
  await expect(posterReviews).toContainText('5 stars of 5');
  await expect(posterReviews).toContainText('Fast, careful work.');
  await expect(posterReviews).toContainText('Reviews are double-blind');

  await otherPage.reload();
  expect(await freelancerFigures(otherPage)).toEqual({ jobs: '1', rate: '100%' });
  await expect(otherPage.getByRole('main')).toContainText('Rating: No reviews yet');
  await expect(otherPage.getByRole('main')).not.toContainText('Fast, careful work.');

  // The winner reviews the poster: both are in, both public.
  await winnerPage.reload();
  const winnerReview = winnerMain.getByRole('form', { name: `Review ${poster.name}` });
  await winnerReview.getByRole('radio', { name: '4 stars' }).check();
  await winnerReview.getByRole('button', { name: 'Submit review' }).click();
  await expect(toast(winnerPage, 'success', 'Thank you! Your review is in.')).toBeVisible();
  const winnerReviews = winnerMain.getByRole('region', { name: 'Reviews' });
  await expect(winnerReviews).toContainText(`Your review of ${poster.name}`);
  await expect(winnerReviews).not.toContainText('Reviews are double-blind');
  await expect(winnerReviews.getByRole('list', { name: 'Public reviews' })).toContainText(
    'Fast, careful work.',
  );

  // The profile: rating, completed jobs, the rate and how it is counted, the review.
  await otherPage.reload();
  const profile = otherPage.getByRole('main');
  await expect(profile).toContainText('Rating: ★ 5 out of 5 (1 review)');
  expect(await freelancerFigures(otherPage)).toEqual({ jobs: '1', rate: '100%' });
  await expect(profile).toContainText(
    'The completion rate is completed ÷ (completed + assignments they ended): 1 ÷ (1 + 0) = 100%.',
  );
  const review = profile.getByRole('region', { name: 'Reviews' }).getByRole('listitem');
  await expect(review).toHaveCount(1);
  await expect(review).toContainText('Fast, careful work.');
  await expect(review.getByRole('link', { name: poster.name })).toHaveAttribute(
    'href',
    `/users/${poster.id}`,
  );
  await expect(review.getByRole('link', { name: task.title })).toHaveAttribute(
    'href',
    `/task/${taskId}`,
  );
  await expectNoSeriousA11yViolations(otherPage, "the winner's profile with a review");

  // And the poster's: rated by the winner, one task posted, one hire.
  await otherPage.goto(`/users/${poster.id}`);
  await expect(profile).toContainText('Rating: ★ 4 out of 5 (1 review)');
  const asClient = profile.getByRole('region', { name: 'As a client' });
  await expect(definition(asClient, 'Tasks posted')).toHaveText('1');
  await expect(definition(asClient, 'Hires')).toHaveText('1');
});
