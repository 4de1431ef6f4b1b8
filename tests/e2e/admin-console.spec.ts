import type { Locator, Page } from '@playwright/test';
import {
  MODERATION_MESSAGES,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
} from '../../src/shared/moderation.ts';
import { CONSOLE_TITLE, OPERATORS_ONLY } from '../../src/client/features/admin/admin-messages.ts';
import { NO_REPORTS } from '../../src/client/features/admin/reports-messages.ts';
import {
  callApi,
  createTaskOverApi,
  uniqueEmail,
  type SignedUpUser,
} from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { makeAdmin, runAdminCli } from '../support/e2e-admin.ts';
import { followNavLink, keepOnMachine } from '../support/e2e-fixtures.ts';
import {
  acceptOverApi,
  expect,
  expectNoHorizontalScroll,
  offerOverApi,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../support/e2e-offers.ts';
import { qualifyReporters } from '../support/e2e-reporters.ts';
import { newTask } from '../support/e2e-tasks.ts';
import { logInOnOwnServer, startOwnServer } from '../support/e2e-own-server.ts';

/**
 * Issue 20's operator console in the browser: the reports queue (a task hidden by three reports
 * dismissed and shown again), accounts (a signed-in user banned and signed out), the audit log,
 * the market's charts, the refusal for everyone else, and axe on a phone in both themes.
 */

/** A new operator, and others signed up beside them. */
async function signUpAdminAnd<Names extends string[]>(...names: Names) {
  const [admin, ...others] = await signUpUsers('Ada Admin', ...names);
  await makeAdmin(admin);
  return { admin, others: others as { [Index in keyof Names]: SignedUpUser } };
}

async function reportOverApi(user: SignedUpUser, taskId: string, note?: string) {
  const answer = await callApi('POST', '/api/reports', {
    body: { itemType: 'task', itemId: taskId, reason: 'scam', ...(note ? { note } : {}) },
    cookie: user.cookieHeader,
    address: user.address,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** The reported task's card in the queue, by its heading. */
function queuedTask(page: Page, title: string): Locator {
  return page
    .getByRole('list', { name: 'Open reports' })
    .getByRole('article', { name: `The task “${title}”` });
}

/** The open reason dialog: a reason typed, its button pressed. */
async function giveReason(page: Page, title: string, reason: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** A found user's card on /admin/users, searched for by their email. */
async function findUser(page: Page, user: SignedUpUser): Promise<Locator> {
  await page.getByLabel('Search users').fill(user.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 user found' })).toBeVisible();
  return page.getByRole('list', { name: 'Users found' }).getByRole('article', { name: user.name });
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Several users' browser contexts side by side (and axe runs) on two shared cores. */
const SEVERAL_CONTEXTS = 'several browser contexts at once';

test('three reports hide a task; the operator dismisses them with a reason and it shows again, in the audit log', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const {
    admin,
    others: [poster, ...others],
  } = await signUpAdminAnd('Pat Poster', 'Rae One', 'Rex Two', 'Ria Three', 'Finn Fourth');
  // Issue 47: reporters whose reports count (old enough, verified, each from its own address).
  const [first, second, third, fourth] = qualifyReporters(...others);
  const task = newTask();
  const taskId = await createTaskOverApi(poster, task);
  await reportOverApi(first, taskId);
  await reportOverApi(second, taskId, 'Asks to be paid by wire outside Tasklane.');
  await reportOverApi(third, taskId);
  // Three reports hide it from everyone but its author and the operators.
  const hidden = await callApi('GET', `/api/tasks/${taskId}`, { cookie: fourth.cookieHeader });
  expect(hidden.status).toBe(404);

  const page = await pageAs(admin);
  await page.goto('/');
  // The navbar's Admin link, for operators only, leads to the console.
  const bar = { nav: 'Main', name: 'Admin', exact: true };
  await followNavLink(page, bar, '/admin', 'Admin: Reports');
  await expect(page.getByRole('heading', { level: 1, name: CONSOLE_TITLE })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();

  const card = queuedTask(page, task.title);
  await expect(card).toContainText('3 reports');
  await expect(card).toContainText('Hidden while reviewed');
  await expect(card.getByRole('list', { name: 'Reasons' })).toHaveText(
    `${REPORT_REASON_LABELS.scam}: 3`,
  );
  const reports = card.getByRole('list', { name: 'Reports' });
  for (const reporter of [first, second, third]) {
    await expect(reports.getByRole('link', { name: reporter.name })).toBeVisible();
  }
  await expect(reports).toContainText('“Asks to be paid by wire outside Tasklane.”');
  await expect(card.getByRole('link', { name: poster.name })).toBeVisible();
  await expect(card).toContainText(task.description);
  await expect(card.getByRole('link', { name: 'Open it' })).toHaveAttribute(
    'href',
    `/task/${taskId}`,
  );

  // Dismiss asks for a reason first: without one, nothing is sent.
  await card.getByRole('button', { name: 'Dismiss' }).click();
  const dialogTitle = `Dismiss the reports on the task “${task.title}”?`;
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(dialog.getByText(MODERATION_MESSAGES.reasonRequired)).toBeVisible();
  const reason = 'A fair task: paying on Tasklane is offered.';
  await giveReason(page, dialogTitle, reason, 'Dismiss');
  await expect(toast(page, 'success', `The task “${task.title}” stays up.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toBeFocused();

  // The fourth user sees the task again.
  const fourthPage = await pageAs(fourth);
  await fourthPage.goto(`/task/${taskId}`);
  await expect(fourthPage.getByRole('heading', { level: 1, name: task.title })).toBeVisible();

  // The audit log lists the dismissal, with its reason; the filter and the CSV keep to it.
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page).toHaveTitle('Tasklane | Admin: Audit log');
  const row = page.getByRole('row').filter({ hasText: reason });
  await expect(row.getByRole('cell').nth(1)).toHaveText(admin.name);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Dismiss reports');
  // Issue 47: what was acted on, by its title, not its id.
  await expect(row.getByRole('link', { name: task.title })).toHaveAttribute(
    'href',
    `/task/${taskId}`,
  );
  await expect(row).not.toContainText(taskId);
  // The filter reads the list again in place: the page stays, the focus on the filter.
  const filter = page.getByLabel('Action');
  await filter.focus();
  await filter.selectOption({ label: 'Dismiss reports' });
  await expect(page).toHaveURL('/admin/audit?action=dismiss');
  await expect(filter).toBeFocused();
  await expect(row).toBeVisible();
  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  await expect(csvLink).toHaveAttribute('href', '/api/admin/actions?action=dismiss&format=csv');
  const csv = await callApi<string>('GET', '/api/admin/actions?action=dismiss&format=csv', {
    cookie: admin.cookieHeader,
  });
  expect(csv.status).toBe(200);
  expect(csv.body).toContain(`"${reason}"`);
});

test('one click restores everything a group of reporters hid (issue 47), in the audit log', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const {
    admin,
    others: [poster, reader, ...group],
  } = await signUpAdminAnd('Gil Poster', 'Gus Reader', 'Gia One', 'Gio Two', 'Gwen Three');
  const reporters = qualifyReporters(...group);
  const tasks = [newTask({ title: `A rival's task ${uniqueEmail('a')}` }), newTask()];
  const taskIds: string[] = [];
  for (const task of tasks) {
    const taskId = await createTaskOverApi(poster, task);
    for (const reporter of reporters) await reportOverApi(reporter, taskId);
    taskIds.push(taskId);
  }
  const readTask = (taskId: string) =>
    callApi('GET', `/api/tasks/${taskId}`, { cookie: reader.cookieHeader });
  for (const taskId of taskIds) expect((await readTask(taskId)).status).toBe(404);

  const page = await pageAs(admin);
  await page.goto('/admin');
  const card = queuedTask(page, tasks[0]!.title);
  await expect(card).toContainText('Hidden while reviewed');
  await card.getByRole('button', { name: 'Restore all its reporters hid' }).click();
  const title = `Restore everything the reporters of the task “${tasks[0]!.title}” hid?`;
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'the restore dialog');
  const reason = 'Three accounts of one rival, reporting together.';
  await giveReason(page, title, reason, 'Restore all');
  await expect(toast(page, 'success', REPORT_MESSAGES.restored(2, 6, 3))).toBeVisible();
  for (const task of tasks) await expect(queuedTask(page, task.title)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'the reports queue after the restore');
  for (const taskId of taskIds) expect((await readTask(taskId)).status).toBe(200);

  await page.goto('/admin/audit?action=restore-group');
  const row = page.getByRole('row').filter({ hasText: reason });
  await expect(row.getByRole('cell').nth(1)).toHaveText(admin.name);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Restore all a group hid');
});

test('a banned user’s open page leaves at once, saying why, and signing in tells them why', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const {
    admin,
    others: [target],
  } = await signUpAdminAnd('Bea Banned');
  const targetPage = await pageAs(target);
  await targetPage.goto('/dashboard');
  await expect(targetPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const page = await pageAs(admin);
  await page.goto('/admin/users');
  await expect(page).toHaveTitle('Tasklane | Admin: Users');
  const card = await findUser(page, target);
  await expect(card).toContainText('Active');
  await card.getByRole('button', { name: 'Ban' }).click();
  const reason = 'Asked bidders for payment outside Tasklane.';
  await giveReason(page, `Ban ${target.name}?`, reason, 'Ban');
  await expect(toast(page, 'success', `${target.name} is banned.`)).toBeVisible();
  await expect(card).toContainText(`Banned: ${reason}`);
  // Ban is gone from the card: the focus is on the user's name, and Lift is offered.
  await expect(card.getByRole('heading', { name: target.name })).toBeFocused();
  await expect(card.getByRole('button', { name: 'Lift' })).toBeVisible();

  // Their sessions ended, and their open page left at once (issue 47), untouched, saying why.
  const session = await callApi('GET', '/api/auth/get-session', { cookie: target.cookieHeader });
  expect(session.body).toBeNull();
  await expect(targetPage).toHaveURL('/login');
  await expect(toast(targetPage, 'error', MODERATION_MESSAGES.banned(reason))).toBeVisible();
  await expect(targetPage.getByRole('link', { name: 'Login' })).toBeVisible();
  await targetPage.goto('/login');
  await targetPage.getByLabel('Email').fill(target.email);
  await targetPage.getByLabel('Password').fill(target.password);
  await targetPage.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(targetPage, 'error', MODERATION_MESSAGES.banned(reason))).toBeVisible();
});

test('the operator suspends for some days, lifts, warns and changes roles; refusals show as errors', async ({
  pageAs,
}) => {
  const {
    admin,
    others: [user],
  } = await signUpAdminAnd('Sam Suspended');
  const page = await pageAs(admin);
  await page.goto('/admin/users');
  const card = await findUser(page, user);

  // A suspension is 1 to 365 days, checked before anything is sent.
  await card.getByRole('button', { name: 'Suspend' }).click();
  const suspend = page.getByRole('dialog', { name: `Suspend ${user.name}?` });
  await suspend.getByLabel('Reason').fill('Rude messages to a poster.');
  await suspend.getByLabel('Days').fill('400');
  await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(suspend.getByText(MODERATION_MESSAGES.daysInvalid)).toBeVisible();
  await suspend.getByLabel('Days').fill('3');
  await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(toast(page, 'success', `${user.name} is suspended for 3 days.`)).toBeVisible();
  await expect(card).toContainText('Suspended until');
  await expect(card).toContainText('Rude messages to a poster.');

  await card.getByRole('button', { name: 'Lift' }).click();
  await giveReason(page, `Lift the suspension of ${user.name}?`, 'Apologised.', 'Lift');
  await expect(toast(page, 'success', `${user.name} may sign in again.`)).toBeVisible();
  await expect(card).toContainText('Active');

  await card.getByRole('button', { name: 'Warn' }).click();
  await giveReason(page, `Warn ${user.name}?`, 'Keep conversations polite.', 'Warn');
  await expect(toast(page, 'success', `${user.name} is warned.`)).toBeVisible();

  // Another operator makes them an admin meanwhile: the suspension asked for now is refused.
  await card.getByRole('button', { name: 'Suspend' }).click();
  const promoted = await callApi('POST', `/api/admin/users/${user.id}/role`, {
    body: { role: 'admin', reason: 'Joins the team.' },
    cookie: admin.cookieHeader,
  });
  expect(promoted.status).toBe(200);
  await giveReason(page, `Suspend ${user.name}?`, 'Too late.', 'Suspend');
  await expect(toast(page, 'error', MODERATION_MESSAGES.notAdminTarget)).toBeVisible();
  // The list is read again: they show as an admin, with no Suspend or Ban.
  await expect(card.getByText('Admin', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Suspend' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Make user' }).click();
  await giveReason(page, `Make ${user.name} a user?`, 'Left the team.', 'Make user');
  await expect(toast(page, 'success', `${user.name} is now a user.`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Make admin' })).toBeVisible();

  // The audit log has each, newest first.
  await page.goto('/admin/audit');
  // Issue 47: by the person's name, linked to the operator's page about them.
  const named = page.getByRole('link', { name: user.name, exact: true });
  const rows = page.getByRole('row').filter({ has: named });
  await expect(rows.locator('td[data-label="Target"]')).toHaveText(Array(5).fill(user.name));
  await expect(rows.first().getByRole('link', { name: user.name })).toHaveAttribute(
    'href',
    `/admin/users/${user.id}`,
  );
  await expect(rows.locator('td[data-label="Action"]')).toHaveText([
    'Set role: user',
    'Set role: admin',
    'Warn',
    'Lift',
    'Suspend (3 days)',
  ]);
});

test('the operator warns a user from the search, then reads their page: tasks, offers, reports and history', async ({
  pageAs,
}) => {
  const {
    admin,
    others: [user, poster, reporter],
  } = await signUpAdminAnd('Uma Userpage', 'Pia Poster', 'Rob Reporter');
  const ownTask = newTask();
  const ownTaskId = await createTaskOverApi(user, ownTask);
  const otherTask = newTask();
  const otherTaskId = await createTaskOverApi(poster, otherTask);
  await offerOverApi(user, otherTaskId, { amount: 95.5 });
  await reportOverApi(user, otherTaskId);
  const note = 'Wants to be paid by gift card.';
  await reportOverApi(reporter, ownTaskId, note);

  const page = await pageAs(admin);
  await page.goto('/admin/users');
  const card = await findUser(page, user);
  await card.getByRole('button', { name: 'Warn' }).click();
  const warning = 'Please report only real problems.';
  await giveReason(page, `Warn ${user.name}?`, warning, 'Warn');
  await expect(toast(page, 'success', `${user.name} is warned.`)).toBeVisible();

  // Their name in the search leads to the operator's page about them.
  await card.getByRole('link', { name: user.name }).click();
  await expect(page).toHaveURL(`/admin/users/${user.id}`);
  await expect(page).toHaveTitle(`Tasklane | Admin: ${user.name}`);
  const summary = page.getByRole('region', { name: user.name });
  await expect(summary.getByRole('heading', { level: 2, name: user.name })).toBeVisible();
  await expect(summary.getByText(user.email, { exact: true })).toBeVisible();
  await expect(summary.getByText('User', { exact: true })).toBeVisible();
  await expect(summary.getByText('Active', { exact: true })).toBeVisible();
  // The Users section stays the current one in the console's navigation.
  await expect(
    page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Users' }),
  ).toHaveAttribute('aria-current', 'page');

  /** The section's row with this text, and its cell under a column. */
  const row = (section: string, text: string) =>
    page.getByRole('region', { name: section, exact: true }).getByRole('row').filter({
      hasText: text,
    });
  const cell = (rowLocator: Locator, column: string) =>
    rowLocator.locator(`[data-label="${column}"]`);

  const task = row('Tasks', ownTask.title);
  await expect(task.getByRole('link', { name: ownTask.title })).toHaveAttribute(
    'href',
    `/task/${ownTaskId}`,
  );
  await expect(cell(task, 'Status')).toHaveText('Open');

  const offer = row('Offers', otherTask.title);
  await expect(offer.getByRole('link', { name: otherTask.title })).toHaveAttribute(
    'href',
    `/task/${otherTaskId}`,
  );
  await expect(cell(offer, 'Amount')).toHaveText('$95.50');
  await expect(cell(offer, 'Status')).toHaveText('Pending');

  const made = row('Reports made', otherTaskId);
  await expect(made.getByRole('link', { name: otherTaskId })).toHaveAttribute(
    'href',
    `/task/${otherTaskId}`,
  );
  await expect(cell(made, 'Reason')).toHaveText(REPORT_REASON_LABELS.scam);
  await expect(cell(made, 'Status')).toHaveText('Open');

  const received = row('Reports received', note);
  await expect(received.getByRole('link', { name: `“${ownTask.title}”` })).toHaveAttribute(
    'href',
    `/task/${ownTaskId}`,
  );
  await expect(cell(received, 'Reason')).toHaveText(REPORT_REASON_LABELS.scam);
  await expect(cell(received, 'Status')).toHaveText('Open');
  const reporterLink = cell(received, 'Reporter').getByRole('link', { name: reporter.name });
  await expect(reporterLink).toHaveAttribute('href', `/admin/users/${reporter.id}`);

  const warned = row('History', warning);
  await expect(cell(warned, 'Admin')).toHaveText(admin.name);
  await expect(cell(warned, 'Action')).toHaveText('Warn');
  await expect(cell(warned, 'About')).toHaveText('Their account');

  // The reporter's page, from their name: no tasks or offers, their one report made.
  await reporterLink.click();
  await expect(page).toHaveURL(`/admin/users/${reporter.id}`);
  await expect(page.getByRole('heading', { level: 2, name: reporter.name })).toBeVisible();
  for (const section of ['Tasks', 'Offers', 'Reports received', 'History']) {
    await expect(page.getByRole('region', { name: section, exact: true })).toContainText('None.');
  }
  await expect(row('Reports made', ownTaskId).getByRole('link', { name: ownTaskId })).toBeVisible();

  // An unknown id says so, inside the console.
  await page.goto('/admin/users/no-such-user');
  await expect(page.getByRole('heading', { level: 2, name: 'User not found' })).toBeVisible();
  await expect(page.getByText('No account has the id “no-such-user”')).toBeVisible();
  await expect(page).toHaveTitle('Tasklane | Admin: User not found');
});

test('a signed-in user who is no operator reads the refusal; a visitor is sent to login', async ({
  page,
  signedInUser,
}) => {
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
  });
  for (const url of ['/admin', '/admin/users', '/admin/market']) {
    await page.goto(url);
    await expect(page.getByText(OPERATORS_ONLY)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: CONSOLE_TITLE })).toBeVisible();
  }
  // Signed in, with no Admin link.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('link', { name: `${signedInUser.name} (dashboard)` })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  expect(adminCalls).toEqual([]);

  await page.context().clearCookies();
  await page.goto('/admin/audit');
  await expect(page).toHaveURL('/login');
});

test('the market page charts the last 30 days, today at least what was just done', async ({
  pageAs,
}) => {
  const {
    admin,
    others: [poster, freelancer],
  } = await signUpAdminAnd('Mo Poster', 'Fay Freelancer');
  const taskIds = [
    await createTaskOverApi(poster, newTask()),
    await createTaskOverApi(poster, newTask()),
  ];
  const offerIds = [
    await offerOverApi(freelancer, taskIds[0]!),
    await offerOverApi(freelancer, taskIds[1]!),
  ];
  await acceptOverApi(poster, offerIds[0]!);

  const page = await pageAs(admin);
  await page.goto('/admin/market');
  await expect(page).toHaveTitle('Tasklane | Admin: Market');
  await expect(page.getByRole('heading', { level: 2, name: 'Market' })).toBeVisible();
  const figures = page.getByRole('figure');
  await expect(figures).toHaveCount(7);

  /** Today's value of a measure, from its figure's caption. */
  const today = async (figure: string, measure: string) => {
    const caption = page.getByRole('figure', { name: figure, exact: true }).locator('figcaption');
    const text = await caption.getByText(`${measure}: `).textContent();
    const match = /: ([\d,.]+|none)%? today/.exec(text ?? '');
    expect(match, text ?? '').not.toBeNull();
    return match![1] === 'none' ? 0 : Number(match![1]!.replaceAll(',', ''));
  };
  expect(await today('Tasks posted', 'Tasks posted')).toBeGreaterThanOrEqual(2);
  expect(await today('Offers made', 'Offers made')).toBeGreaterThanOrEqual(2);
  expect(await today('Tasks hired and fill rate', 'Tasks hired')).toBeGreaterThanOrEqual(1);
  expect(await today('Tasks hired and fill rate', 'Fill rate')).toBeGreaterThan(0);
  expect(await today('New users', 'New users')).toBeGreaterThanOrEqual(3);
  for (const title of [
    'Median hours to first offer and to hire',
    'Completions and completion rate',
    'Reports opened and closed',
  ]) {
    await expect(page.getByRole('figure', { name: title, exact: true })).toBeVisible();
  }

  // Every day's numbers, today last, in a table under the chart.
  const posted = page.getByRole('figure', { name: 'Tasks posted', exact: true });
  await posted.getByText('Every day’s numbers').click();
  const table = posted.getByRole('table', { name: 'Tasks posted, by day (UTC)' });
  await expect(table.getByRole('row')).toHaveCount(31);
  const last = table.getByRole('row').last();
  await expect(last.getByRole('rowheader')).toHaveText(todayUtc());
  expect(Number(await last.getByRole('cell').textContent())).toBeGreaterThanOrEqual(2);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('every section passes axe in both themes, without sideways scrolling', async ({
    pageAs,
  }) => {
    // Twelve axe scans (five sections and the dialog, in two themes): on CI's two shared cores
    // they took up to 1.7 minutes, past test.slow()'s 90 s.
    test.setTimeout(240_000);
    const {
      admin,
      others: [poster, first, second],
    } = await signUpAdminAnd('Ola Poster', 'Una Reporter', 'Ivo Reporter');
    const task = newTask({ title: `A task with a very long title ${'x'.repeat(60)}` });
    const taskId = await createTaskOverApi(poster, task);
    await reportOverApi(first, taskId, 'A very long note '.repeat(10));
    await reportOverApi(second, taskId);
    const warned = await callApi('POST', `/api/admin/users/${poster.id}/warn`, {
      body: { reason: 'A reason for the audit log.' },
      cookie: admin.cookieHeader,
    });
    expect(warned.status).toBe(200);

    const page = await pageAs(admin);
    const sections = [
      { url: '/admin', heading: 'Reports' },
      { url: `/admin/users?q=${encodeURIComponent(poster.email)}`, heading: 'Users' },
      { url: `/admin/users/${poster.id}`, heading: poster.name },
      { url: '/admin/audit', heading: 'Audit log' },
      { url: '/admin/market', heading: 'Market' },
    ];
    for (const theme of ['winter', 'forest']) {
      await page.goto('/admin');
      if (theme === 'forest') await switchToForest(page);
      for (const { url, heading } of sections) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
        if (url === '/admin/market') {
          await page.getByText('Every day’s numbers').first().click();
        }
        await expectNoHorizontalScroll(page, `${url} (${theme})`);
        await expectNoSeriousA11yViolations(page, `${url} (${theme})`);
      }
      // The reason dialog, too.
      await page.goto('/admin');
      await queuedTask(page, task.title).getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoHorizontalScroll(page, `the reason dialog (${theme})`);
      await expectNoSeriousA11yViolations(page, `the reason dialog (${theme})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });
});

test('on a server with no reports, the queue says so', async ({ browser }) => {
  // The shared server's queue is never empty for long while other tests report: a server of
  // this test's own, its first account made an operator with the CLI on its data directory.
  const server = await startOwnServer();
  try {
    const email = uniqueEmail('empty-queue');
    const context = await browser.newContext({ baseURL: server.url });
    await keepOnMachine(context);
    await logInOnOwnServer(context, server, { name: 'Eve Empty', email });
    await runAdminCli(email, server.dataDir);
    const page = await context.newPage();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();
    await expect(page.getByText(NO_REPORTS, { exact: true })).toBeVisible();
    await context.close();
  } finally {
    await server.dispose();
  }
});
