import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES, type FileView, type UploadCreated } from '../../shared/files.ts';
import type { Task } from '../../shared/tasks.ts';
import { photo, startUpload, uploaded } from '../../../tests/support/files.ts';
import { call } from '../../../tests/support/marketplace.ts';
import {
  createTestApp,
  GOOD_PASSWORD,
  TEST_SECRET,
  validTask,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';
import { createLinkSigner } from './file-links.ts';
import { purgeRemovedFiles } from './files.service.ts';
import { createStorage } from './storage.ts';

/**
 * Issue 49 on both engines: a task's photos and documents, attached by the optional
 * `photoIds` and `fileIds` of the spec's create and edit bodies; the first photo's thumbnail
 * on lists and searches; documents through signed links; files removed with their task.
 */

let t: TestApp;
let paula: TestUser;
let sam: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  paula = await t.signUp({ name: 'Paula Poster' });
  sam = await t.signUp({ name: 'Sam Stranger' });
});
afterAll(async () => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const documentUpload = (name = 'plan.pdf') => ({
  name,
  type: 'application/pdf',
  purpose: 'task',
  bytes: PDF,
});
/**
 * Photos unlike any other of the file, so each has variants of its own (two uploads of the
 * same bytes share theirs, which stay while either is there).
 */
let photosMade = 0;
async function photos(count: number, user: TestUser = paula): Promise<FileView[]> {
  const sharp = (await import('sharp')).default;
  const made: FileView[] = [];
  for (let i = 0; i < count; i += 1) {
    photosMade += 1;
    const bytes = await sharp({
      create: { width: 40 + photosMade, height: 30, channels: 3, background: '#5a8' },
    })
      .png()
      .toBuffer();
    made.push(
      await uploaded(t, user, { name: `p${i}.png`, type: 'image/png', purpose: 'task', bytes }),
    );
  }
  return made;
}

const readTask = async (id: string, user?: TestUser) => {
  const answer = await call(t, 'GET', `/api/tasks/${id}`, user);
  expect(answer.status).toBe(200);
  return answer.body as Task;
};
const fileRow = (id: string) =>
  t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const taskCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('posting a task with photos and documents', () => {
  it('attaches them in order; the task shows them, lists and searches the first thumbnail', async () => {
    const [first, second] = await photos(2);
    const plan = await uploaded(t, paula, documentUpload());
    const posted = await call(
      t,
      'POST',
      '/api/tasks',
      paula,
      validTask({
        title: 'Paint the garden wall',
        photoIds: [second!.id, first!.id],
        fileIds: [plan.id],
      }),
    );
    expect(posted.status).toBe(201);
    const taskId = (posted.body as { insertedId: string }).insertedId;

    const task = await readTask(taskId);
    expect(task.photos!.map((p) => p.id)).toEqual([second!.id, first!.id]);
    expect(task.photos![0]).toEqual({ ...second, downloadUrl: undefined });
    expect(task.files).toEqual([{ ...plan, downloadUrl: undefined }]);
    expect(task.files![0]!.downloadUrl).toBeUndefined();
    expect(task.photo).toEqual({ thumb: second!.urls!.thumb, placeholder: second!.placeholder });
    expect(await fileRow(first!.id)).toMatchObject({
      status: 'attached',
      attached_type: 'task',
      attached_id: taskId,
      position: 1,
    });

    const list = await call(t, 'GET', '/api/tasks?limit=8');
    const listed = (list.body as Task[]).find((item) => item._id === taskId)!;
    expect(listed.photo).toEqual(task.photo);
    expect(listed.photos).toBeUndefined();
    expect(listed.files).toBeUndefined();

    const search = await call(t, 'GET', '/api/tasks/search?q=garden');
    const found = (search.body as { items: Task[] }).items.find((item) => item._id === taskId)!;
    expect(found.photo).toEqual(task.photo);
    expect(found.photos).toBeUndefined();
  });

  it("leaves the spec's calls as they were: no files, no new fields", async () => {
    const posted = await call(t, 'POST', '/api/tasks', paula, validTask());
    const task = await readTask((posted.body as { insertedId: string }).insertedId);
    expect(task).not.toHaveProperty('photo');
    expect(task).not.toHaveProperty('photos');
    expect(task).not.toHaveProperty('files');
  });

  it('refuses files that are not fit, and posts nothing', async () => {
    const before = await taskCount();
    const post = (body: Record<string, unknown>, user = paula) =>
      call(t, 'POST', '/api/tasks', user, validTask(body));
    const nine = await photos(9);
    expect(await post({ photoIds: nine.map((p) => p.id) })).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.tooMany(8, 'photos') },
    });
    const plan = await uploaded(t, paula, documentUpload());
    expect(await post({ photoIds: [plan.id] })).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.wrongKind('photos') },
    });
    expect(await post({ fileIds: [nine[0]!.id] })).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.wrongKind('documents') },
    });
    const [samsPhoto] = await photos(1, sam);
    expect(await post({ photoIds: [samsPhoto!.id] })).toEqual({
      status: 403,
      body: { message: FILE_MESSAGES.notOwner },
    });
    const pending = await startUpload(t, paula, {
      name: 'x.png',
      type: 'image/png',
      purpose: 'task',
      size: 10,
    });
    expect(await post({ photoIds: [(pending.body as UploadCreated).id] })).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.notReady },
    });
    const avatar = await uploaded(t, paula, { ...(await photo('me.png')), purpose: 'avatar' });
    expect(await post({ photoIds: [avatar.id] })).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.wrongPurpose },
    });
    expect(await post({ photoIds: ['no-such-file'] })).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.notFound },
    });
    expect(await taskCount()).toBe(before);
    expect((await fileRow(nine[0]!.id)).status).toBe('ready');
    // Attached to one task, a photo is not another's.
    expect((await post({ photoIds: [nine[0]!.id] })).status).toBe(201);
    expect(await post({ photoIds: [nine[0]!.id] })).toEqual({
      status: 409,
      body: { message: FILE_MESSAGES.alreadyAttached },
    });
  });
});

describe('editing', () => {
  it('replaces the photos with the list given, removing those left out; without one, keeps them', async () => {
    const [a, b] = await photos(2);
    const body = validTask({ title: 'Fix a fence', photoIds: [a!.id, b!.id] });
    const taskId = (
      (await call(t, 'POST', '/api/tasks', paula, body)).body as { insertedId: string }
    ).insertedId;
    const edit = (changes: Record<string, unknown>) =>
      call(t, 'PUT', `/api/tasks/${taskId}`, paula, {
        ...validTask({ title: 'Fix a fence' }),
        ...changes,
      });

    expect(await edit({ photoIds: [b!.id] })).toEqual({
      status: 200,
      body: { matchedCount: 1, modifiedCount: 1 },
    });
    expect((await fileRow(a!.id)).status).toBe('removed');
    const task = await readTask(taskId);
    expect(task.photos!.map((p) => p.id)).toEqual([b!.id]);
    expect(task.photo!.thumb).toBe(b!.urls!.thumb);
    expect((await t.app.inject({ method: 'GET', url: a!.urls!.thumb })).statusCode).toBe(404);

    // The spec's edit, without the new fields, changes no file.
    expect(await edit({ description: 'A fence of six panels, two of them loose.' })).toEqual({
      status: 200,
      body: { matchedCount: 1, modifiedCount: 1 },
    });
    expect((await readTask(taskId)).photos!.map((p) => p.id)).toEqual([b!.id]);
    // The same list again is no change.
    expect(
      await edit({ description: 'A fence of six panels, two of them loose.', photoIds: [b!.id] }),
    ).toEqual({ status: 200, body: { matchedCount: 1, modifiedCount: 0 } });
    // Only the poster edits.
    expect(
      (await call(t, 'PUT', `/api/tasks/${taskId}`, sam, { ...body, photoIds: [] })).status,
    ).toBe(403);
    expect(await edit({ photoIds: [] })).toEqual({
      status: 200,
      body: { matchedCount: 1, modifiedCount: 1 },
    });
    const bare = await readTask(taskId);
    expect(bare).not.toHaveProperty('photo');
    expect(bare).not.toHaveProperty('photos');
  });
});

describe("a task's documents", () => {
  let taskId: string;
  let plan: FileView;
  beforeAll(async () => {
    plan = await uploaded(t, paula, documentUpload('site plan.pdf'));
    const body = validTask({ title: 'Tile a bathroom', fileIds: [plan.id] });
    taskId = ((await call(t, 'POST', '/api/tasks', paula, body)).body as { insertedId: string })
      .insertedId;
  });

  it('download through a short-lived signed link, as an attachment that is never run', async () => {
    expect((await readTask(taskId)).files!.map((file) => file.id)).toEqual([plan.id]);
    const link = await call(t, 'GET', `/api/files/${plan.id}/link`);
    expect(link.status).toBe(200);
    const { url, expiresAt } = link.body as { url: string; expiresAt: string };
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(4 * 60 * 1000);
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="site plan.pdf"; filename*=UTF-8''site%20plan.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, no-store',
    });
  });

  it('refuses a forged or expired link', async () => {
    const { url } = (await call(t, 'GET', `/api/files/${plan.id}/link`, sam)).body as {
      url: string;
    };
    const forged = url.replace(/s=[^&]+/, 's=AAAA');
    expect(await call(t, 'GET', forged)).toEqual({
      status: 403,
      body: { message: FILE_MESSAGES.linkInvalid },
    });
    const signer = createLinkSigner(TEST_SECRET, 60_000);
    const old = signer.linkTo(plan.id, sam.id, Date.now() - 120_000);
    expect(await call(t, 'GET', old.url)).toEqual({
      status: 403,
      body: { message: FILE_MESSAGES.linkExpired },
    });
  });

  it('refuses a user the poster blocked, at the link and at every download', async () => {
    const bo = await t.signUp({ name: 'Bo Blocked' });
    const { url } = (await call(t, 'GET', `/api/files/${plan.id}/link`, bo)).body as {
      url: string;
    };
    expect((await call(t, 'POST', `/api/users/${bo.id}/block`, paula)).status).toBe(200);
    expect(await call(t, 'GET', `/api/files/${plan.id}/link`, bo)).toEqual({
      status: 403,
      body: { message: FILE_MESSAGES.notAllowed },
    });
    expect(await call(t, 'GET', url)).toEqual({
      status: 403,
      body: { message: FILE_MESSAGES.notAllowed },
    });
  });

  it('are not given while the task is hidden, except to its poster', async () => {
    const hidden = await uploaded(t, paula, documentUpload('hidden.pdf'));
    const [shot] = await photos(1);
    const body = validTask({ title: 'Hang shelves', fileIds: [hidden.id], photoIds: [shot!.id] });
    const id = ((await call(t, 'POST', '/api/tasks', paula, body)).body as { insertedId: string })
      .insertedId;
    const { url } = (await call(t, 'GET', `/api/files/${hidden.id}/link`)).body as { url: string };
    await t.db.updateTable('tasks').set({ moderation: 'hidden' }).where('id', '=', id).execute();
    expect((await call(t, 'GET', url)).status).toBe(403);
    expect((await call(t, 'GET', `/api/files/${hidden.id}/link`, sam)).status).toBe(403);
    expect((await call(t, 'GET', `/api/files/${hidden.id}/link`, paula)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: shot!.urls!.thumb })).statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: shot!.urls!.thumb,
      headers: { cookie: paula.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });
});

describe('deleting a task', () => {
  it('removes its files; the sweep deletes their bytes', async () => {
    const [shot] = await photos(1);
    const plan = await uploaded(t, paula, documentUpload('gone.pdf'));
    const body = validTask({ title: 'Move a sofa', photoIds: [shot!.id], fileIds: [plan.id] });
    const id = ((await call(t, 'POST', '/api/tasks', paula, body)).body as { insertedId: string })
      .insertedId;
    expect(await call(t, 'DELETE', `/api/tasks/${id}`, paula)).toEqual({
      status: 200,
      body: { deletedCount: 1 },
    });
    expect(await fileRow(shot!.id)).toMatchObject({ status: 'removed', purged_at: null });
    expect(await fileRow(plan.id)).toMatchObject({ status: 'removed' });
    expect((await t.app.inject({ method: 'GET', url: shot!.urls!.thumb })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/files/${plan.id}/link`, paula)).status).toBe(404);

    const storage = await createStorage(t.config.files.storage);
    expect(await purgeRemovedFiles({ db: t.db, storage })).toBeGreaterThanOrEqual(2);
    expect((await fileRow(shot!.id)).purged_at).not.toBeNull();
    if (t.config.files.storage.mode === 'local') {
      const dir = t.config.files.storage.dir;
      const sha = (await fileRow(shot!.id)).storage_key;
      expect(fs.existsSync(path.join(dir, 'public', `${sha}-thumb.webp`))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'documents', plan.id))).toBe(false);
    }
  });
});

describe('deleting an account', () => {
  it('removes their files, and clears the thumbnail of their tasks that stay', async () => {
    const dee = await t.signUp({ name: 'Dee Departing' });
    const [shot] = await photos(1, dee);
    const avatar = await uploaded(t, dee, { ...(await photo('dee.png')), purpose: 'avatar' });
    const body = validTask({ title: 'Clean windows', photoIds: [shot!.id] });
    const id = ((await call(t, 'POST', '/api/tasks', dee, body)).body as { insertedId: string })
      .insertedId;
    const deleted = await call(t, 'POST', '/api/me/delete-account', dee, {
      password: GOOD_PASSWORD,
    });
    expect(deleted.status).toBe(200);
    expect(await fileRow(shot!.id)).toMatchObject({ status: 'removed' });
    expect(await fileRow(avatar.id)).toMatchObject({ status: 'removed' });
    expect((await call(t, 'GET', `/api/tasks/${id}`)).status).toBe(404);
  });
});
