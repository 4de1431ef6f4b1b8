import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askQuestion, replyTo, sendMessage } from '../../../tests/support/conversations.ts';
import { act, call, hiredTask, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import { PDF, pdfUpload, photo, uploaded } from '../../../tests/support/files.ts';
import { PAYMENTS_ENV, paidHire, runPaymentJobs } from '../../../tests/support/payments.ts';
import {
  createTestApp,
  useTestApp,
  validTask,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';

/**
 * Issue 19 "Leave with your data": GET /api/me/export gives the signed-in user everything stored
 * about them, and nothing of anyone else's but names. Both engines.
 */
const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '1000' });
const [paula, ada, cy] = t.users('Paula Poster', 'Ada Freelancer', 'Cy Other');

describe('GET /api/me/export', () => {
  it('holds my profile, tasks, offers, conversations, questions, reviews, notifications and settings', async () => {
    const mine = await postTask(t, paula, validTask({ title: 'Paula export task' }));
    const theirs = await postTask(t, cy, validTask({ title: 'Cy task' }));
    const offerId = await makeOffer(t, ada, mine);
    await makeOffer(t, paula, theirs);
    await sendMessage(t, ada, offerId, 'A question from Ada');
    await sendMessage(t, paula, offerId, 'An answer from Paula');
    const questionId = await askQuestion(t, paula, theirs, 'Paula asks Cy');
    await replyTo(t, paula, questionId, 'Paula adds a reply');
    const { taskId } = await hiredTask(t, paula, ada, 'completed');
    await call(t, 'POST', `/api/tasks/${taskId}/reviews`, paula, { rating: 5, comment: 'Great' });
    await call(t, 'POST', `/api/tasks/${taskId}/reviews`, ada, { rating: 4, comment: 'Clear' });
    await call(t, 'POST', '/api/me/saved-searches', paula, { name: 'Logos', query: { q: 'logo' } });
    await call(t, 'PUT', '/api/me/mail-preferences', paula, { questions: 'off' });

    const answer = await t.request('GET', '/api/me/export', { user: paula });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="tasklane-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = answer.json();
    expect(data.profile).toMatchObject({ id: paula.id, email: paula.email, name: 'Paula Poster' });
    expect(data.tasks.map((task: { title: string }) => task.title)).toContain('Paula export task');
    expect(data.tasks.every((task: { user_id: string }) => task.user_id === paula.id)).toBe(true);
    expect(data.offers).toHaveLength(1);
    expect(data.messages.map((m: { text: string }) => m.text)).toEqual([
      'A question from Ada',
      'An answer from Paula',
    ]);
    expect(data.messages[0].author_name).toBe('Ada Freelancer');
    expect(data.questions.map((q: { text: string }) => q.text)).toEqual(['Paula asks Cy']);
    expect(data.replies.map((r: { text: string }) => r.text)).toEqual(['Paula adds a reply']);
    expect(data.reviewsWritten).toHaveLength(1);
    expect(data.reviewsReceived).toMatchObject([{ rating: 4, reviewer_name: 'Ada Freelancer' }]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.savedSearches).toMatchObject([{ name: 'Logos' }]);
    expect(data.emailSettings).toMatchObject({ questions: 'off', new_offer: 'instant' });
    // Nobody else's email address, and no keys to the account.
    const text = answer.body;
    for (const other of [ada, cy]) expect(text).not.toContain(other.email);
    expect(text).not.toMatch(/password|token/i);
  });

  it('is for the signed-in user only', async () => {
    expect((await call(t, 'GET', '/api/me/export')).status).toBe(401);
  });

  it('lists my files (issue 49) with download links that work for me alone', async () => {
    const plan = await uploaded(t, paula, pdfUpload('plan.pdf'));
    const wall = await uploaded(t, paula, await photo('wall.png'));
    await postTask(t, paula, validTask({ fileIds: [plan.id] }));
    const gone = await uploaded(t, paula, { ...(await photo('gone.png')), purpose: 'avatar' });
    await t.db.updateTable('files').set({ status: 'removed' }).where('id', '=', gone.id).execute();
    await uploaded(t, cy, await photo('not-mine.png'));

    const { files } = (await call(t, 'GET', '/api/me/export', paula)).body as {
      files: Record<string, unknown>[];
    };
    expect(files).toEqual([
      {
        id: plan.id,
        name: 'plan.pdf',
        type: 'application/pdf',
        size_bytes: PDF.length,
        purpose: 'task',
        created_at: expect.any(String) as string,
        download_url: expect.stringMatching(`^/api/files/${plan.id}/download\\?`) as string,
        download_expires_at: expect.any(String) as string,
      },
      expect.objectContaining({ id: wall.id, name: 'wall.png', type: 'image/png' }),
    ]);
    const download = (url: unknown) => t.app.inject({ method: 'GET', url: url as string });
    const got = await download(files[0]!.download_url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect((await download(files[1]!.download_url)).headers['content-type']).toBe('image/webp');
    // Signed for me: the same link with another reader's id is refused.
    const forged = String(files[0]!.download_url).replace(`u=${paula.id}`, `u=${cy.id}`);
    expect((await download(forged)).statusCode).toBe(403);
  });
});

describe('GET /api/me/export with payments (issue 47)', () => {
  let m: TestApp;
  let cy: TestUser;
  beforeAll(async () => {
    m = await createTestApp(PAYMENTS_ENV);
    cy = await m.signUp({ name: 'Cy Other' });
  });
  afterAll(async () => m.close());

  it('holds the money either side (payments, receipts, payouts) and the blocks and reports I made', async () => {
    const poster = await m.signUp({ name: 'Pam Payer' });
    const freelancer = await m.signUp({ name: 'Fay Payee' });
    const { taskId } = await paidHire(m, poster, freelancer, 'delivered', 80);
    await act(m, poster, `tasks/${taskId}/complete`);
    expect(
      (await call(m, 'PUT', '/api/me/payout-account', freelancer, { name: 'Fay Bank' })).status,
    ).toBe(200);
    expect((await call(m, 'POST', '/api/me/payouts', freelancer, {})).status).toBe(201);
    await runPaymentJobs(m);
    await call(m, 'POST', `/api/users/${cy.id}/block`, poster);
    const cysTask = await postTask(m, cy, validTask({ title: 'Cy reported task' }));
    expect(
      (
        await call(m, 'POST', '/api/reports', poster, {
          itemType: 'task',
          itemId: cysTask,
          reason: 'spam',
          note: 'Looks like spam',
        })
      ).status,
    ).toBe(201);

    const exportOf = async (user: TestUser) =>
      (await call(m, 'GET', '/api/me/export', user)).body as Record<string, unknown[]>;
    const paid = await exportOf(poster);
    const payment = {
      task_id: taskId,
      payer_name: 'Pam Payer',
      payee_name: 'Fay Payee',
      amount_cents: 8000,
      total_cents: 8400,
      status: 'released',
    };
    expect(paid.payments).toMatchObject([payment]);
    expect(paid.receipts).toMatchObject([{ kind: 'payment', task_id: taskId, total_cents: 8400 }]);
    expect(paid.payouts).toEqual([]);
    expect(paid.blocks).toMatchObject([{ blocked_name: 'Cy Other' }]);
    expect(paid.reportsMade).toMatchObject([
      { item_type: 'task', item_id: cysTask, reason: 'spam', note: 'Looks like spam' },
    ]);

    const earned = await exportOf(freelancer);
    expect(earned.payments).toMatchObject([payment]);
    expect(earned.receipts).toMatchObject([
      { kind: 'release', total_cents: 7200 },
      { kind: 'payout', total_cents: 7200 },
    ]);
    expect(earned.payouts).toMatchObject([
      { amount_cents: 7200, destination: expect.any(String), status: 'paid' },
    ]);
    expect(earned.blocks).toEqual([]);
    expect(earned.reportsMade).toEqual([]);
    // The other side appears by name only.
    const text = JSON.stringify(earned);
    expect(text).not.toContain(poster.email);
  });
});
