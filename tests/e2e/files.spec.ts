import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { AUTH_MESSAGES } from '../../src/shared/accounts.ts';
import { TASK_MESSAGES } from '../../src/shared/task-rules.ts';
import { UPLOAD_FAILED } from '../../src/client/features/files/files-api.ts';
import { PHOTO_AFTER_SIGN_UP } from '../../src/client/routes/signup.tsx';
import { newAccount } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { dropFiles, pasteFiles, pngFile, type FilePayload } from '../support/e2e-files.ts';
import { expect, switchToForest, test, toast } from '../support/e2e-fixtures.ts';
import { newTask, taskCard, type NewTask } from '../support/e2e-tasks.ts';

/**
 * Issue 49, the web app against the real server (STORAGE=local): photos and documents on a task
 * (dropped, chosen, refused, retried), the first photo on the search's cards, the gallery and
 * the downloads on the task page, and an avatar cropped in the browser.
 */

const RED = pngFile('red.png', 400, 300, [200, 30, 30]);
const GREEN = pngFile('green.png', 300, 400, [30, 160, 60]);
const BLUE = pngFile('blue.png', 320, 240, [30, 60, 200]);
const BRIEF: FilePayload = {
  name: 'brief.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('Paint the wall'),
};
/** A stored variant's public address: /files/<sha-256 of the bytes>-<variant>.webp. */
const variantUrl = (variant: string) => new RegExp(`/files/[0-9a-f]{64}-${variant}\\.webp$`);

const taskForm = (page: Page) => page.getByRole('form', { name: 'Add Task' });
const section = (page: Page, name: 'Photos' | 'Documents') =>
  taskForm(page).getByRole('group', { name });
const addedList = (page: Page, name: 'Photos' | 'Documents') =>
  section(page, name).getByRole('list', { name: `${name} added` });

async function fillTask(page: Page, task: NewTask) {
  const form = taskForm(page);
  await form.getByLabel('Title').fill(task.title);
  await form.getByLabel('Category').selectOption(task.category);
  await form.getByLabel('Deadline').fill(task.deadline);
  await form.getByLabel('Budget (USD)').fill(String(task.budget));
  await form.getByLabel('Description').fill(task.description);
}

/** My Posted Tasks (where adding a task leads) links the task's row to its id. */
async function postedTaskId(page: Page, title: string): Promise<string> {
  await expect(page).toHaveURL('/my-posted-tasks');
  const href = await page.getByRole('link', { name: title }).first().getAttribute('href');
  return href?.split('/').pop() ?? '';
}

/** An image's natural size once it has arrived and decoded ([0, 0] until then). */
const naturalSize = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) =>
    element.complete ? [element.naturalWidth, element.naturalHeight] : [0, 0],
  );
const expectLoaded = (image: Locator) =>
  expect.poll(async () => (await naturalSize(image))[0]).toBeGreaterThan(0);

test('a task posted with photos dropped and chosen: its thumbnail in search, a gallery and a download on its page', async ({
  page,
  signedInUser: _poster,
}) => {
  const task = newTask({ title: `Paint my wall ${Date.now().toString(36)}` });
  await page.goto('/add-task');
  await fillTask(page, task);
  // Two photos dropped on the section, one chosen with the file button; a document.
  await dropFiles(section(page, 'Photos'), [RED, GREEN]);
  await section(page, 'Photos').getByLabel('Add photos').setInputFiles(BLUE);
  await section(page, 'Documents').getByLabel('Add documents').setInputFiles(BRIEF);
  await expect(addedList(page, 'Photos').getByRole('listitem')).toHaveText(
    ['red.png Uploaded', 'green.png Uploaded', 'blue.png Uploaded'].map(
      (text) => new RegExp(text.replace(' ', '.*')),
    ),
  );
  await expect(addedList(page, 'Documents').getByText('Uploaded')).toHaveCount(1);
  await expect(addedList(page, 'Photos').locator('img').first()).toHaveAttribute(
    'src',
    variantUrl('thumb'),
  );

  await taskForm(page).getByRole('button', { name: 'Add Task' }).click();
  await expect(toast(page, 'success', TASK_MESSAGES.added)).toBeVisible();
  await expect(page).toHaveURL('/my-posted-tasks');

  // Search: the card shows the first photo's thumbnail, in a box sized before it loads.
  await page.goto('/browse-tasks');
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(task.title);
  await page.getByRole('searchbox', { name: 'Search tasks' }).press('Enter');
  const card = taskCard(page, task.title);
  // The thumbnail comes first; the poster's photo follows in the byline (issue 51).
  const thumb = card.locator('img').first();
  await expect(thumb).toHaveAttribute('src', variantUrl('thumb'));
  await expectLoaded(thumb);
  const box = await thumb.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([64, 64]);

  // The task page: a gallery moved with the arrow keys, "Photo n of 3" for screen readers.
  await card.getByRole('link', { name: task.title, exact: true }).click();
  const gallery = page.getByRole('region', { name: `Photos of ${task.title}` });
  const stage = gallery.getByRole('group', { name: /^Photo 1 of 3\./ });
  await expect(stage.getByRole('img', { name: 'Photo 1 of 3', exact: true })).toHaveAttribute(
    'src',
    variantUrl('full'),
  );
  const first = await stage.getByRole('img').getAttribute('src');
  await stage.focus();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByRole('img', { name: 'Photo 2 of 3', exact: true })).toBeVisible();
  await expect(gallery.getByText('Photo 2 of 3', { exact: true })).toBeVisible();
  expect(
    await gallery.getByRole('img', { name: 'Photo 2 of 3', exact: true }).getAttribute('src'),
  ).not.toBe(first);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(gallery.getByRole('img', { name: 'Photo 3 of 3', exact: true })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(gallery.getByRole('img', { name: 'Photo 1 of 3', exact: true })).toHaveAttribute(
    'src',
    first!,
  );
  // The red 400 × 300 photo, arrived (its size as drawn depends on the copy the browser chose).
  await expect
    .poll(async () => {
      const [width, height] = await naturalSize(
        gallery.getByRole('img', { name: 'Photo 1 of 3', exact: true }),
      );
      return width && height ? Math.round((width / height) * 100) / 100 : 0;
    })
    .toBe(1.33);
  await gallery.getByRole('button', { name: 'Show photo 2 of 3' }).click();
  await expect(gallery.getByRole('img', { name: 'Photo 2 of 3', exact: true })).toBeVisible();
  // A finger swiping left on the photo shows the next one; a short drag does nothing.
  const swipe = async (fromX: number, toX: number) => {
    const at = { pointerType: 'touch', isPrimary: true, clientY: 200 };
    const photo = gallery.getByRole('group', { name: /^Photo \d of 3\./ });
    await photo.dispatchEvent('pointerdown', { ...at, clientX: fromX });
    await photo.dispatchEvent('pointerup', { ...at, clientX: toX });
  };
  await swipe(300, 280);
  await expect(gallery.getByRole('img', { name: 'Photo 2 of 3', exact: true })).toBeVisible();
  await swipe(300, 120);
  await expect(gallery.getByRole('img', { name: 'Photo 3 of 3', exact: true })).toBeVisible();
  await swipe(120, 300);
  await expect(gallery.getByRole('img', { name: 'Photo 2 of 3', exact: true })).toBeVisible();

  // The document: its name, type and size, downloaded as an attachment.
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('listitem')).toHaveText([/brief\.txt\s*Text · 14 bytes/]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: 'Download brief.txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('brief.txt');
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe('Paint the wall');
});

test('a refused type and a file too large show the server’s reason; Retry after a lost connection; the form keeps its fields', async ({
  page,
  signedInUser: _poster,
}) => {
  const task = newTask();
  await page.goto('/add-task');
  await fillTask(page, task);
  const photos = section(page, 'Photos');
  const fileButton = photos.getByLabel('Add photos');

  await fileButton.setInputFiles({
    name: 'page.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<script>alert(1)</script>'),
  });
  await expect(addedList(page, 'Photos').getByRole('alert')).toHaveText(
    'This type of file is not accepted.',
  );
  await addedList(page, 'Photos').getByRole('button', { name: 'Remove page.html' }).click();
  await expect(addedList(page, 'Photos')).toHaveCount(0);

  await dropFiles(photos, [{ name: 'huge.png', mimeType: 'image/png', size: 21 * 1024 * 1024 }]);
  await expect(addedList(page, 'Photos').getByRole('alert')).toHaveText(
    'This file is larger than 20 MB.',
  );
  await addedList(page, 'Photos').getByRole('button', { name: 'Remove huge.png' }).click();

  // The connection drops while the bytes go: the upload fails, and Retry sends it again.
  await page.route('**/api/uploads/*/content', (route) => route.abort('connectionreset'), {
    times: 1,
  });
  // This one is pasted, with the file button focused.
  await fileButton.focus();
  await pasteFiles(fileButton, [RED]);
  await expect(addedList(page, 'Photos').getByRole('alert')).toHaveText(UPLOAD_FAILED);
  // Sending the form now would leave the photo out: it says so, and sends nothing.
  await taskForm(page).getByRole('button', { name: 'Add Task' }).click();
  await expect(
    taskForm(page).getByText('Retry or remove the files that did not upload.'),
  ).toBeVisible();
  await addedList(page, 'Photos').getByRole('button', { name: 'Retry red.png' }).click();
  await expect(addedList(page, 'Photos').getByText('Uploaded')).toHaveCount(1);
  await expect(addedList(page, 'Photos').getByRole('alert')).toHaveCount(0);

  // Nothing typed was lost on the way.
  await expect(taskForm(page).getByLabel('Title')).toHaveValue(task.title);
  await expect(taskForm(page).getByLabel('Description')).toHaveValue(task.description);
  await expect(taskForm(page).getByLabel('Budget (USD)')).toHaveValue(String(task.budget));
  await taskForm(page).getByRole('button', { name: 'Add Task' }).click();
  await expect(toast(page, 'success', TASK_MESSAGES.added)).toBeVisible();
});

test('editing a task: its photos and documents are there to remove, and the list sent replaces them', async ({
  page,
  signedInUser: _poster,
}) => {
  const task = newTask();
  await page.goto('/add-task');
  await fillTask(page, task);
  await section(page, 'Photos').getByLabel('Add photos').setInputFiles([RED, GREEN]);
  await section(page, 'Documents').getByLabel('Add documents').setInputFiles(BRIEF);
  await expect(taskForm(page).getByText('Uploaded')).toHaveCount(3);
  await taskForm(page).getByRole('button', { name: 'Add Task' }).click();
  await expect(toast(page, 'success', TASK_MESSAGES.added)).toBeVisible();

  const taskId = await postedTaskId(page, task.title);
  await page.goto(`/edit-task/${taskId}`);
  const form = page.getByRole('form', { name: 'Update Task' });
  const photos = form.getByRole('list', { name: 'Photos added' });
  await expect(photos.getByRole('listitem')).toHaveText([
    /red\.png.*Uploaded/,
    /green\.png.*Uploaded/,
  ]);
  await expect(
    form.getByRole('list', { name: 'Documents added' }).getByRole('listitem'),
  ).toHaveText([/brief\.txt.*Uploaded/]);
  await photos.getByRole('button', { name: 'Remove red.png' }).click();
  await form
    .getByRole('list', { name: 'Documents added' })
    .getByRole('button', { name: 'Remove brief.txt' })
    .click();
  await form.getByRole('group', { name: 'Photos' }).getByLabel('Add photos').setInputFiles(BLUE);
  await expect(photos.getByRole('listitem')).toHaveText([
    /green\.png.*Uploaded/,
    /blue\.png.*Uploaded/,
  ]);
  await form.getByRole('button', { name: 'Update Task' }).click();
  await expect(toast(page, 'success', TASK_MESSAGES.updated)).toBeVisible();

  await page.goto(`/task/${taskId}`);
  const gallery = page.getByRole('region', { name: `Photos of ${task.title}` });
  await expect(gallery.getByRole('img', { name: 'Photo 1 of 2', exact: true })).toBeVisible();
  await expect(gallery.getByRole('button', { name: /^Show photo/ })).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Documents' })).toHaveCount(0);
});

/** Chooses a photo with "Upload a photo", moves it in the cropper, and keeps the square. */
async function cropAPhoto(page: Page, photo: FilePayload) {
  await page.getByLabel('Upload a photo').setInputFiles(photo);
  const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
  const area = dialog.getByRole('group', { name: /The square kept/ });
  await area.focus();
  await page.keyboard.press('ArrowRight');
  await dialog.getByLabel('Zoom').fill('1.5');
  await dialog.getByRole('button', { name: 'Use this photo' }).click();
  await expect(dialog).toHaveCount(0);
}

const barAvatar = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `${name} (dashboard)` })
    .getByRole('img', { name });

test('an avatar cropped in the browser and uploaded fills the photo URL, and the bar shows it', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/dashboard/edit-profile');
  await cropAPhoto(page, RED);
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByRole('list', { name: 'Your photo' }).getByText('Uploaded')).toBeVisible();
  const photoUrl = form.getByLabel('Photo URL (optional)');
  const origin = new URL(page.url()).origin;
  await expect(photoUrl).toHaveValue(new RegExp(`^${origin}/files/[0-9a-f]{64}-full\\.webp$`));
  const address = await photoUrl.inputValue();
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'success', 'Profile updated successfully!')).toBeVisible();

  await page.goto('/');
  const avatar = barAvatar(page, signedInUser.name);
  await expect(avatar).toHaveAttribute('src', address);
  // Cropped to a square: the 300 px high photo's 300 × 300, zoomed 1.5 times: 200 × 200.
  await expect.poll(() => naturalSize(avatar)).toEqual([200, 200]);
});

test('sign-up with a cropped photo: the address fills the field, and the photo is there once the account is made', async ({
  page,
}) => {
  const account = newAccount();
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await cropAPhoto(page, GREEN);
  await expect(form.getByRole('status')).toHaveText(PHOTO_AFTER_SIGN_UP);
  const address = await form.getByLabel('Photo URL').inputValue();
  expect(address).toMatch(variantUrl('full'));
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page, 'success', AUTH_MESSAGES.userCreated)).toBeVisible();
  const avatar = barAvatar(page, account.name);
  await expect(avatar).toHaveAttribute('src', address);
  await expectLoaded(avatar);
});

test('the task form with files and the task page with its gallery pass axe at 375 px in both themes', async ({
  page,
  signedInUser: _poster,
}) => {
  test.slow(true, 'two pages, each checked in two themes, with uploads between');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/add-task');
  await section(page, 'Photos').getByLabel('Add photos').setInputFiles([BLUE]);
  await section(page, 'Documents')
    .getByLabel('Add documents')
    .setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(addedList(page, 'Photos').getByText('Uploaded')).toHaveCount(1);
  await expect(addedList(page, 'Documents').getByRole('alert')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the task form with files in winter');
  await switchToForest(page);
  await expectNoSeriousA11yViolations(page, 'the task form with files in forest');

  const task = newTask();
  await fillTask(page, task);
  await addedList(page, 'Documents').getByRole('button', { name: 'Remove x.svg' }).click();
  await section(page, 'Documents').getByLabel('Add documents').setInputFiles(BRIEF);
  await section(page, 'Photos').getByLabel('Add photos').setInputFiles([RED]);
  await expect(page.getByText('Uploaded')).toHaveCount(3);
  await taskForm(page).getByRole('button', { name: 'Add Task' }).click();
  await expect(toast(page, 'success', TASK_MESSAGES.added)).toBeVisible();
  await page.goto(`/task/${await postedTaskId(page, task.title)}`);
  await expect(page.getByRole('region', { name: `Photos of ${task.title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the task page with photos in forest');
  await page.getByRole('checkbox', { name: 'Dark theme' }).uncheck();
  await expectNoSeriousA11yViolations(page, 'the task page with photos in winter');
});
