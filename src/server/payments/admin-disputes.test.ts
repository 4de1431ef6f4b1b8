import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../../tests/support/conversations.ts';
import { call } from '../../../tests/support/marketplace.ts';
import { PAYMENTS_ENV, paidHire } from '../../../tests/support/payments.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import type { AdminDispute } from '../../shared/payments.ts';
import { listMessagesOfOffers } from '../conversations/conversations.store.ts';

/**
 * Issue 47: the operators' disputes queue gives what a decision rests on beside the statements:
 * the offer, the conversation between the two and when the work was delivered. Both engines.
 */
const t = useTestApp({ ...PAYMENTS_ENV, MESSAGE_RATE_LIMIT_MAX: '1000' });
const admin = t.user({ name: 'Ada Admin' }, { admin: true });
const poster = t.user({ name: 'Pat Poster' });
const freelancer = t.user({ name: 'Fay Freelancer' });

describe('GET /api/admin/disputes', () => {
  it('shows the offer, the conversation and the delivery beside the statements', async () => {
    const { taskId, offerId } = await paidHire(t, poster, freelancer, 'delivered', 90);
    await sendMessage(t, poster, offerId, 'Please use our brand colours.');
    await sendMessage(t, freelancer, offerId, 'Done, all ten files are uploaded.');
    const reopened = await call(t, 'POST', `/api/tasks/${taskId}/reopen`, poster, {
      reason: 'Only six files arrived.',
    });
    expect(reopened.status).toBe(200);

    const queue = (await call(t, 'GET', '/api/admin/disputes?status=open', admin))
      .body as AdminDispute[];
    const item = queue.find((entry) => entry.task._id === taskId)!;
    const offer = await t.db
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', offerId)
      .executeTakeFirstOrThrow();
    const task = await t.db
      .selectFrom('tasks')
      .select('delivered_at')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(item.offer).toEqual({
      amountCents: 9000,
      message: offer.message,
      createdAt: offer.created_at,
    });
    expect(item.deliveredAt).toBe(task.delivered_at);
    expect(item.conversation.map((message) => [message.author.name, message.text])).toEqual([
      ['Pat Poster', 'Please use our brand colours.'],
      ['Fay Freelancer', 'Done, all ten files are uploaded.'],
    ]);
    expect(item.dispute.statements.map((statement) => statement.text)).toEqual([
      'Only six files arrived.',
    ]);
    // Nobody else reads it.
    expect((await call(t, 'GET', '/api/admin/disputes', freelancer)).status).toBe(403);
  });

  it('reads the latest messages of each offer, at most the cap a conversation shows', async () => {
    const first = await paidHire(t, poster, freelancer, 'delivered', 40);
    const second = await paidHire(t, poster, freelancer, 'delivered', 50);
    for (const text of ['one', 'two', 'three']) await sendMessage(t, poster, first.offerId, text);
    await sendMessage(t, freelancer, second.offerId, 'only');
    const rows = await listMessagesOfOffers(t.db, [first.offerId, second.offerId], 2);
    expect(rows.map((row) => [row.offer_id, row.author_name, row.text])).toEqual([
      [first.offerId, 'Pat Poster', 'two'],
      [first.offerId, 'Pat Poster', 'three'],
      [second.offerId, 'Fay Freelancer', 'only'],
    ]);
    expect(await listMessagesOfOffers(t.db, [], 2)).toEqual([]);
  });
});
