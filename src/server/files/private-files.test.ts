import { beforeAll, describe, expect, it } from 'vitest';
import {
  FILE_MESSAGES,
  type FileLink,
  type FileView,
  type UploadCreated,
} from '../../shared/files.ts';
import { photo, pngOf, startUpload, uploaded } from '../../../tests/support/files.ts';
import { call, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import {
  APP_ORIGIN,
  TEST_SECRET,
  useTestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';
import { createLinkSigner } from './file-links.ts';
import { removeUnattachedUploads } from './files.service.ts';
import { createStorage } from './storage.ts';

/**
 * Issue 49 on both engines: files sent in a private message are the two parties' alone (and
 * admins'), through signed links checked on every read: refused to a third user, a visitor,
 * an expired or forged link and across a block. The sweep removes uploads never attached.
 */

const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '10000' });
const [paula, gina, sam] = t.users('Paula Poster', 'Gina Freelancer', 'Sam Stranger');
let offerId: string;

beforeAll(async () => {
  const taskId = await postTask(t, paula);
  offerId = await makeOffer(t, gina, taskId);
});

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const sendWithFiles = (user: TestUser, fileIds: string[], text = 'Here is my portfolio.') =>
  call(t, 'POST', `/api/offers/${offerId}/messages`, user, { text, fileIds });
const linkOf = (fileId: string, user?: TestUser) =>
  call(t, 'GET', `/api/files/${fileId}/link`, user);
const download = (url: string) => call(t, 'GET', url);
const refused = { status: 403, body: { message: FILE_MESSAGES.notAllowed } };

describe('files in a private message', () => {
  let portfolio: FileView;
  let shot: FileView;
  beforeAll(async () => {
    portfolio = await uploaded(t, gina, {
      name: 'portfolio.pdf',
      type: 'application/pdf',
      purpose: 'message',
      bytes: PDF,
    });
    shot = await uploaded(t, gina, { ...(await photo('logo-draft.png')), purpose: 'message' });
    expect((await sendWithFiles(gina, [portfolio.id, shot.id])).status).toBe(201);
  });

  it('are listed with the message, private: no public address, a link per reader', async () => {
    expect(shot.urls).toBeNull();
    const messages = await call(t, 'GET', `/api/offers/${offerId}/messages`, paula);
    const [message] = messages.body as { files: FileView[] }[];
    expect(message!.files.map((file) => file.id).sort()).toEqual([portfolio.id, shot.id].sort());
    expect(message!.files.every((file) => file.urls === null)).toBe(true);
    const link = await linkOf(portfolio.id, paula);
    expect(link.status).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: (link.body as FileLink).url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
    // A photo comes as its re-encoded WebP, under its name with that extension.
    const image = await t.app.inject({
      method: 'GET',
      url: ((await linkOf(shot.id, paula)).body as FileLink).url,
    });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-disposition']).toMatch(/filename="logo-draft.webp"/);
  });

  it('are refused to a third user, a visitor, and a link made for another or expired', async () => {
    expect(await linkOf(portfolio.id, sam)).toEqual(refused);
    expect(await linkOf(portfolio.id)).toEqual(refused);
    const signer = createLinkSigner(TEST_SECRET, 60_000);
    expect(await download(signer.linkTo(portfolio.id, sam.id).url)).toEqual(refused);
    expect(await download(signer.linkTo(portfolio.id, undefined).url)).toEqual(refused);
    expect(await download(signer.linkTo(portfolio.id, paula.id, Date.now() - 61_000).url)).toEqual({
      status: 403,
      body: { message: FILE_MESSAGES.linkExpired },
    });
  });

  it('are refused across a block, links given before it included', async () => {
    const { url } = (await linkOf(portfolio.id, paula)).body as FileLink;
    expect((await call(t, 'POST', `/api/users/${gina.id}/block`, paula)).status).toBe(200);
    expect(await linkOf(portfolio.id, paula)).toEqual(refused);
    expect(await download(url)).toEqual(refused);
    // The uploader keeps their own.
    expect((await linkOf(portfolio.id, gina)).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/users/${gina.id}/block`, paula)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('must be the author’s ready uploads made for messages, at most 5', async () => {
    const forTask = await uploaded(t, gina, { ...(await photo('task.png')), purpose: 'task' });
    expect(await sendWithFiles(gina, [forTask.id])).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.wrongPurpose },
    });
    const papers = await uploaded(t, paula, {
      name: 'brief.txt',
      type: 'text/plain',
      purpose: 'message',
      bytes: Buffer.from('The brief.\n'),
    });
    expect(await sendWithFiles(gina, [papers.id])).toEqual({
      status: 403,
      body: { message: FILE_MESSAGES.notOwner },
    });
    expect(await sendWithFiles(gina, ['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.tooMany(5, 'files') },
    });
    // The poster sends theirs back the other way.
    expect((await sendWithFiles(paula, [papers.id], 'The brief, as promised.')).status).toBe(201);
    expect((await linkOf(papers.id, gina)).status).toBe(200);
  });
});

describe('the sweep of uploads never attached', () => {
  it('removes those older than a day, with their bytes, and leaves the rest', async () => {
    const old = await uploaded(t, sam, {
      name: 'old.pdf',
      type: 'application/pdf',
      purpose: 'task',
      bytes: PDF,
    });
    const pending = await startUpload(t, sam, {
      name: 'never-sent.png',
      type: 'image/png',
      purpose: 'task',
      size: 100,
    });
    const pendingId = (pending.body as UploadCreated).id;
    const fresh = await uploaded(t, sam, { ...(await photo('fresh.png')), purpose: 'task' });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    await t.db
      .updateTable('files')
      .set({ created_at: twoDaysAgo })
      .where('id', 'in', [old.id, pendingId])
      .execute();
    const storage = await createStorage(t.config.files.storage);
    const row = (id: string) =>
      t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const oldKey = (await row(old.id)).storage_key;
    expect(await storage.open(oldKey)).toBeDefined();

    expect(await removeUnattachedUploads({ db: t.db, storage })).toBe(2);
    expect(await row(old.id)).toMatchObject({ status: 'removed' });
    expect((await row(old.id)).purged_at).not.toBeNull();
    expect(await row(pendingId)).toMatchObject({ status: 'removed' });
    expect(await storage.open(oldKey)).toBeUndefined();
    expect(await row(fresh.id)).toMatchObject({ status: 'ready', purged_at: null });
    expect((await t.app.inject({ method: 'GET', url: fresh.urls!.thumb })).statusCode).toBe(200);
    expect(await removeUnattachedUploads({ db: t.db, storage })).toBe(0);
  });

  it("keeps an avatar its owner's photo points at, as the profile's, and removes one not in use", async () => {
    const inUse = await uploaded(t, gina, { ...(await photo('me.png')), purpose: 'avatar' });
    const dropped = await uploaded(t, gina, {
      ...(await photo('old-me.png')),
      bytes: await pngOf(32, 32),
      purpose: 'avatar',
    });
    const image = `${APP_ORIGIN}${inUse.urls!.full}`;
    expect(
      (await call(t, 'POST', '/api/auth/update-user', gina, { name: gina.name, image })).status,
    ).toBe(200);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    await t.db
      .updateTable('files')
      .set({ created_at: twoDaysAgo })
      .where('id', 'in', [inUse.id, dropped.id])
      .execute();
    const storage = await createStorage(t.config.files.storage);

    expect(await removeUnattachedUploads({ db: t.db, storage })).toBe(1);
    const row = (id: string) =>
      t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row(inUse.id)).toMatchObject({
      status: 'attached',
      attached_type: 'profile',
      attached_id: gina.id,
    });
    expect(await row(dropped.id)).toMatchObject({ status: 'removed' });
    expect((await t.app.inject({ method: 'GET', url: inUse.urls!.thumb })).statusCode).toBe(200);
  });
});
