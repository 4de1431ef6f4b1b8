import type { Page } from '@playwright/test';
import { INVITATION_MESSAGES } from '../../src/shared/invitations.ts';
import { TASK_MESSAGES } from '../../src/shared/task-rules.ts';
import { callApi, createTaskOverApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../support/e2e-offers.ts';
import { newTask, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 50 "Invitations" in the browser: a poster invites a freelancer from their profile; the
 * freelancer's bell rises live, the task says "Invited" with the note, and their offer answers
 * it (the poster reads "Offer made"); a declined one tells the poster why. From the task page the
 * poster invites a freelancer its skills suggest. axe at 375 px.
 */

const barBell = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });

async function inviteOverApi(poster: SignedUpUser, taskId: string, freelancer: SignedUpUser) {
  const answer = await callApi('POST', `/api/tasks/${taskId}/invitations`, {
    cookie: poster.cookieHeader,
    body: { freelancerId: freelancer.id, note: 'Loved your fence work.' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

test('a poster invites a freelancer from their profile; the freelancer sees it live and makes an offer', async ({
  pageAs,
}) => {
  test.slow(true, 'two browser contexts');
  const [poster, freelancer] = await signUpUsers('Pia Poster', 'Finn Freelancer');
  const title = `Paint a fence ${uniqueMark()}`;
  const taskId = await createTaskOverApi(poster, newTask({ title }));

  const freelancerPage = await pageAs(freelancer);
  await freelancerPage.goto('/my-bids');
  await expect(barBell(freelancerPage)).toHaveAccessibleName('Notifications');

  const posterPage = await pageAs(poster);
  // No invitation on one's own profile.
  await posterPage.goto(`/users/${poster.id}`);
  await expect(posterPage.getByRole('heading', { level: 1, name: poster.name })).toBeVisible();
  await expect(posterPage.getByRole('button', { name: 'Invite to a task' })).toHaveCount(0);

  await posterPage.goto(`/users/${freelancer.id}`);
  // The form asks the API for the poster's open tasks only, not all of them.
  const listed = posterPage.waitForRequest((request) => request.url().includes('/api/tasks?'));
  await posterPage.getByRole('button', { name: 'Invite to a task' }).click();
  expect(Object.fromEntries(new URL((await listed).url()).searchParams)).toEqual({
    email: poster.email.toLowerCase(),
    status: 'open',
    limit: '100',
  });
  const form = posterPage.getByRole('form', { name: `Invite ${freelancer.name} to a task` });
  await expect(form.getByLabel('Task')).toHaveValue(taskId);
  await form.getByLabel('Note (optional)').fill('Your fence photos are lovely.');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(posterPage, 'success', INVITATION_MESSAGES.invited)).toBeVisible();
  await expect(posterPage.getByRole('button', { name: 'Invite to a task' })).toBeFocused();

  // A second invitation to the same task is refused with the reason, in the form and a toast.
  await posterPage.getByRole('button', { name: 'Invite to a task' }).click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(posterPage, 'error', INVITATION_MESSAGES.alreadyInvited)).toBeVisible();
  await expect(form.getByText(INVITATION_MESSAGES.alreadyInvited)).toBeVisible();

  // Live: the freelancer's bell rises without a reload, and the notification leads to the task.
  await expect(barBell(freelancerPage)).toHaveAccessibleName('Notifications, 1 unread');
  await barBell(freelancerPage).click();
  const text = `${poster.name} invited you to make an offer on “${title}”: “Your fence photos are lovely.”`;
  await freelancerPage.getByRole('link', { name: text }).click();
  await expect(freelancerPage).toHaveURL(new RegExp(`/task/${taskId}$`));
  const invitation = freelancerPage.getByRole('region', { name: /^Invitation/ });
  await expect(invitation.getByText('Invited', { exact: true })).toBeVisible();
  await expect(invitation).toContainText('“Your fence photos are lovely.”');

  // The poster's task page lists whom they invited.
  await posterPage.goto(`/task/${taskId}`);
  const invited = posterPage.getByRole('region', { name: 'Invited freelancers' });
  await expect(invited.getByRole('listitem')).toHaveText([`${freelancer.name}Invited`]);

  // The freelancer's offer answers the invitation.
  const bid = freelancerPage.getByRole('main').getByRole('region', { name: 'Bid on this task' });
  await bid.getByRole('button', { name: 'Place Bid' }).click();
  const offerForm = bid.getByRole('form', { name: 'Your offer' });
  await offerForm.getByLabel('Message').fill('Happy to, this weekend.');
  await offerForm.getByRole('button', { name: 'Send offer' }).click();
  await expect(toast(freelancerPage, 'success', TASK_MESSAGES.bidPlaced)).toBeVisible();
  await expect(invitation.getByText('Offer made', { exact: true })).toBeVisible();
  await expect(invited.getByRole('listitem')).toHaveText([`${freelancer.name}Offer made`]);
});

test('a poster invites a suggested freelancer from the task page; the freelancer sees it live', async ({
  pageAs,
}) => {
  test.slow(true, 'two browser contexts');
  const [poster, freelancer] = await signUpUsers('Tess Tasker', 'Milo Mosaic');
  // A skill of this test alone: the suggestions are of every freelancer the database holds.
  const skill = `Mosaic ${uniqueMark('s')}`;
  const profile = await callApi('PUT', '/api/me/freelancer-profile', {
    cookie: freelancer.cookieHeader,
    body: { headline: 'Tiles and mosaics for kitchens', skills: [skill, 'Grouting'] },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const title = `Mosaic splashback ${uniqueMark()}`;
  const taskId = await createTaskOverApi(
    poster,
    newTask({ title, category: 'Other', skills: [skill, 'Grouting'] }),
  );

  const freelancerPage = await pageAs(freelancer);
  await freelancerPage.goto('/my-bids');
  await expect(barBell(freelancerPage)).toHaveAccessibleName('Notifications');

  const posterPage = await pageAs(poster);
  await posterPage.goto(`/task/${taskId}`);
  // The task's skills, under its title.
  await expect(posterPage.getByRole('list', { name: 'Skills' }).first()).toHaveText(
    new RegExp(`${skill}\\s*Grouting`),
  );
  const suggestions = posterPage.getByRole('region', { name: 'Invite freelancers' });
  const suggestion = suggestions.getByRole('listitem').filter({ hasText: freelancer.name });
  await expect(suggestion).toContainText('Tiles and mosaics for kitchens');
  await expect(
    suggestions.getByRole('link', { name: `Find more freelancers skilled in ${skill}` }),
  ).toHaveAttribute('href', `/freelancers?${new URLSearchParams({ skill })}`);
  await expectNoSeriousA11yViolations(posterPage, 'a task page with suggested freelancers');

  await suggestion.getByRole('button', { name: `Invite ${freelancer.name}` }).click();
  const form = suggestion.getByRole('form', { name: `Invite ${freelancer.name} to this task` });
  await form.getByLabel('Note (optional)').fill('Your kitchen mosaics are lovely.');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(posterPage, 'success', INVITATION_MESSAGES.invited)).toBeVisible();
  // Invited now, and no longer suggested.
  const invited = posterPage.getByRole('region', { name: 'Invited freelancers' });
  await expect(invited.getByRole('listitem')).toHaveText([`${freelancer.name}Invited`]);
  await expect(suggestions.getByRole('link', { name: freelancer.name })).toHaveCount(0);
  const stored = await callApi<{ items: { freelancerId: string; note: string | null }[] }>(
    'GET',
    `/api/tasks/${taskId}/invitations`,
    { cookie: poster.cookieHeader },
  );
  expect(stored.body.items).toEqual([
    expect.objectContaining({
      freelancerId: freelancer.id,
      note: 'Your kitchen mosaics are lovely.',
    }),
  ]);

  // Live: the freelancer's bell rises; the notification leads to the task, which says Invited.
  await expect(barBell(freelancerPage)).toHaveAccessibleName('Notifications, 1 unread');
  await barBell(freelancerPage).click();
  await freelancerPage
    .getByRole('link', {
      name: `${poster.name} invited you to make an offer on “${title}”: “Your kitchen mosaics are lovely.”`,
    })
    .click();
  await expect(freelancerPage).toHaveURL(new RegExp(`/task/${taskId}$`));
  const invitation = freelancerPage.getByRole('region', { name: /^Invitation/ });
  await expect(invitation.getByText('Invited', { exact: true })).toBeVisible();
  // Nobody but the poster is offered suggestions.
  await expect(freelancerPage.getByRole('region', { name: 'Invite freelancers' })).toHaveCount(0);
});

test('a freelancer declines an invitation with a reason, and the poster reads it', async ({
  pageAs,
}) => {
  test.slow(true, 'two browser contexts');
  const [poster, freelancer] = await signUpUsers('Pat Poster', 'Dee Decliner');
  const taskId = await createTaskOverApi(poster, newTask({ title: `Fix a tap ${uniqueMark()}` }));
  await inviteOverApi(poster, taskId, freelancer);

  const page = await pageAs(freelancer);
  await page.goto(`/task/${taskId}`);
  const invitation = page.getByRole('region', { name: /^Invitation/ });
  await invitation.getByRole('button', { name: 'Decline the invitation' }).click();
  const form = invitation.getByRole('form', { name: 'Decline the invitation' });
  await form.getByLabel('Reason (optional)').fill('Booked this week');
  await form.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(toast(page, 'success', INVITATION_MESSAGES.declined)).toBeVisible();
  await expect(invitation.getByText('Declined', { exact: true })).toBeVisible();
  await expect(invitation.getByRole('button', { name: 'Decline the invitation' })).toHaveCount(0);

  const posterPage = await pageAs(poster);
  await posterPage.goto(`/task/${taskId}`);
  await expect(
    posterPage.getByRole('region', { name: 'Invited freelancers' }).getByRole('listitem'),
  ).toHaveText([`${freelancer.name}Declined“Booked this week”`]);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the invitation form and an invited task pass axe in ${theme} and fit`, async ({
      pageAs,
    }) => {
      test.slow(true, 'axe runs on two pages');
      const [poster, freelancer] = await signUpUsers(
        `Ivy Inviter ${theme}`,
        `Ian Invited ${theme}`,
      );
      const taskId = await createTaskOverApi(poster, newTask({ title: `Tile ${uniqueMark()}` }));

      const page = await pageAs(poster);
      await page.goto(`/users/${freelancer.id}`);
      await page.getByRole('button', { name: 'Invite to a task' }).click();
      await expect(page.getByRole('form', { name: /^Invite / })).toBeVisible();
      if (theme === 'forest') await switchToForest(page);
      await expectNoHorizontalScroll(page, `the invitation form in ${theme}`);
      await expectNoSeriousA11yViolations(page, `the invitation form in ${theme}`);

      await inviteOverApi(poster, taskId, freelancer);
      const freelancerPage = await pageAs(freelancer);
      await freelancerPage.goto(`/task/${taskId}`);
      if (theme === 'forest') await switchToForest(freelancerPage);
      await expect(freelancerPage.getByRole('region', { name: /^Invitation/ })).toBeVisible();
      await expectNoHorizontalScroll(freelancerPage, `an invited task in ${theme}`);
      await expectNoSeriousA11yViolations(freelancerPage, `an invited task in ${theme}`);
    });
  }
});
