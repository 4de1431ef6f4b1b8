import { REPORT_MESSAGES, REPORT_REASON_LABELS } from '../../src/shared/moderation.ts';
import { callApi } from '../support/e2e-accounts.ts';
import { makeAdmin } from '../support/e2e-admin.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { pngFile, uploadOverApi } from '../support/e2e-files.ts';
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
 * Issue 49 "reports can point at a file", in the browser: a reader reports one photo of a task
 * and one of its documents from the task page (their poster sees no Report on their own); the
 * report names the file. axe at 375 px in both themes with the file controls.
 */

const TEXT = { name: 'brief.txt', mimeType: 'text/plain', buffer: Buffer.from('The brief.\n') };

async function taskWithFiles(cookie: string, title: string) {
  const photoId = await uploadOverApi(cookie, pngFile('wall.png', 64, 48, [200, 40, 40]), 'task');
  const fileId = await uploadOverApi(cookie, TEXT, 'task');
  const answer = await callApi<{ insertedId: string }>('POST', '/api/tasks', {
    cookie,
    body: { ...newTask({ title }), photoIds: [photoId], fileIds: [fileId] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { taskId: answer.body.insertedId, photoId, fileId };
}

test("a reader reports a task's photo and its document; the poster sees no Report on their own", async ({
  pageAs,
}) => {
  test.slow(true, 'two browser contexts');
  const [poster, reader] = await signUpUsers('Pia Poster', 'Rae Reader');
  const { taskId, photoId, fileId } = await taskWithFiles(
    poster.cookieHeader,
    `Paint a wall ${uniqueMark()}`,
  );

  const own = await pageAs(poster);
  await own.goto(`/task/${taskId}`);
  await expect(own.getByRole('button', { name: 'Download brief.txt' })).toBeVisible();
  await expect(own.getByRole('button', { name: /^Report (this photo|“brief\.txt”)/ })).toHaveCount(
    0,
  );

  const page = await pageAs(reader);
  await page.goto(`/task/${taskId}`);
  for (const what of ['this photo', '“brief.txt”']) {
    await page.getByRole('button', { name: `Report ${what}` }).click();
    const dialog = page.getByRole('dialog', { name: `Report ${what}` });
    await dialog
      .getByRole('radiogroup', { name: 'Why?' })
      .getByRole('radio', { name: REPORT_REASON_LABELS.inappropriate })
      .check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toHaveCount(0);
    // Closed, so that the next report's thanks is the only one.
    const thanks = toast(page, 'success', REPORT_MESSAGES.thanks);
    await expect(thanks).toBeVisible();
    await thanks.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(thanks).toHaveCount(0);
  }

  // The operators' queue lists both files, each reported once.
  const [admin] = await signUpUsers('Ada Admin');
  await makeAdmin(admin);
  const queue = await callApi<{ itemType: string; itemId: string; reportCount: number }[]>(
    'GET',
    '/api/admin/reports',
    { cookie: admin.cookieHeader },
  );
  expect(queue.status).toBe(200);
  const files = queue.body.filter(
    (item) => item.itemType === 'file' && [fileId, photoId].includes(item.itemId),
  );
  expect(files.map((item) => [item.itemId, item.reportCount]).sort()).toEqual(
    [
      [fileId, 1],
      [photoId, 1],
    ].sort(),
  );
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const theme of ['winter', 'forest'] as const) {
    test(`a task's photo and document with Report pass axe in ${theme} and fit`, async ({
      pageAs,
    }) => {
      test.slow(true, 'axe on a page with images');
      const [poster, reader] = await signUpUsers(`Pol Poster ${theme}`, `Rex Reader ${theme}`);
      const { taskId } = await taskWithFiles(poster.cookieHeader, `Tile ${uniqueMark()}`);
      const page = await pageAs(reader);
      await page.goto(`/task/${taskId}`);
      await expect(page.getByRole('button', { name: 'Report this photo' })).toBeVisible();
      if (theme === 'forest') await switchToForest(page);
      await expectNoHorizontalScroll(page, `a task with files in ${theme}`);
      await expectNoSeriousA11yViolations(page, `a task with files in ${theme}`);
    });
  }
});
