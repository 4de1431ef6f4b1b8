import { describe, expect, it } from 'vitest';
import {
  CONTACT_MASKS,
  CONVERSATION_MESSAGES,
  MESSAGE_MAX_LENGTH,
  type Message,
} from '../../shared/conversations.ts';
import { offerLink } from '../../shared/links.ts';
import { OFFER_MESSAGES, type Offer } from '../../shared/offers.ts';
import {
  askQuestion,
  replyTo,
  sendMessage,
  watchNotifications,
} from '../../../tests/support/conversations.ts';
import { act, call, makeOffer, postTask, refused } from '../../../tests/support/marketplace.ts';
import { createTestApp, useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { parseConfig } from '../config.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';

/** Each offer's private conversation (issue 10), on both engines. */

const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '10000' });
const [poster, author] = t.users('Paula Poster', 'Ada Author');
const [otherBidder, stranger] = t.users('Bo Bidder', 'Cy Stranger');

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const CONTACTS = 'Reach me at ada@example.com or 07700 900123.';
const MASKED = `Reach me at ${CONTACT_MASKS.email} or ${CONTACT_MASKS.phone}.`;

/** A task by the poster with an offer by the author and one by the other bidder. */
async function conversation() {
  const taskId = await postTask(t, poster);
  const offerId = await makeOffer(t, author, taskId);
  const otherOfferId = await makeOffer(t, otherBidder, taskId);
  return { taskId, offerId, otherOfferId };
}

async function messagesOf(offerId: string, user: TestUser): Promise<Message[]> {
  const answer = await call(t, 'GET', `/api/offers/${offerId}/messages`, user);
  expect(answer.status).toBe(200);
  return answer.body as Message[];
}

describe('POST and GET /api/offers/:id/messages', () => {
  it('let the poster and the offer author talk, in order, with names and no emails', async () => {
    const { taskId, offerId } = await conversation();
    const texts = [
      [poster, 'Could you start tomorrow?'],
      [author, '  Yes, first thing.  '],
      [poster, 'Great, <b>thanks</b>!'],
      [author, 'Line one\nline two'],
    ] as const;
    const ids: string[] = [];
    for (const [user, text] of texts) ids.push(await sendMessage(t, user, offerId, text));
    const summary = (user: TestUser) => ({
      _id: user.id,
      name: user.name,
      image: expect.any(String),
    });
    const expected = texts.map(([user, text], i) => ({
      _id: ids[i],
      offerId,
      taskId,
      // Trimmed and kept as text: HTML is not interpreted or escaped by the API.
      text: text.trim(),
      createdAt: expect.any(String),
      author: summary(user),
    }));
    for (const reader of [poster, author]) {
      const messages = await messagesOf(offerId, reader);
      expect(messages).toEqual(expected);
      const body = JSON.stringify(messages);
      expect(body).not.toContain(poster.email);
      expect(body).not.toContain(author.email);
    }
  });

  it('tell the other party, never the author, with a link to the conversation', async () => {
    const { taskId, offerId } = await conversation();
    const watch = await watchNotifications(t, [poster, author, otherBidder]);
    await sendMessage(t, author, offerId);
    await sendMessage(t, poster, offerId);
    const expected = (name: string) => [
      expect.objectContaining({
        type: 'message_received',
        text: `${name} sent you a message about “Design a logo for a bakery”.`,
        link: offerLink(taskId, offerId),
      }),
    ];
    expect(await watch.of(poster)).toEqual(expected('Ada Author'));
    expect(await watch.of(author)).toEqual(expected('Paula Poster'));
    expect(await watch.of(otherBidder)).toEqual([]);
  });

  it('refuse everybody else: another bidder and a stranger (403), anonymous (401)', async () => {
    const { offerId } = await conversation();
    await sendMessage(t, poster, offerId, 'Private to Ada.');
    const url = `/api/offers/${offerId}/messages`;
    for (const user of [otherBidder, stranger]) {
      const forbidden = { status: 403, body: { message: CONVERSATION_MESSAGES.notInConversation } };
      expect(await refused(t, 'POST', url, user, { text: 'Hi' })).toEqual(forbidden);
      expect(await call(t, 'GET', url, user)).toEqual(forbidden);
    }
    const anonymous = { status: 401, body: { message: SIGN_IN_REQUIRED } };
    expect(await refused(t, 'POST', url, undefined, { text: 'Hi' })).toEqual(anonymous);
    expect(await call(t, 'GET', url, undefined)).toEqual(anonymous);
  });

  it('answer 404 for unknown offers', async () => {
    for (const id of [UNKNOWN_ID, 'nope']) {
      const url = `/api/offers/${id}/messages`;
      const notFound = { status: 404, body: { message: OFFER_MESSAGES.offerNotFound } };
      expect(await refused(t, 'POST', url, poster, { text: 'Hi' })).toEqual(notFound);
      expect(await call(t, 'GET', url, poster)).toEqual(notFound);
    }
  });

  it.each([
    ['missing', undefined, CONVERSATION_MESSAGES.textRequired],
    ['blank', ' \n ', CONVERSATION_MESSAGES.textRequired],
    ['not text', 42, CONVERSATION_MESSAGES.textRequired],
    ['too long', 'x'.repeat(MESSAGE_MAX_LENGTH + 1), CONVERSATION_MESSAGES.messageTooLong],
  ])('refuse a %s text with 400 and store nothing', async (_name, text, message) => {
    const { offerId } = await conversation();
    expect(await refused(t, 'POST', `/api/offers/${offerId}/messages`, author, { text })).toEqual({
      status: 400,
      body: { message },
    });
  });

  it('take a message of exactly 2,000 characters', async () => {
    const { offerId } = await conversation();
    await sendMessage(t, author, offerId, 'x'.repeat(MESSAGE_MAX_LENGTH));
  });

  it('go on after the hire, and after the offer is declined', async () => {
    const { offerId, otherOfferId } = await conversation();
    await act(t, poster, `offers/${offerId}/accept`);
    await sendMessage(t, poster, offerId, 'Welcome aboard.');
    await sendMessage(t, otherBidder, otherOfferId, 'Maybe next time?');
    expect((await messagesOf(offerId, author)).map((m) => m.text)).toEqual(['Welcome aboard.']);
  });
});

describe('contact details in private messages and offers', () => {
  it('are masked for the other party until the hire; the author sees their own', async () => {
    const { offerId } = await conversation();
    await sendMessage(t, author, offerId, CONTACTS);
    await sendMessage(t, poster, offerId, 'Mine: paula@example.org');
    const texts = async (user: TestUser) => (await messagesOf(offerId, user)).map((m) => m.text);
    expect(await texts(author)).toEqual([CONTACTS, `Mine: ${CONTACT_MASKS.email}`]);
    expect(await texts(poster)).toEqual([MASKED, 'Mine: paula@example.org']);
    const stored = await t.db
      .selectFrom('messages')
      .select('text')
      .where('offer_id', '=', offerId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.text)).toContain(CONTACTS);
  });

  it('are shown between the poster and the hired freelancer only', async () => {
    const { taskId, offerId, otherOfferId } = await conversation();
    await sendMessage(t, author, offerId, CONTACTS);
    await sendMessage(t, otherBidder, otherOfferId, CONTACTS);
    await sendMessage(t, poster, otherOfferId, 'Call me: +44 20 7946 0958');
    await act(t, poster, `offers/${offerId}/accept`);

    const texts = async (id: string, user: TestUser) =>
      (await messagesOf(id, user)).map((m) => m.text);
    expect(await texts(offerId, poster)).toEqual([CONTACTS]);
    // The declined bidder and the poster are not the parties of this assignment.
    expect(await texts(otherOfferId, poster)).toEqual([MASKED, 'Call me: +44 20 7946 0958']);
    expect(await texts(otherOfferId, otherBidder)).toEqual([
      CONTACTS,
      `Call me: ${CONTACT_MASKS.phone}`,
    ]);

    await act(t, author, `tasks/${taskId}/reopen`, { reason: 'I am ill.' });
    expect(await texts(offerId, poster)).toEqual([MASKED]);
  });

  it("in an offer's message are masked for the poster until that offer is accepted", async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, author, taskId, { message: CONTACTS });
    await makeOffer(t, otherBidder, taskId, { message: CONTACTS });
    const offers = async (user: TestUser) => {
      const answer = await call(t, 'GET', `/api/tasks/${taskId}/offers`, user);
      expect(answer.status).toBe(200);
      return Object.fromEntries(
        (answer.body as Offer[]).map((offer) => [offer.bidder.name, offer.message]),
      );
    };
    expect(await offers(poster)).toEqual({ 'Ada Author': MASKED, 'Bo Bidder': MASKED });
    expect(await offers(author)).toEqual({ 'Ada Author': CONTACTS });
    await act(t, poster, `offers/${offerId}/accept`);
    expect(await offers(poster)).toEqual({ 'Ada Author': CONTACTS, 'Bo Bidder': MASKED });
    expect(await offers(otherBidder)).toEqual({ 'Bo Bidder': CONTACTS });
  });
});

describe('the per-user write limit', () => {
  it('answers 429 past MESSAGE_RATE_LIMIT_MAX in a window, counting questions and replies too', async () => {
    const limited = await createTestApp({ MESSAGE_RATE_LIMIT_MAX: '3' });
    try {
      const [p, a, b] = [
        await limited.signUp({ name: 'P' }),
        await limited.signUp({ name: 'A' }),
        await limited.signUp({ name: 'B' }),
      ];
      const taskId = await postTask(limited, p);
      const offerId = await makeOffer(limited, a, taskId);
      const questionId = await askQuestion(limited, a, taskId);
      await replyTo(limited, a, questionId);
      await sendMessage(limited, a, offerId, 'Third write.');
      const tooFast = { status: 429, body: { message: CONVERSATION_MESSAGES.tooFast } };
      for (const url of [
        `/api/offers/${offerId}/messages`,
        `/api/tasks/${taskId}/questions`,
        `/api/questions/${questionId}/replies`,
      ]) {
        expect(await refused(limited, 'POST', url, a, { text: 'Flood' })).toEqual(tooFast);
      }
      // Each user has their own count.
      await sendMessage(limited, p, offerId, 'The poster is not limited by Ada.');
      await askQuestion(limited, b, taskId);
      // A new window starts once this one is over (a minute by default).
      const minuteAgo = new Date(Date.now() - 61_000).toISOString();
      await limited.db
        .updateTable('conversation_rate_limits')
        .set({ window_started_at: minuteAgo })
        .where('user_id', '=', a.id)
        .execute();
      await sendMessage(limited, a, offerId, 'Back again.');
      await sendMessage(limited, a, offerId, 'And again.');
    } finally {
      await limited.close();
    }
  });

  it('is 30 writes a minute by default', () => {
    expect(parseConfig({}).writeLimit).toEqual({ max: 30, windowMs: 60_000 });
  });
});
