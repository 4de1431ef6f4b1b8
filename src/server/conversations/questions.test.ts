import { describe, expect, it } from 'vitest';
import {
  CONTACT_MASKS,
  CONVERSATION_MESSAGES,
  QUESTION_MAX_LENGTH,
  type Question,
} from '../../shared/conversations.ts';
import { questionLink } from '../../shared/links.ts';
import { TASK_FIELD_MESSAGES } from '../../shared/tasks.ts';
import { askQuestion, replyTo, watchNotifications } from '../../../tests/support/conversations.ts';
import {
  act,
  call,
  hiredTask,
  makeOffer,
  postTask,
  refused,
} from '../../../tests/support/marketplace.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';

/** Public questions on a task and their threads (issue 10), on both engines. */

const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '10000' });
const [poster, asker] = t.users('Paula Poster', 'Ada Asker');
const [bidder, stranger] = t.users('Bo Bidder', 'Cy Stranger');

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const CONTACTS = 'Mail me at ada.asker@example.com or call +1 (555) 123-4567.';
const MASKED = `Mail me at ${CONTACT_MASKS.email} or call ${CONTACT_MASKS.phone}.`;

async function questionsOf(taskId: string, user: TestUser): Promise<Question[]> {
  const answer = await call(t, 'GET', `/api/tasks/${taskId}/questions`, user);
  expect(answer.status).toBe(200);
  return answer.body as Question[];
}

describe('POST /api/tasks/:id/questions', () => {
  it('lets any signed-in user ask; the text is stored trimmed and the poster is told', async () => {
    const taskId = await postTask(t, poster);
    const watch = await watchNotifications(t, [poster, asker]);
    const answer = await call(t, 'POST', `/api/tasks/${taskId}/questions`, asker, {
      text: '  Which file formats?  ',
    });
    expect(answer.status).toBe(201);
    const id = (answer.body as { insertedId: string }).insertedId;
    const row = await t.db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ task_id: taskId, asker_id: asker.id, text: 'Which file formats?' });
    expect(await watch.of(asker)).toEqual([]);
    expect(await watch.of(poster)).toEqual([
      expect.objectContaining({
        type: 'question_asked',
        text: 'Ada Asker asked a question on “Design a logo for a bakery”.',
        link: questionLink(taskId, id),
        readAt: null,
      }),
    ]);
    // A bidder, a stranger and the poster may ask as well; the poster's own is told to nobody.
    for (const user of [bidder, stranger, poster]) await askQuestion(t, user, taskId);
    expect((await watch.of(poster)).map((n) => n.type)).toEqual(Array(3).fill('question_asked'));
  });

  it.each([
    ['missing', undefined, CONVERSATION_MESSAGES.textRequired],
    ['blank', '   ', CONVERSATION_MESSAGES.textRequired],
    ['too long', 'x'.repeat(QUESTION_MAX_LENGTH + 1), CONVERSATION_MESSAGES.questionTooLong],
  ])('refuses a %s text with 400 and stores nothing', async (_name, text, message) => {
    const taskId = await postTask(t, poster);
    const url = `/api/tasks/${taskId}/questions`;
    expect(await refused(t, 'POST', url, asker, { text })).toEqual({
      status: 400,
      body: { message },
    });
  });

  it('takes a question of exactly 1,000 characters', async () => {
    const taskId = await postTask(t, poster);
    await askQuestion(t, asker, taskId, 'x'.repeat(QUESTION_MAX_LENGTH));
  });

  it('refuses anonymous visitors (401) and unknown tasks (404)', async () => {
    const taskId = await postTask(t, poster);
    expect(
      await refused(t, 'POST', `/api/tasks/${taskId}/questions`, undefined, { text: 'Hi?' }),
    ).toEqual({ status: 401, body: { message: SIGN_IN_REQUIRED } });
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect(
        await refused(t, 'POST', `/api/tasks/${id}/questions`, asker, { text: 'Hi?' }),
      ).toEqual({ status: 404, body: { message: TASK_FIELD_MESSAGES.taskNotFound } });
    }
  });
});

describe('POST /api/questions/:id/replies', () => {
  it('lets the poster and the asker reply; each tells the other, never themselves', async () => {
    const taskId = await postTask(t, poster);
    const questionId = await askQuestion(t, asker, taskId);
    const watch = await watchNotifications(t, [poster, asker, bidder]);
    await replyTo(t, poster, questionId, 'SVG and PNG.');
    expect(await watch.of(poster)).toEqual([]);
    expect(await watch.of(asker)).toEqual([
      expect.objectContaining({
        type: 'question_replied',
        text: 'Paula Poster replied to a question on “Design a logo for a bakery”.',
        link: questionLink(taskId, questionId),
      }),
    ]);
    await replyTo(t, asker, questionId, 'Thanks!');
    expect((await watch.of(poster)).map((n) => [n.type, n.text])).toEqual([
      ['question_replied', 'Ada Asker replied to a question on “Design a logo for a bakery”.'],
    ]);
    expect(await watch.of(asker)).toHaveLength(1);
    expect(await watch.of(bidder)).toEqual([]);
  });

  it('refuses everybody else (403), anonymous visitors (401), unknown questions (404)', async () => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, bidder, taskId);
    expect(offerId).toEqual(expect.any(String));
    const questionId = await askQuestion(t, asker, taskId);
    const url = `/api/questions/${questionId}/replies`;
    for (const user of [bidder, stranger]) {
      expect(await refused(t, 'POST', url, user, { text: 'Me too!' })).toEqual({
        status: 403,
        body: { message: CONVERSATION_MESSAGES.notInThread },
      });
    }
    expect(await refused(t, 'POST', url, undefined, { text: 'Me too!' })).toEqual({
      status: 401,
      body: { message: SIGN_IN_REQUIRED },
    });
    for (const id of [UNKNOWN_ID, 'nope']) {
      const unknown = `/api/questions/${id}/replies`;
      expect(await refused(t, 'POST', unknown, poster, { text: 'Yes.' })).toEqual({
        status: 404,
        body: { message: CONVERSATION_MESSAGES.questionNotFound },
      });
    }
    expect(await refused(t, 'POST', url, poster, { text: ' ' })).toEqual({
      status: 400,
      body: { message: CONVERSATION_MESSAGES.textRequired },
    });
    expect(
      await refused(t, 'POST', url, poster, { text: 'x'.repeat(QUESTION_MAX_LENGTH + 1) }),
    ).toEqual({ status: 400, body: { message: CONVERSATION_MESSAGES.replyTooLong } });
  });
});

describe('GET /api/tasks/:id/questions', () => {
  it('shows every signed-in reader the questions newest first, replies oldest first', async () => {
    const taskId = await postTask(t, poster);
    const first = await askQuestion(t, asker, taskId, 'First question?');
    const second = await askQuestion(t, bidder, taskId, 'Second question?');
    await replyTo(t, poster, first, 'Reply one.');
    await replyTo(t, asker, first, 'Reply two.');
    await replyTo(t, poster, first, 'Reply three.');
    const summary = (user: TestUser) => ({
      _id: user.id,
      name: user.name,
      image: expect.any(String),
    });
    for (const reader of [poster, asker, bidder, stranger]) {
      const questions = await questionsOf(taskId, reader);
      expect(questions).toEqual([
        {
          _id: second,
          taskId,
          text: 'Second question?',
          createdAt: expect.any(String),
          asker: summary(bidder),
          replies: [],
        },
        {
          _id: first,
          taskId,
          text: 'First question?',
          createdAt: expect.any(String),
          asker: summary(asker),
          replies: [
            ['Reply one.', poster],
            ['Reply two.', asker],
            ['Reply three.', poster],
          ].map(([text, author]) => ({
            _id: expect.any(String),
            questionId: first,
            text,
            createdAt: expect.any(String),
            author: summary(author as TestUser),
          })),
        },
      ]);
      // Names link to profiles by id; no email anywhere.
      const body = JSON.stringify(questions);
      for (const user of [poster, asker, bidder]) expect(body).not.toContain(user.email);
    }
  });

  it('refuses anonymous visitors (401) and unknown tasks (404)', async () => {
    const taskId = await postTask(t, poster);
    await askQuestion(t, asker, taskId);
    expect(await call(t, 'GET', `/api/tasks/${taskId}/questions`, undefined)).toEqual({
      status: 401,
      body: { message: SIGN_IN_REQUIRED },
    });
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect(await call(t, 'GET', `/api/tasks/${id}/questions`, stranger)).toEqual({
        status: 404,
        body: { message: TASK_FIELD_MESSAGES.taskNotFound },
      });
    }
  });
});

describe('contact details in questions and replies', () => {
  it('are masked for everyone but the author until the task is assigned', async () => {
    const taskId = await postTask(t, poster);
    const questionId = await askQuestion(t, asker, taskId, CONTACTS);
    await replyTo(t, poster, questionId, 'Or write to paula@example.org, 0044 20 7946 0958.');
    const stored = await t.db
      .selectFrom('questions')
      .select('text')
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow();
    expect(stored.text).toBe(CONTACTS);

    const seenBy = async (user: TestUser) => {
      const [question] = await questionsOf(taskId, user);
      return [question!.text, question!.replies[0]!.text];
    };
    const posterReplyMasked = `Or write to ${CONTACT_MASKS.email}, ${CONTACT_MASKS.phone}.`;
    expect(await seenBy(asker)).toEqual([CONTACTS, posterReplyMasked]);
    expect(await seenBy(poster)).toEqual([
      MASKED,
      'Or write to paula@example.org, 0044 20 7946 0958.',
    ]);
    expect(await seenBy(stranger)).toEqual([MASKED, posterReplyMasked]);
  });

  it('are shown between the poster and the hired asker, and masked again on reopening', async () => {
    const taskId = await postTask(t, poster);
    const questionId = await askQuestion(t, asker, taskId, CONTACTS);
    await replyTo(t, poster, questionId, 'Call me: 555-123-4567.');
    const offerId = await makeOffer(t, asker, taskId);
    await act(t, poster, `offers/${offerId}/accept`);

    const seenBy = async (user: TestUser) => {
      const [question] = await questionsOf(taskId, user);
      return [question!.text, question!.replies[0]!.text];
    };
    expect(await seenBy(poster)).toEqual([CONTACTS, 'Call me: 555-123-4567.']);
    expect(await seenBy(asker)).toEqual([CONTACTS, 'Call me: 555-123-4567.']);
    expect(await seenBy(stranger)).toEqual([MASKED, `Call me: ${CONTACT_MASKS.phone}.`]);

    await act(t, poster, `tasks/${taskId}/reopen`, { reason: 'Plans changed.' });
    expect(await seenBy(poster)).toEqual([MASKED, 'Call me: 555-123-4567.']);
  });

  it('of a third party stay masked for the parties after the hire', async () => {
    const { taskId } = await hiredTask(t, poster, bidder);
    await askQuestion(t, stranger, taskId, CONTACTS);
    for (const user of [poster, bidder, asker]) {
      expect((await questionsOf(taskId, user))[0]!.text).toBe(MASKED);
    }
    expect((await questionsOf(taskId, stranger))[0]!.text).toBe(CONTACTS);
  });
});
