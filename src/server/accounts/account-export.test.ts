import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askQuestion, replyTo, sendMessage } from '../../../tests/support/conversations.ts';
import { call, hiredTask, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import {
  createTestApp,
  validTask,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';

/**
 * Issue 19 "Leave with your data": GET /api/me/export gives the signed-in user everything stored
 * about them, and nothing of anyone else's but names. Both engines.
 */
let t: TestApp;
let paula: TestUser;
let ada: TestUser;
let cy: TestUser;

beforeAll(async () => {
  t = await createTestApp({ MESSAGE_RATE_LIMIT_MAX: '1000' });
  paula = await t.signUp({ name: 'Paula Poster' });
  ada = await t.signUp({ name: 'Ada Freelancer' });
  cy = await t.signUp({ name: 'Cy Other' });
});
afterAll(async () => t.close());

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
});
