import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { pngFile } from '../support/e2e-files.ts';
import { expect, offerOverApi, signUpUsers, switchToForest, test } from '../support/e2e-offers.ts';
import { newTask, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 49: files in a private message. The author attaches a document and a photo; the other
 * party sees them (the photo as a thumbnail opening the full image, the document with its name,
 * type and size) and downloads the document through its signed link.
 */

const NOTE = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Bring a ladder') };
const PHOTO = pngFile('wall.png', 400, 300, [200, 40, 40]);

/** Opens the conversation with `name` on the task page; its region, messages and form. */
async function openConversation(page: Page, taskId: string, name: string) {
  await page.goto(`/task/${taskId}`);
  await page.getByRole('button', { name: `Messages with ${name}`, exact: true }).click();
  const region = page.getByRole('region', { name: `Private messages with ${name}` });
  return {
    region,
    // The messages themselves, not the lists of files inside them.
    messages: region.getByRole('list', { name: `Messages with ${name}` }).locator(':scope > li'),
    form: region.getByRole('form', { name: `Message to ${name}` }),
  };
}

/** A message with a document and a photo, sent by the bidder to the poster. */
async function sendWithFiles(page: Page, taskId: string, posterName: string, text: string) {
  const conversation = await openConversation(page, taskId, posterName);
  const files = conversation.form.getByRole('group', { name: 'Files' });
  await files.getByLabel('Add files').setInputFiles([NOTE, PHOTO]);
  await expect(files.getByRole('list', { name: 'Files added' }).getByText('Uploaded')).toHaveCount(
    2,
  );
  await conversation.form.getByLabel('Your message').fill(text);
  await conversation.form.getByRole('button', { name: 'Send message' }).click();
  await expect(conversation.messages).toHaveCount(1);
  // The composer is empty again: text and files.
  await expect(conversation.form.getByLabel('Your message')).toHaveValue('');
  await expect(files.getByRole('list', { name: 'Files added' })).toHaveCount(0);
  return conversation;
}

/** A poster's task with the bidder's offer: the two parties of a conversation. */
async function offerBetween(posterName: string, bidderName: string, title: string) {
  const [poster, bidder] = await signUpUsers(posterName, bidderName);
  const taskId = await createTaskOverApi(poster, newTask({ title: `${title} ${uniqueMark()}` }));
  await offerOverApi(bidder, taskId);
  return { poster, bidder, taskId };
}

test('a message with a document and a photo: the other party sees both, opens the photo and downloads the document', async ({
  pageAs,
}) => {
  test.slow(true, 'two browser contexts, uploads between');
  const { poster, bidder, taskId } = await offerBetween('Pia Poster', 'Ben Bidder', 'Fix the wall');
  const text = `Here are my notes ${uniqueMark('msg')}`;

  const bidderPage = await pageAs(bidder);
  const sent = await sendWithFiles(bidderPage, taskId, poster.name, text);
  await expect(sent.messages.first().getByRole('list', { name: 'Files' })).toContainText(
    'notes.txt',
  );

  const posterPage = await pageAs(poster);
  const received = await openConversation(posterPage, taskId, bidder.name);
  const message = received.messages.first();
  await expect(message).toContainText(text);
  // The document: its name, type and size, downloaded as an attachment, its bytes as sent.
  await expect(message.getByRole('list', { name: 'Files' }).getByRole('listitem')).toHaveText([
    /notes\.txt\s*Text · 14 bytes/,
  ]);
  const [download] = await Promise.all([
    posterPage.waitForEvent('download'),
    message.getByRole('button', { name: 'Download notes.txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('notes.txt');
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe('Bring a ladder');

  // The photo: a thumbnail read through a signed link (no public address), opening the full image.
  const thumb = message.getByRole('list', { name: 'Photos' }).locator('img');
  await expect(thumb).toHaveAttribute('src', /^\/api\/files\/[^/]+\/download\?/);
  await expect
    .poll(() => thumb.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(400);
  await message.getByRole('button', { name: 'Open photo wall.png' }).click();
  const viewer = posterPage.getByRole('dialog', { name: 'wall.png' });
  const full = viewer.getByRole('img', { name: 'wall.png' });
  await expect(full).toHaveAttribute('src', /^\/api\/files\/[^/]+\/download\?/);
  await expect
    .poll(() => full.evaluate((image: HTMLImageElement) => image.naturalHeight))
    .toBe(300);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toHaveCount(0);
  await expect(message.getByRole('button', { name: 'Open photo wall.png' })).toBeFocused();
});

test('the conversation with files passes axe at 375 px in both themes', async ({ pageAs }) => {
  test.slow(true, 'uploads, then axe in two themes');
  const { poster, bidder, taskId } = await offerBetween('Ada Asker', 'Bo Builder', 'Tile a floor');
  const page = await pageAs(bidder);
  await page.setViewportSize({ width: 375, height: 800 });
  const conversation = await sendWithFiles(page, taskId, poster.name, 'Files for you');
  await conversation.form
    .getByRole('group', { name: 'Files' })
    .getByLabel('Add files')
    .setInputFiles([PHOTO]);
  await expect(conversation.form.getByText('Uploaded')).toHaveCount(1);
  await expect(conversation.messages.first().locator('img')).toHaveAttribute('src', /download/);
  await expectNoSeriousA11yViolations(page, 'a conversation with files in winter');
  await switchToForest(page);
  await expectNoSeriousA11yViolations(page, 'a conversation with files in forest');
});
