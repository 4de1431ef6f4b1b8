import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, type TaskDelivery } from '../../shared/delivery.ts';
import {
  FILE_MESSAGES,
  type FileLink,
  type FileView,
  type UploadCreated,
} from '../../shared/files.ts';
import { photo, startUpload, uploaded } from '../../../tests/support/files.ts';
import { act, call, readTaskRow } from '../../../tests/support/marketplace.ts';
import { paidHire, PAYMENTS_ENV } from '../../../tests/support/payments.ts';
import {
  APP_ORIGIN,
  GOOD_PASSWORD,
  TEST_SECRET,
  useTestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';
import { createLinkSigner } from '../files/file-links.ts';

/**
 * Issue 49 on both engines: "Mark as delivered" with a note and files. Each delivery is a row
 * (a new one for each round of changes), its files attached to it in the task's transaction;
 * the poster and the freelancer read them, nobody else (an admin only while deciding a
 * dispute of the task); bad input is refused and changes nothing; the spec's call without a
 * body works as before.
 */

const t = useTestApp({ ...PAYMENTS_ENV, MESSAGE_RATE_LIMIT_MAX: '10000' });
const [paula, gina, sam] = t.users('Paula Poster', 'Gina Freelancer', 'Sam Stranger');
const ada = t.user({ name: 'Ada Admin' }, { admin: true });
const quinn = t.user({ name: 'Quinn Quitter' });

const PDF = Buffer.from('%PDF-1.4\n% the logo, final\n%%EOF\n');
const pdf = (name = 'logo-final.pdf') => ({
  name,
  type: 'application/pdf',
  purpose: 'delivery',
  bytes: PDF,
});
const deliveryPhoto = async (name = 'logo-preview.png') => ({
  ...(await photo(name)),
  purpose: 'delivery',
});

const deliver = (taskId: string, body?: unknown, user: TestUser = gina) =>
  call(t, 'POST', `/api/tasks/${taskId}/deliver`, user, body);
const deliveryOf = async (taskId: string, user: TestUser = paula) => {
  const answer = await call(t, 'GET', `/api/tasks/${taskId}/delivery`, user);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as TaskDelivery;
};
const linkOf = (fileId: string, user?: TestUser) =>
  call(t, 'GET', `/api/files/${fileId}/link`, user);
const download = (url: string) => t.app.inject({ method: 'GET', url });
const notAllowed = { status: 403, body: { message: FILE_MESSAGES.notAllowed } };

const deliveryRows = (taskId: string) =>
  t.db
    .selectFrom('deliveries')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .execute();
const fileRow = (id: string) =>
  t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** What a delivery may change: the task's row, the deliveries, the files, the notifications. */
async function snapshot(taskId: string) {
  return {
    task: await readTaskRow(t, taskId),
    deliveries: await t.db.selectFrom('deliveries').selectAll().orderBy('id').execute(),
    files: await t.db.selectFrom('files').selectAll().orderBy('id').execute(),
    notifications: await t.db.selectFrom('notifications').selectAll().orderBy('id').execute(),
  };
}

describe('delivering with a note and files', () => {
  let taskId: string;
  let offerId: string;
  let report: FileView;
  let preview: FileView;
  beforeAll(async () => {
    ({ taskId, offerId } = await paidHire(t, paula, gina));
    report = await uploaded(t, gina, pdf());
    preview = await uploaded(t, gina, await deliveryPhoto());
    const answer = await deliver(taskId, {
      note: '  The logo in two colours; the PDF has the colour codes.  ',
      fileIds: [report.id, preview.id],
    });
    expect(answer).toEqual({ status: 200, body: { modifiedCount: 1 } });
  });

  it('keeps a delivery row, its note trimmed, with the files attached to it in order', async () => {
    const task = await readTaskRow(t, taskId);
    expect(task.delivered_at).not.toBeNull();
    const [row, ...others] = await deliveryRows(taskId);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      task_id: taskId,
      offer_id: offerId,
      freelancer_id: gina.id,
      note: 'The logo in two colours; the PDF has the colour codes.',
      created_at: task.delivered_at,
    });
    expect(await fileRow(report.id)).toMatchObject({
      status: 'attached',
      attached_type: 'delivery',
      attached_id: row!.id,
      position: 0,
    });
    expect(await fileRow(preview.id)).toMatchObject({
      status: 'attached',
      attached_type: 'delivery',
      attached_id: row!.id,
      position: 1,
    });
  });

  it('the poster reads the note and the files, and downloads them with the links given', async () => {
    const { deliveries } = await deliveryOf(taskId, paula);
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery!.note).toBe('The logo in two colours; the PDF has the colour codes.');
    expect(delivery!.files.map((file) => file.id)).toEqual([preview.id, report.id]);
    // Private: no public address for the photo, a link for this reader for each.
    expect(delivery!.files.every((file) => file.urls === null && file.downloadUrl)).toBe(true);
    const pdfView = delivery!.files.find((file) => file.id === report.id)!;
    expect(pdfView).toMatchObject({ kind: 'document', mime: 'application/pdf' });
    const got = await download(pdfView.downloadUrl!);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-disposition']).toMatch(/^attachment;.*logo-final\.pdf/);
    const image = await download(
      delivery!.files.find((file) => file.id === preview.id)!.downloadUrl!,
    );
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // The freelancer reads the same delivery.
    expect((await deliveryOf(taskId, gina)).deliveries.map((d) => d._id)).toEqual([delivery!._id]);
  });

  it('is refused to a third user and a visitor, and to an admin with no dispute', async () => {
    const before = await snapshot(taskId);
    expect(await call(t, 'GET', `/api/tasks/${taskId}/delivery`, sam)).toEqual({
      status: 403,
      body: { message: DELIVERY_MESSAGES.notParty },
    });
    expect((await call(t, 'GET', `/api/tasks/${taskId}/delivery`)).status).toBe(401);
    for (const reader of [sam, undefined, ada]) {
      expect(await linkOf(report.id, reader)).toEqual(notAllowed);
      expect(await linkOf(preview.id, reader)).toEqual(notAllowed);
    }
    // Links made for them (as if leaked or forged with the secret) are refused too.
    const signer = createLinkSigner(TEST_SECRET, 60_000);
    for (const reader of [sam.id, undefined, ada.id]) {
      const answer = await download(signer.linkTo(report.id, reader).url);
      expect(answer.statusCode).toBe(403);
    }
    expect(await snapshot(taskId)).toEqual(before);
  });

  it('is refused to the poster across a block', async () => {
    const { url } = (await linkOf(report.id, paula)).body as FileLink;
    expect((await call(t, 'POST', `/api/users/${gina.id}/block`, paula)).status).toBe(200);
    expect(await linkOf(report.id, paula)).toEqual(notAllowed);
    expect((await download(url)).statusCode).toBe(403);
    expect((await linkOf(report.id, gina)).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/users/${gina.id}/block`, paula)).status).toBe(200);
    expect((await download(url)).statusCode).toBe(200);
  });

  it('an admin opens the files while deciding a dispute of the task', async () => {
    const reason = { reason: 'The logo is not in the colours agreed.' };
    expect(await call(t, 'POST', `/api/tasks/${taskId}/dispute`, paula, reason)).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    const link = await linkOf(report.id, ada);
    expect(link.status).toBe(200);
    const got = await download((link.body as FileLink).url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    // Still nobody else.
    expect(await linkOf(report.id, sam)).toEqual(notAllowed);
    // Once decided, the admin's access ends with it.
    await t.db
      .updateTable('disputes')
      .set({ status: 'resolved' })
      .where('task_id', '=', taskId)
      .execute();
    expect(await linkOf(report.id, ada)).toEqual(notAllowed);
  });
});

describe('refusals', () => {
  let taskId: string;
  beforeAll(async () => {
    ({ taskId } = await paidHire(t, paula, gina));
  });

  it('of the note and the files say why, and change nothing: the task stays undelivered', async () => {
    const ready = await uploaded(t, gina, pdf('ready.pdf'));
    const forTask = await uploaded(t, gina, { ...pdf('task.pdf'), purpose: 'task' });
    const samsOwn = await uploaded(t, sam, pdf('sams.pdf'));
    const pending = await startUpload(t, gina, {
      name: 'still-uploading.pdf',
      type: 'application/pdf',
      purpose: 'delivery',
      size: 100,
    });
    const pendingId = (pending.body as UploadCreated).id;
    const six = await Promise.all(
      Array.from({ length: 6 }, (_, at) => uploaded(t, gina, pdf(`part-${at}.pdf`))),
    );
    const cases: [unknown, { status: number; body: { message: string } }][] = [
      [
        { note: 'x'.repeat(2001) },
        { status: 400, body: { message: DELIVERY_MESSAGES.deliveryNoteTooLong } },
      ],
      [
        { fileIds: six.map((file) => file.id) },
        { status: 400, body: { message: FILE_MESSAGES.tooMany(5, 'files') } },
      ],
      [
        { fileIds: [ready.id, samsOwn.id] },
        { status: 403, body: { message: FILE_MESSAGES.notOwner } },
      ],
      [
        { fileIds: [ready.id, pendingId] },
        { status: 400, body: { message: FILE_MESSAGES.notReady } },
      ],
      [{ fileIds: [forTask.id] }, { status: 400, body: { message: FILE_MESSAGES.wrongPurpose } }],
      [{ fileIds: ['no-such-file'] }, { status: 400, body: { message: FILE_MESSAGES.notFound } }],
    ];
    for (const [body, refusal] of cases) {
      const before = await snapshot(taskId);
      expect(await deliver(taskId, body), JSON.stringify(body).slice(0, 80)).toEqual(refusal);
      expect(await snapshot(taskId)).toEqual(before);
    }
    expect((await readTaskRow(t, taskId)).delivered_at).toBeNull();
    expect(await fileRow(ready.id)).toMatchObject({ status: 'ready', attached_id: null });
    // Someone not hired, with their own good file: the task's rule, nothing changed.
    const before = await snapshot(taskId);
    const stranger = await deliver(taskId, { note: 'Done!', fileIds: [samsOwn.id] }, sam);
    expect(stranger.status).toBe(403);
    expect(await snapshot(taskId)).toEqual(before);
  });
});

describe('rounds', () => {
  it("the spec's deliver without a body still works; each round's delivery is its own row", async () => {
    const { taskId } = await paidHire(t, paula, gina);
    // The spec's call: no body, no Content-Type.
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/tasks/${taskId}/deliver`,
      headers: { origin: APP_ORIGIN, cookie: gina.cookie },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toEqual({ modifiedCount: 1 });
    await act(t, paula, `tasks/${taskId}/changes`, { note: 'Please add a darker green.' });
    const fixed = await uploaded(t, gina, pdf('logo-darker.pdf'));
    await act(t, gina, `tasks/${taskId}/deliver`, {
      note: 'Darker green, as asked.',
      fileIds: [fixed.id],
    });

    const rows = await deliveryRows(taskId);
    expect(rows.map((row) => row.note)).toEqual([null, 'Darker green, as asked.']);
    const { deliveries, rounds } = await deliveryOf(taskId);
    expect(rounds).toHaveLength(1);
    expect(deliveries.map((d) => [d.note, d.files.map((file) => file.name)])).toEqual([
      [null, []],
      ['Darker green, as asked.', ['logo-darker.pdf']],
    ]);
    expect(deliveries.map((d) => d._id)).toEqual(rows.map((row) => row.id));
  });

  it("deleting a task removes its deliveries' files", async () => {
    const { taskId } = await paidHire(t, paula, gina);
    const file = await uploaded(t, gina, pdf('draft.pdf'));
    await act(t, gina, `tasks/${taskId}/deliver`, { fileIds: [file.id] });
    // The freelancer backs out: the task is open again, and its poster deletes it.
    await act(t, gina, `tasks/${taskId}/reopen`, { reason: 'I cannot finish this after all.' });
    expect((await call(t, 'DELETE', `/api/tasks/${taskId}`, paula)).status).toBe(200);
    expect(await deliveryRows(taskId)).toEqual([]);
    expect(await fileRow(file.id)).toMatchObject({ status: 'removed' });
    expect(await linkOf(file.id, gina)).toEqual({
      status: 404,
      body: { message: FILE_MESSAGES.notFound },
    });
  });

  it("a poster's account deletion removes the files delivered on the open tasks it deletes", async () => {
    const { taskId } = await paidHire(t, quinn, gina);
    const file = await uploaded(t, gina, pdf('first-draft.pdf'));
    await act(t, gina, `tasks/${taskId}/deliver`, { fileIds: [file.id] });
    await act(t, gina, `tasks/${taskId}/reopen`, { reason: 'I cannot finish this after all.' });
    const deleted = await call(t, 'POST', '/api/me/delete-account', quinn, {
      password: GOOD_PASSWORD,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await deliveryRows(taskId)).toEqual([]);
    expect(await fileRow(file.id)).toMatchObject({ status: 'removed' });
  });
});

describe('the OpenAPI description', () => {
  it('names the delivery body and the deliveries read', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    const deliver = paths['/api/tasks/{id}/deliver'].post;
    expect(JSON.stringify(deliver.requestBody)).toMatch(/"note".*"fileIds"/);
    const read = paths['/api/tasks/{id}/delivery'].get;
    expect(JSON.stringify(read.responses['200'])).toMatch(/"deliveries".*"downloadUrl"/);
  });
});
