import type { Locator, Page } from '@playwright/test';
import {
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  type ReportItemType,
  type ReportReason,
} from '../../src/shared/moderation.ts';
import { SEARCH_MESSAGES } from '../../src/shared/search-rules.ts';
import {
  callApi,
  createTaskOverApi,
  writeOverApi,
  type SignedUpUser,
} from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../support/e2e-offers.ts';
import { qualifyReporters } from '../support/e2e-reporters.ts';
import { newTask, taskCard, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 20 "Report" in the browser: the Report dialog (a reason required, an optional note, the
 * server's thanks or refusal in a toast), an item hidden once three different users reported it
 * (gone for everyone else, marked for its author), and the dialog and the author's marker on a
 * phone in both themes. The server's rules themselves are src/server/moderation/reports.test.ts.
 */

/** POST /api/reports as the user, expecting 201. */
async function reportOverApi(
  user: SignedUpUser,
  itemType: ReportItemType,
  itemId: string,
  reason: ReportReason = 'spam',
): Promise<void> {
  const answer = await callApi('POST', '/api/reports', {
    body: { itemType, itemId, reason },
    cookie: user.cookieHeader,
    address: user.address,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** POST /api/tasks/:id/questions as the user; returns the question's id. */
async function askOverApi(user: SignedUpUser, taskId: string, text: string): Promise<string> {
  return writeOverApi(user, `/api/tasks/${taskId}/questions`, text);
}

/** The open Report dialog, by its title ("Report this task"). */
function reportDialog(page: Page, what: string) {
  const dialog = page.getByRole('dialog', { name: `Report ${what}` });
  return {
    dialog,
    why: dialog.getByRole('radiogroup', { name: 'Why?' }),
    note: dialog.getByRole('textbox', { name: 'Note (optional)' }),
    send: dialog.getByRole('button', { name: 'Send report' }),
    cancel: dialog.getByRole('button', { name: 'Cancel' }),
  };
}

/** Opens the dialog from `button`, picks the reason, writes the note and sends the report. */
async function sendReport(
  button: Locator,
  what: string,
  reason: ReportReason,
  note?: string,
): Promise<void> {
  await button.click();
  const form = reportDialog(button.page(), what);
  await form.why.getByRole('radio', { name: REPORT_REASON_LABELS[reason] }).check();
  if (note) await form.note.fill(note);
  await form.send.click();
  await expect(form.dialog).toHaveCount(0);
}

function questionsSection(page: Page): Locator {
  return page.getByRole('main').getByRole('region', { name: 'Questions' });
}

/** Several users' browser contexts side by side (and axe runs) on two shared cores. */
const SEVERAL_CONTEXTS = 'several browser contexts at once';

test('three users report a task in the browser: it is gone for everyone else, marked for its poster', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const [poster, ...others] = await signUpUsers(
    'Pat Poster',
    'Rae Reporter',
    'Sam Second',
    'Tia Third',
    'Uma Reader',
  );
  // Issue 47: reporters whose reports count (old enough, verified, each from its own address).
  const [first, second, third, reader] = qualifyReporters(...others);
  const mark = uniqueMark('report');
  const task = newTask({ title: `Send me your bank details ${mark}` });
  const taskId = await createTaskOverApi(poster, task);
  const browse = `/browse-tasks?${new URLSearchParams({ q: mark })}`;

  // Before any report the reader finds the task on Browse Tasks.
  const readerPage = await pageAs(reader);
  await readerPage.goto(browse);
  await expect(taskCard(readerPage, task.title)).toBeVisible();

  const page = await pageAs(first);
  await page.goto(`/task/${taskId}`);
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
  const report = page.getByRole('main').getByRole('button', { name: 'Report this task' });
  const form = reportDialog(page, 'this task');

  // Escape closes the dialog, nothing sent; the focus comes back to Report.
  await report.click();
  await expect(form.dialog).toBeVisible();
  await expect(form.why.getByRole('radio')).toHaveCount(5);
  for (const label of Object.values(REPORT_REASON_LABELS)) {
    await expect(form.why.getByRole('radio', { name: label, exact: true })).not.toBeChecked();
  }
  await page.keyboard.press('Escape');
  await expect(form.dialog).toHaveCount(0);
  await expect(report).toBeFocused();

  // No reason: the shared message on the field, nothing sent.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/reports') sent.push(request.method());
  });
  await report.click();
  await form.note.fill('Asks for bank details in the description.');
  await form.send.click();
  await expect(form.why.getByText(REPORT_MESSAGES.reasonInvalid, { exact: true })).toBeVisible();
  await expect(form.why).toHaveAttribute('aria-invalid', 'true');
  await expect(form.dialog).toBeVisible();
  expect(sent).toEqual([]);

  // A reason and the note: the server's thanks in a toast, the dialog closed, focus back.
  await form.why.getByRole('radio', { name: REPORT_REASON_LABELS.scam }).check();
  await form.send.click();
  await expect(toast(page, 'success', REPORT_MESSAGES.thanks)).toBeVisible();
  await expect(form.dialog).toHaveCount(0);
  await expect(report).toBeFocused();
  expect(sent).toEqual(['POST']);

  // Again: the server's 409 in an error toast; the dialog closes and the page still works.
  await sendReport(report, 'this task', 'spam');
  await expect(toast(page, 'error', REPORT_MESSAGES.already)).toBeVisible();
  await expect(report).toBeFocused();
  expect(sent).toEqual(['POST', 'POST']);
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();

  // Two more users, each through the dialog: the third report hides the task.
  for (const user of [second, third]) {
    const other = await pageAs(user);
    await other.goto(`/task/${taskId}`);
    await sendReport(
      other.getByRole('main').getByRole('button', { name: 'Report this task' }),
      'this task',
      'scam',
    );
    await expect(toast(other, 'success', REPORT_MESSAGES.thanks)).toBeVisible();
  }

  // Anyone else: the 404 page, and the task is on no list.
  await readerPage.goto(`/task/${taskId}`);
  await expect(
    readerPage.getByRole('heading', { level: 1, name: '404 - Page Not Found' }),
  ).toBeVisible();
  await readerPage.goto(browse);
  await expect(readerPage.getByText(SEARCH_MESSAGES.noResults, { exact: true })).toBeVisible();
  await expect(taskCard(readerPage, task.title)).toHaveCount(0);

  // Its poster still reads it, told why nobody else does, and nothing to report there.
  const posterPage = await pageAs(poster);
  await posterPage.goto(`/task/${taskId}`);
  const main = posterPage.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: REPORT_MESSAGES.hidden })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Report/ })).toHaveCount(0);

  await posterPage.goto('/my-posted-tasks');
  const row = main.getByRole('row').filter({ hasText: task.title });
  await expect(row.getByRole('rowheader')).toContainText(REPORT_MESSAGES.hidden);
});

test('a question reported by three users leaves the task page for everyone but its asker', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const [poster, asker, ...reporters] = await signUpUsers(
    'Quinn Poster',
    'Ash Asker',
    'Rio Reporter',
    'Sol Second',
    'Ted Third',
  );
  const [first, second, third] = qualifyReporters(...reporters);
  const taskId = await createTaskOverApi(poster, newTask({ title: `Tile ${uniqueMark()}` }));
  const text = `Buy cheap followers at my site ${uniqueMark('q')}`;
  const questionId = await askOverApi(asker, taskId, text);

  // The first report through the dialog, from the question's own Report button.
  const page = await pageAs(first);
  await page.goto(`/task/${taskId}`);
  const question = questionsSection(page).getByRole('article', {
    name: `Question from ${asker.name}`,
  });
  await expect(question).toContainText(text);
  await sendReport(
    question.getByRole('button', { name: 'Report this question' }),
    'this question',
    'spam',
    'Advertising, not a question.',
  );
  await expect(toast(page, 'success', REPORT_MESSAGES.thanks)).toBeVisible();
  await reportOverApi(second, 'question', questionId);
  await reportOverApi(third, 'question', questionId, 'abusive');

  // The task's poster (anyone but the asker) no longer sees it.
  const posterPage = await pageAs(poster);
  await posterPage.goto(`/task/${taskId}`);
  await expect(posterPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    questionsSection(posterPage).getByText('No questions yet.', { exact: true }),
  ).toBeVisible();
  await expect(questionsSection(posterPage).getByText(text)).toHaveCount(0);

  // Its asker does, marked, and has nothing to report on their own question.
  const askerPage = await pageAs(asker);
  await askerPage.goto(`/task/${taskId}`);
  const own = questionsSection(askerPage).getByRole('article', {
    name: `Question from ${asker.name}`,
  });
  await expect(own).toContainText(text);
  await expect(own.getByText(REPORT_MESSAGES.hidden, { exact: true })).toBeVisible();
  await expect(own.getByRole('button', { name: /^Report/ })).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the Report dialog and a poster's hidden task pass axe in ${theme} and fit`, async ({
      pageAs,
    }) => {
      test.slow(true, 'axe runs on two pages, several browser contexts');
      const [poster, ...reporters] = await signUpUsers(
        `Pia Axe ${theme}`,
        `Rob Axe ${theme}`,
        `Sue Axe ${theme}`,
        `Tom Axe ${theme}`,
      );
      const [reader, second, third] = qualifyReporters(...reporters);
      const task = newTask({
        title: `Supercalifragilisticexpialidocious-unbroken-title ${uniqueMark()}`,
      });
      const taskId = await createTaskOverApi(poster, task);

      // The dialog open, its field message shown.
      const page = await pageAs(reader);
      await page.goto(`/task/${taskId}`);
      if (theme === 'forest') await switchToForest(page);
      await page.getByRole('main').getByRole('button', { name: 'Report this task' }).click();
      const form = reportDialog(page, 'this task');
      await form.send.click();
      await expect(form.why.getByText(REPORT_MESSAGES.reasonInvalid)).toBeVisible();
      await expectNoHorizontalScroll(page, `the Report dialog in ${theme}`);
      await expectNoSeriousA11yViolations(page, `the Report dialog in ${theme}`);
      await form.why.getByRole('radio', { name: REPORT_REASON_LABELS.inappropriate }).check();
      await form.send.click();
      await expect(toast(page, 'success', REPORT_MESSAGES.thanks)).toBeVisible();

      await reportOverApi(second, 'task', taskId);
      await reportOverApi(third, 'task', taskId);
      const posterPage = await pageAs(poster);
      await posterPage.goto(`/task/${taskId}`);
      if (theme === 'forest') await switchToForest(posterPage);
      await expect(
        posterPage
          .getByRole('main')
          .getByRole('status')
          .filter({ hasText: REPORT_MESSAGES.hidden }),
      ).toBeVisible();
      await expectNoHorizontalScroll(posterPage, `a poster's hidden task in ${theme}`);
      await expectNoSeriousA11yViolations(posterPage, `a poster's hidden task in ${theme}`);
    });
  }
});
