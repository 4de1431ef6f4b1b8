import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  DELIVER_NOTE_LABEL,
  DELIVERIES_HEADING,
} from '../../src/client/features/delivery/delivery-messages.ts';
import { OFFER_TOASTS } from '../../src/client/features/offers/offer-messages.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { pngFile, type FilePayload } from '../support/e2e-files.ts';
import {
  expect,
  expectNoHorizontalScroll,
  hiredTask,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../support/e2e-offers.ts';

/**
 * Issue 49: "Mark as delivered" with a note and files. The freelancer opens the delivery's form,
 * writes a note and uploads a text file and a photo; the poster reads the note, sees the photo
 * and downloads the file before confirming. Axe at 375 px in both themes on the task page.
 */

const NOTE = 'The final logo, with the colour codes in the text file.';
const CODES: FilePayload = {
  name: 'colour-codes.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('Green #2f7a3a\nCream #f5efe0\n'),
};
const PREVIEW = pngFile('logo-preview.png', 320, 240, [47, 122, 58]);

/** Today as the browser writes dates. */
const todayIn = (page: Page) => page.evaluate(() => new Date().toLocaleDateString());

async function deliverWithFiles(page: Page, taskId: string) {
  await page.goto(`/task/${taskId}`);
  const job = page.getByRole('main').getByRole('region', { name: 'Your job' });
  await job.getByRole('button', { name: 'Mark as delivered' }).click();
  const form = job.getByRole('form', { name: 'Mark as delivered' });
  await expect(form.getByLabel(DELIVER_NOTE_LABEL)).toBeFocused();
  await form.getByLabel(DELIVER_NOTE_LABEL).fill(NOTE);
  const files = form.getByRole('group', { name: 'Files' });
  await files.getByLabel('Add files').setInputFiles([CODES, PREVIEW]);
  await expect(files.getByRole('list', { name: 'Files added' }).getByText('Uploaded')).toHaveCount(
    2,
  );
  await form.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(toast(page, 'success', OFFER_TOASTS.delivered)).toBeVisible();
  await expect(form).toBeHidden();
}

test('the freelancer delivers with a note, a text file and a photo; the poster reads the note, sees the photo and downloads the file', async ({
  pageAs,
}) => {
  const [poster, freelancer] = await signUpUsers('Petra Poster', 'Felix Freelancer');
  const { taskId } = await hiredTask(poster, freelancer);
  const theirs = await pageAs(freelancer);
  await deliverWithFiles(theirs, taskId);
  const day = await todayIn(theirs);
  // The freelancer reads what they delivered too.
  await expect(
    theirs.getByRole('main').getByRole('region', { name: DELIVERIES_HEADING }),
  ).toContainText(NOTE);

  const page = await pageAs(poster);
  await page.goto(`/task/${taskId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Hired freelancer' })).toContainText(
    `Marked as delivered on ${day}.`,
  );
  const delivered = main.getByRole('region', { name: DELIVERIES_HEADING });
  await expect(delivered).toContainText(`Delivered on ${day}`);
  await expect(delivered).toContainText(NOTE);
  // The photo as a thumbnail, through its private link: it arrives.
  const photo = delivered
    .getByRole('list', { name: `Photos delivered on ${day}` })
    .getByRole('img', { name: 'logo-preview.png' });
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  // The document: its name, type and size, downloaded with its own bytes.
  const documents = delivered.getByRole('region', { name: `Files delivered on ${day}` });
  await expect(documents.getByRole('listitem')).toHaveText([/colour-codes\.txt\s*Text · 28 bytes/]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: 'Download colour-codes.txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('colour-codes.txt');
  expect(fs.readFileSync(await download.path()).equals(CODES.buffer)).toBe(true);
  // Confirming is still the poster's next step.
  await expect(main.getByRole('button', { name: 'Confirm completion' })).toBeVisible();
});

test('the delivery form and the task page with a delivery pass axe at 375 px in both themes', async ({
  pageAs,
}) => {
  test.slow(true, 'two pages, each checked in two themes, with uploads between');
  const [poster, freelancer] = await signUpUsers('Anna Axe', 'Ben Builder');
  const { taskId } = await hiredTask(poster, freelancer);
  const theirs = await pageAs(freelancer);
  await theirs.setViewportSize({ width: 375, height: 800 });
  await theirs.goto(`/task/${taskId}`);
  const job = theirs.getByRole('main').getByRole('region', { name: 'Your job' });
  await job.getByRole('button', { name: 'Mark as delivered' }).click();
  const form = job.getByRole('form', { name: 'Mark as delivered' });
  await form.getByLabel(DELIVER_NOTE_LABEL).fill(NOTE);
  await form.getByLabel('Add files').setInputFiles([CODES]);
  await expect(form.getByText('Uploaded')).toHaveCount(1);
  await expectNoSeriousA11yViolations(theirs, 'the delivery form in winter');
  await switchToForest(theirs);
  await expectNoSeriousA11yViolations(theirs, 'the delivery form in forest');
  await expectNoHorizontalScroll(theirs, 'the delivery form at 375 px');
  await form.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(toast(theirs, 'success', OFFER_TOASTS.delivered)).toBeVisible();

  const page = await pageAs(poster);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/task/${taskId}`);
  await expect(page.getByRole('region', { name: DELIVERIES_HEADING })).toContainText(NOTE);
  await expectNoSeriousA11yViolations(page, 'the task page with a delivery in winter');
  await expectNoHorizontalScroll(page, 'the task page with a delivery at 375 px');
  await switchToForest(page);
  await expectNoSeriousA11yViolations(page, 'the task page with a delivery in forest');
});
