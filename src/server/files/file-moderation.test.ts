import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FILE_MESSAGES, type FileLink, type FileView } from '../../shared/files.ts';
import { REPORT_MESSAGES, type ReportedItemAnswer } from '../../shared/moderation.ts';
import type { Task } from '../../shared/tasks.ts';
import { PDF, pdfUpload, uploaded } from '../../../tests/support/files.ts';
import { notificationsOf } from '../../../tests/support/conversations.ts';
import { call, makeOffer, postTask, readTaskRow } from '../../../tests/support/marketplace.ts';
import { qualifyReporters } from '../../../tests/support/reporters.ts';
import { PATIENTLY, useTestApp, type TestUser } from '../../../tests/support/test-app.ts';

/**
 * Issue 49 on both engines: reports can point at a file (hidden at three counted reporters,
 * then listed to nobody and served to nobody but its uploader); an admin removes a single
 * file (audit line; the task's thumbnail moves on); admins open a message's file only while
 * a report on it or its message is open.
 */

const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '1000' });
const admin = t.user({ name: 'Ada Admin' }, { admin: true });
const [paula, gina, sam] = t.users('Paula Poster', 'Gina Freelancer', 'Sam Stranger');
let reporters: TestUser[];

beforeAll(async () => {
  const signedUp = [];
  for (const name of ['Rita One', 'Rob Two', 'Ria Three']) signedUp.push(await t.signUp({ name }));
  reporters = await qualifyReporters(t.db, signedUp);
});

let photosMade = 0;
/** A photo unlike any other (its variants its own), or of the bytes given. */
async function taskPhoto(user: TestUser = paula, bytes?: Buffer): Promise<FileView> {
  photosMade += 1;
  const made =
    bytes ??
    (await sharp({
      create: { width: 30 + photosMade, height: 20, channels: 3, background: '#48c' },
    })
      .png()
      .toBuffer());
  return uploaded(t, user, {
    name: `p${photosMade}.png`,
    type: 'image/png',
    purpose: 'task',
    bytes: made,
  });
}

const report = (user: TestUser, itemId: string, extra = {}) =>
  call(t, 'POST', '/api/reports', user, { itemType: 'file', itemId, reason: 'abusive', ...extra });
const adminAct = (action: string, fileId: string, user: TestUser = admin) =>
  call(t, 'POST', `/api/admin/items/file/${fileId}/${action}`, user, {
    reason: 'A photo of a stranger’s house number',
  });
const fileRow = (id: string) =>
  t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const linkStatus = async (fileId: string, user?: TestUser) =>
  (await call(t, 'GET', `/api/files/${fileId}/link`, user)).status;
const publicStatus = async (url: string, user?: TestUser) =>
  (await t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} }))
    .statusCode;
/** The task as a visitor reads it, once its kept answer has caught up with `check`. */
const taskWhen = (taskId: string, check: (task: Task) => boolean) =>
  expect
    .poll(async () => check((await call(t, 'GET', `/api/tasks/${taskId}`)).body as Task), PATIENTLY)
    .toBe(true);

const pdf = (user: TestUser, purpose: string, name: string) =>
  uploaded(t, user, pdfUpload(name, purpose));

/** Gina's message to Paula about a new task of hers, with a document. */
async function messageWithFile(name: string): Promise<{ file: FileView; messageId: string }> {
  const offerId = await makeOffer(t, gina, await postTask(t, paula));
  const file = await pdf(gina, 'message', name);
  const sent = await call(t, 'POST', `/api/offers/${offerId}/messages`, gina, {
    text: 'See the attached file.',
    fileIds: [file.id],
  });
  expect(sent.status).toBe(201);
  return { file, messageId: (sent.body as { insertedId: string }).insertedId };
}

async function postWithPhotos(photos: FileView[], fileIds: string[] = []): Promise<string> {
  return postTask(t, paula, { photoIds: photos.map((photo) => photo.id), fileIds });
}

describe('reporting a file', () => {
  it('stores a report of a task photo, counted; refuses the uploader, no file and bad ids', async () => {
    const shot = await taskPhoto();
    await postWithPhotos([shot]);
    const [rita] = reporters as [TestUser];
    expect(await report(rita, shot.id, { note: 'Shows a car plate' })).toEqual({
      status: 201,
      body: { message: REPORT_MESSAGES.thanks },
    });
    expect(await report(rita, shot.id)).toEqual({
      status: 409,
      body: { message: REPORT_MESSAGES.already },
    });
    expect(await report(paula, shot.id)).toEqual({
      status: 403,
      body: { message: REPORT_MESSAGES.own },
    });
    expect(await report(rita, crypto.randomUUID())).toEqual({
      status: 404,
      body: { message: REPORT_MESSAGES.notFound },
    });
    const rows = await t.db
      .selectFrom('reports')
      .select(['item_type', 'author_id', 'reason', 'note', 'status', 'uncounted_because'])
      .where('item_id', '=', shot.id)
      .execute();
    expect(rows).toEqual([
      {
        item_type: 'file',
        author_id: paula.id,
        reason: 'abusive',
        note: 'Shows a car plate',
        status: 'open',
        uncounted_because: null,
      },
    ]);
    const queue = (await call(t, 'GET', '/api/admin/reports', admin)).body as ReportedItemAnswer[];
    const queued = queue.find((item) => item.itemId === shot.id)!;
    expect(queued).toMatchObject({
      itemType: 'file',
      label: `the file “${shot.name}” on the task “Design a logo for a bakery”`,
      author: { _id: paula.id, name: 'Paula Poster' },
      moderation: null,
      reportCount: 1,
    });
  });

  it("refuses a message's file to a third user; a party reports it", async () => {
    const { file: brief } = await messageWithFile('brief.pdf');
    expect(await report(sam, brief.id)).toEqual({
      status: 404,
      body: { message: REPORT_MESSAGES.notFound },
    });
    expect((await report(paula, brief.id)).status).toBe(201);
    // An upload attached to nothing is its uploader's alone.
    const loose = await taskPhoto(gina);
    expect((await report(sam, loose.id)).status).toBe(404);
  });

  it('hides it at three reporters: off the task, 404 at its address, links refused; its uploader still opens it; dismissing shows it again', async () => {
    const [first, second] = [await taskPhoto(), await taskPhoto()];
    const taskId = await postWithPhotos([first!, second!]);
    for (const reporter of reporters) expect((await report(reporter, first!.id)).status).toBe(201);
    expect(await fileRow(first!.id)).toMatchObject({ moderation: 'hidden', status: 'attached' });
    await taskWhen(
      taskId,
      (task) =>
        task.photos?.map((photo) => photo.id).join() === second!.id &&
        task.photo?.thumb === second!.urls!.thumb,
    );
    const row = await readTaskRow(t, taskId);
    expect(Number(row.file_count)).toBe(1);
    expect(await publicStatus(first!.urls!.thumb)).toBe(404);
    expect(await publicStatus(first!.urls!.thumb, sam)).toBe(404);
    expect(await publicStatus(first!.urls!.thumb, paula)).toBe(200);
    expect(await linkStatus(first!.id, sam)).toBe(403);
    expect(await linkStatus(first!.id)).toBe(403);
    expect(await linkStatus(first!.id, paula)).toBe(200);
    // Nobody reports what they cannot see.
    expect((await report(sam, first!.id)).status).toBe(404);

    expect((await adminAct('dismiss', first!.id)).status).toBe(200);
    expect(await fileRow(first!.id)).toMatchObject({ moderation: null });
    await taskWhen(taskId, (task) => task.photo?.thumb === first!.urls!.thumb);
    expect(await publicStatus(first!.urls!.thumb)).toBe(200);
    expect(await linkStatus(first!.id, sam)).toBe(200);
  });
});

describe("restoring what a file's reporters hid", () => {
  it('shows the file again, and the task its photo', async () => {
    const shot = await taskPhoto();
    const taskId = await postWithPhotos([shot]);
    for (const reporter of reporters) expect((await report(reporter, shot.id)).status).toBe(201);
    await taskWhen(taskId, (task) => task.photo === undefined && task.photos === undefined);
    expect(await adminAct('restore-group', shot.id)).toEqual({
      status: 200,
      body: {
        message: expect.stringMatching(
          /^Restored \d+ items?; closed \d+ reports? by 3 reporters\.$/,
        ) as string,
      },
    });
    expect(await fileRow(shot.id)).toMatchObject({ moderation: null, status: 'attached' });
    await taskWhen(taskId, (task) => task.photo?.thumb === shot.urls!.thumb);
    expect(await publicStatus(shot.urls!.thumb)).toBe(200);
  });
});

describe('an admin removes a single file', () => {
  it("with a reason and an audit line: 404 from then on, the task's thumbnail the next photo", async () => {
    const [first, second] = [await taskPhoto(), await taskPhoto()];
    const plan = await pdf(paula, 'task', 'plan.pdf');
    const taskId = await postWithPhotos([first!, second!], [plan.id]);
    expect(await adminAct('remove', first!.id, sam)).toEqual({
      status: 403,
      body: { message: expect.any(String) as string },
    });
    expect((await fileRow(first!.id)).status).toBe('attached');

    const removed = await adminAct('remove', first!.id);
    expect(removed).toEqual({
      status: 200,
      body: {
        message: `The file “${first!.name}” on the task “Design a logo for a bakery” is removed.`,
      },
    });
    expect(await fileRow(first!.id)).toMatchObject({
      status: 'removed',
      moderation: 'removed',
      moderation_reason: 'A photo of a stranger’s house number',
    });
    const row = await readTaskRow(t, taskId);
    expect(Number(row.file_count)).toBe(2);
    expect(second!.urls!.thumb).toContain(row.photo_key!);
    await taskWhen(
      taskId,
      (task) =>
        task.photo?.thumb === second!.urls!.thumb &&
        task.photos?.length === 1 &&
        task.files?.length === 1,
    );
    expect(await publicStatus(first!.urls!.thumb)).toBe(404);
    expect(await publicStatus(first!.urls!.thumb, paula)).toBe(404);
    expect(await linkStatus(first!.id, paula)).toBe(404);
    const audit = await t.db
      .selectFrom('admin_actions')
      .select(['action', 'admin_id', 'target_type', 'reason'])
      .where('target_id', '=', first!.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'remove',
        admin_id: admin.id,
        target_type: 'file',
        reason: 'A photo of a stranger’s house number',
      },
    ]);
    const log = (await call(t, 'GET', `/api/admin/actions?targetId=${first!.id}`, admin)).body as {
      targetName: string;
    }[];
    expect(log[0]!.targetName).toBe(`File “${first!.name}”`);
    // The uploader is told why.
    const notices = (await notificationsOf(t, paula)).items;
    expect(notices.map((notice) => notice.text)).toContain(
      `Tasklane removed the file “${first!.name}” on the task “Design a logo for a bakery”: “A photo of a stranger’s house number”`,
    );
  });

  it('leaves the same photo shown where another row of it is', async () => {
    const bytes = await sharp({
      create: { width: 77, height: 21, channels: 3, background: '#a52' },
    })
      .png()
      .toBuffer();
    const [mine, again] = [await taskPhoto(paula, bytes), await taskPhoto(paula, bytes)];
    await postWithPhotos([mine!]);
    await postWithPhotos([again!]);
    expect((await adminAct('remove', mine!.id)).status).toBe(200);
    expect(await publicStatus(again!.urls!.thumb)).toBe(200);
    expect((await adminAct('remove', again!.id)).status).toBe(200);
    expect(await publicStatus(again!.urls!.thumb)).toBe(404);
  });
});

describe("admins read a message's files only while handling a report", () => {
  let brief: FileView;
  let messageId: string;
  let taskPlan: FileView;
  beforeAll(async () => {
    ({ file: brief, messageId } = await messageWithFile('quote.pdf'));
    taskPlan = await pdf(paula, 'task', 'plan.pdf');
    await postTask(t, paula, { fileIds: [taskPlan.id] });
  });

  it('refuses without an open report, as to any third user; a task file stays readable', async () => {
    expect(await call(t, 'GET', `/api/files/${brief.id}/link`, admin)).toEqual({
      status: 403,
      body: { message: FILE_MESSAGES.notAllowed },
    });
    expect(await linkStatus(taskPlan.id, admin)).toBe(200);
  });

  it('opens it while a report on the file is open, and no longer once it is decided', async () => {
    expect((await report(paula, brief.id)).status).toBe(201);
    const link = await call(t, 'GET', `/api/files/${brief.id}/link`, admin);
    expect(link.status).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: (link.body as FileLink).url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect((await adminAct('dismiss', brief.id)).status).toBe(200);
    expect(await linkStatus(brief.id, admin)).toBe(403);
    // A link signed while the report was open is checked again on reading.
    expect(
      (await t.app.inject({ method: 'GET', url: (link.body as FileLink).url })).statusCode,
    ).toBe(403);
  });

  it('opens it while a report on its message is open', async () => {
    const reported = await call(t, 'POST', '/api/reports', paula, {
      itemType: 'message',
      itemId: messageId,
      reason: 'scam',
    });
    expect(reported.status).toBe(201);
    expect(await linkStatus(brief.id, admin)).toBe(200);
  });
});
