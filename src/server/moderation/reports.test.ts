import { beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES, REPORT_MESSAGES } from '../../shared/moderation.ts';
import type { NotificationPage } from '../../shared/notifications.ts';
import { TASK_FIELD_MESSAGES } from '../../shared/task-field-messages.ts';
import { askQuestion, sendMessage } from '../../../tests/support/conversations.ts';
import {
  call,
  hiredTask,
  makeOffer,
  postTask,
  readOfferRow,
  refused,
  validOffer,
} from '../../../tests/support/marketplace.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { qualifyReporters } from '../../../tests/support/reporters.ts';

/**
 * Issue 20 "Report": one report per reporter and item, hidden at REPORTS_TO_HIDE (3) different
 * reporters for everyone but its author and admins, then an admin's decision (dismiss, remove,
 * warn) told to the reporters and the author, each with its audit line. Both engines.
 */
const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '1000' });
const admin = t.user({ name: 'Ada Admin' }, { admin: true });
const author = t.user({ name: 'Avery Author' });
const stranger = t.user({ name: 'Stan Stranger' });
let reporters: TestUser[];

beforeAll(async () => {
  const signedUp = [];
  for (const name of ['Rita One', 'Rob Two', 'Ria Three']) signedUp.push(await t.signUp({ name }));
  // Issue 47: reports that hide an item come from accounts old enough, verified, apart.
  reporters = await qualifyReporters(t.db, signedUp);
});

const report = (user: TestUser | undefined, itemType: string, itemId: string, extra = {}) =>
  call(t, 'POST', '/api/reports', user, { itemType, itemId, reason: 'scam', ...extra });

/** Reports the item by all three reporters: it is hidden after the third. */
async function reportThrice(itemType: string, itemId: string) {
  for (const reporter of reporters) {
    expect((await report(reporter, itemType, itemId)).status).toBe(201);
  }
}

async function notificationsOf(user: TestUser) {
  return ((await call(t, 'GET', '/api/notifications', user)).body as NotificationPage).items;
}

const auditOf = (targetId: string) =>
  t.db
    .selectFrom('admin_actions')
    .select(['action', 'admin_id', 'reason'])
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .execute();

describe('POST /api/reports', () => {
  it('thanks the reporter once per item, refuses their own content, bad input and visitors', async () => {
    const taskId = await postTask(t, author);
    const [rita] = reporters as [TestUser];
    expect(await report(rita, 'task', taskId, { note: 'Asks for a deposit by wire' })).toEqual({
      status: 201,
      body: { message: REPORT_MESSAGES.thanks },
    });
    expect(await report(rita, 'task', taskId)).toEqual({
      status: 409,
      body: { message: REPORT_MESSAGES.already },
    });
    expect(await report(author, 'task', taskId)).toEqual({
      status: 403,
      body: { message: REPORT_MESSAGES.own },
    });
    expect(await report(rita, 'task', crypto.randomUUID())).toEqual({
      status: 404,
      body: { message: REPORT_MESSAGES.notFound },
    });
    expect(await report(rita, 'task', taskId, { reason: 'boring' })).toEqual({
      status: 400,
      body: { message: REPORT_MESSAGES.reasonInvalid },
    });
    const long = await report(stranger, 'task', taskId, { note: 'x'.repeat(1001) });
    expect(long).toEqual({ status: 400, body: { message: REPORT_MESSAGES.noteTooLong } });
    expect((await report(undefined, 'task', taskId)).status).toBe(401);
    const rows = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('item_id', '=', taskId)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        reporter_id: rita.id,
        author_id: author.id,
        reason: 'scam',
        note: 'Asks for a deposit by wire',
        status: 'open',
      }),
    ]);
  });

  it('lets only the recipient of a private message report it', async () => {
    const taskId = await postTask(t, author);
    const freelancer = reporters[0]!;
    const offerId = await makeOffer(t, freelancer, taskId);
    const messageId = await sendMessage(t, author, offerId, 'Pay me outside, cheaper');
    expect((await report(stranger, 'message', messageId)).status).toBe(404);
    expect((await report(author, 'message', messageId)).status).toBe(403);
    expect((await report(freelancer, 'message', messageId)).status).toBe(201);
  });
});

describe('three reports hide an item', () => {
  it('a task: gone from lists, search, its page and offers for all but its author and admins', async () => {
    const title = `Hidden scam task ${Date.now()}`;
    const taskId = await postTask(t, author, { title });
    const pending = await makeOffer(t, stranger, taskId);
    const questionId = await askQuestion(t, stranger, taskId, 'Is the deposit refundable?');
    const countBefore = ((await call(t, 'GET', '/api/tasks/count')).body as { total: number })
      .total;
    await reportThrice('task', taskId);
    expect(((await call(t, 'GET', '/api/tasks/count')).body as { total: number }).total).toBe(
      countBefore - 1,
    );
    // Nor its questions, reviews or a way to write there, and nothing in it to report.
    for (const path of ['questions', 'reviews']) {
      expect((await call(t, 'GET', `/api/tasks/${taskId}/${path}`, stranger)).status).toBe(404);
    }
    expect((await call(t, 'GET', `/api/tasks/${taskId}/questions`, author)).status).toBe(200);
    const ask = await call(t, 'POST', `/api/tasks/${taskId}/questions`, stranger, { text: 'Hi?' });
    expect(ask.status).toBe(404);
    expect((await report(admin, 'question', questionId)).status).toBe(404);

    const list = (await call(t, 'GET', '/api/tasks?limit=100', stranger)).body as { _id: string }[];
    expect(list.map((task) => task._id)).not.toContain(taskId);
    const search = await call(
      t,
      'GET',
      `/api/tasks/search?q=${encodeURIComponent(title)}`,
      stranger,
    );
    expect((search.body as { items: unknown[] }).items).toEqual([]);
    for (const reader of [stranger, undefined]) {
      expect((await call(t, 'GET', `/api/tasks/${taskId}`, reader)).status).toBe(404);
    }
    for (const reader of [author, admin]) {
      const page = await call(t, 'GET', `/api/tasks/${taskId}`, reader);
      expect(page.status).toBe(200);
      expect((page.body as { moderation: unknown }).moderation).toEqual({
        state: 'hidden',
        message: REPORT_MESSAGES.hidden,
      });
    }
    const own = await call(
      t,
      'GET',
      `/api/tasks?email=${encodeURIComponent(author.email)}&limit=100`,
      author,
    );
    expect((own.body as { _id: string }[]).map((task) => task._id)).toContain(taskId);

    // It takes nothing: others do not find it; its author is told why.
    const newcomer = reporters[1]!;
    expect(
      (await refused(t, 'POST', `/api/tasks/${taskId}/offers`, newcomer, validOffer())).status,
    ).toBe(404);
    expect((await refused(t, 'PATCH', `/api/tasks/${taskId}/bids`, newcomer)).status).toBe(404);
    expect(await refused(t, 'POST', `/api/offers/${pending}/accept`, author)).toEqual({
      status: 409,
      body: { message: MODERATION_MESSAGES.taskModerated },
    });
    // A fourth reporter finds nothing to report.
    expect((await report(admin, 'task', taskId)).status).toBe(404);
  });

  it('a question: gone from the thread for others; its asker sees it marked', async () => {
    const taskId = await postTask(t, author);
    const questionId = await askQuestion(t, stranger, taskId, 'Call me on my number instead?');
    await reportThrice('question', questionId);
    const threadOf = async (user: TestUser) =>
      (await call(t, 'GET', `/api/tasks/${taskId}/questions`, user)).body as {
        _id: string;
        moderation?: { state: string };
      }[];
    expect(await threadOf(author)).toEqual([]);
    expect(await threadOf(stranger)).toEqual([
      expect.objectContaining({
        _id: questionId,
        moderation: expect.objectContaining({ state: 'hidden' }),
      }),
    ]);
    expect((await threadOf(admin)).map((q) => q._id)).toEqual([questionId]);
  });

  it('a review: out of the profile and its rating', async () => {
    const client = await t.signUp({ name: 'Cleo Client' });
    const worker = await t.signUp({ name: 'Wes Worker' });
    const { taskId } = await hiredTask(t, client, worker, 'completed');
    await call(t, 'POST', `/api/tasks/${taskId}/reviews`, client, {
      rating: 1,
      comment: 'Awful liar',
    });
    await call(t, 'POST', `/api/tasks/${taskId}/reviews`, worker, { rating: 5 });
    const profile = async () =>
      (await call(t, 'GET', `/api/users/${worker.id}`, stranger)).body as {
        rating: { count: number };
        reviews: { _id: string }[];
      };
    const before = await profile();
    expect(before.rating.count).toBe(1);
    const reviewId = before.reviews[0]!._id;
    await reportThrice('review', reviewId);
    const after = await profile();
    expect(after.rating.count).toBe(0);
    expect(after.reviews).toEqual([]);
  });

  it('a profile: 404 for others; the person sees it marked', async () => {
    const fake = await t.signUp({ name: 'Fake Support Agent' });
    await reportThrice('user', fake.id);
    expect((await call(t, 'GET', `/api/users/${fake.id}`, stranger)).status).toBe(404);
    expect((await call(t, 'GET', `/api/users/${fake.id}`)).status).toBe(404);
    const own = await call(t, 'GET', `/api/users/${fake.id}`, fake);
    expect((own.body as { moderation: unknown }).moderation).toEqual({
      state: 'hidden',
      message: REPORT_MESSAGES.hidden,
    });
  });
});

describe("the operator's decisions", () => {
  it('the queue groups open reports by item, most reported first', async () => {
    expect((await call(t, 'GET', '/api/admin/reports', stranger)).status).toBe(403);
    const queue = (await call(t, 'GET', '/api/admin/reports', admin)).body as {
      reportCount: number;
      reasons: Record<string, number>;
      notes: unknown[];
      author: { _id: string };
    }[];
    expect(queue.length).toBeGreaterThan(0);
    const counts = queue.map((item) => item.reportCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(queue[0]).toMatchObject({ reportCount: 3, reasons: { scam: 3 } });
    expect(queue[0]!.notes).toHaveLength(3);
  });

  it('a task read (and kept) before it is hidden is not found after, even at once', async () => {
    const taskId = await postTask(t, author, { title: 'Read before hidden' });
    for (const reader of [stranger, undefined, stranger]) {
      expect((await call(t, 'GET', `/api/tasks/${taskId}`, reader)).status).toBe(200);
    }
    await reportThrice('task', taskId);
    for (const reader of [stranger, undefined]) {
      const answer = await call(t, 'GET', `/api/tasks/${taskId}`, reader);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: TASK_FIELD_MESSAGES.taskNotFound });
    }
    // Its author still reads it, marked, and a reader after them is still refused.
    const own = await call(t, 'GET', `/api/tasks/${taskId}`, author);
    expect((own.body as { moderation: { state: string } }).moderation.state).toBe('hidden');
    expect((await call(t, 'GET', `/api/tasks/${taskId}`, stranger)).status).toBe(404);
  });

  it('dismiss shows a hidden task again and tells each reporter, with one audit line', async () => {
    const taskId = await postTask(t, author, { title: 'Honest garden job' });
    await reportThrice('task', taskId);
    expect((await call(t, 'GET', `/api/tasks/${taskId}`, stranger)).status).toBe(404);
    const refusedToUser = await call(
      t,
      'POST',
      `/api/admin/items/task/${taskId}/dismiss`,
      stranger,
      {
        reason: 'x',
      },
    );
    expect(refusedToUser.status).toBe(403);

    const dismiss = await call(t, 'POST', `/api/admin/items/task/${taskId}/dismiss`, admin, {
      reason: 'A real gardening job',
    });
    expect(dismiss.status).toBe(200);
    expect((await call(t, 'GET', `/api/tasks/${taskId}`, stranger)).status).toBe(200);
    for (const reporter of reporters) {
      const [newest] = await notificationsOf(reporter);
      expect(newest).toMatchObject({ type: 'report_outcome' });
      expect(newest!.text).toContain('Honest garden job');
      expect(newest!.text).toContain('we found nothing against our rules');
    }
    expect(await auditOf(taskId)).toEqual([
      { action: 'dismiss', admin_id: admin.id, reason: 'A real gardening job' },
    ]);
    const open = await t.db
      .selectFrom('reports')
      .select('status')
      .where('item_id', '=', taskId)
      .execute();
    expect(open.map((row) => row.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
  });

  it('remove takes a task down for good, declines its pending offers and tells its author why', async () => {
    const taskId = await postTask(t, author, { title: 'Send a deposit first' });
    const offerId = await makeOffer(t, stranger, taskId);
    await report(reporters[0], 'task', taskId);
    const remove = await call(t, 'POST', `/api/admin/items/task/${taskId}/remove`, admin, {
      reason: 'Asks for payment outside Tasklane',
    });
    expect(remove.status).toBe(200);
    expect((await readOfferRow(t, offerId)).status).toBe('declined');
    expect((await call(t, 'GET', `/api/tasks/${taskId}`, stranger)).status).toBe(404);
    const own = await call(t, 'GET', `/api/tasks/${taskId}`, author);
    expect((own.body as { moderation: unknown }).moderation).toEqual({
      state: 'removed',
      message: REPORT_MESSAGES.removed('Asks for payment outside Tasklane'),
    });
    const [notice] = await notificationsOf(author);
    expect(notice).toMatchObject({
      type: 'moderation_notice',
      text: 'Tasklane removed the task “Send a deposit first”: “Asks for payment outside Tasklane”',
    });
    const [outcome] = await notificationsOf(reporters[0]!);
    expect(outcome!.text).toContain('we removed it');
    // Dismissing later leaves a removed task removed.
    await call(t, 'POST', `/api/admin/items/task/${taskId}/dismiss`, admin, { reason: 'later' });
    expect((await call(t, 'GET', `/api/tasks/${taskId}`, stranger)).status).toBe(404);
    expect((await auditOf(taskId)).map((row) => row.action)).toEqual(['remove', 'dismiss']);
  });

  it('warn tells the user in the app and is recorded', async () => {
    expect(
      (await call(t, 'POST', `/api/admin/users/${author.id}/warn`, stranger, { reason: 'x' }))
        .status,
    ).toBe(403);
    const warn = await call(t, 'POST', `/api/admin/users/${author.id}/warn`, admin, {
      reason: 'Keep payments on Tasklane',
    });
    expect(warn.status).toBe(200);
    const [notice] = await notificationsOf(author);
    expect(notice).toMatchObject({
      type: 'moderation_notice',
      text: 'Tasklane warns you: “Keep payments on Tasklane”',
    });
    expect((await auditOf(author.id)).map((row) => row.action)).toContain('warn');
  });
});

describe("an operator's view of one user", () => {
  it('lists their tasks, offers, reports made and received, and the history about them', async () => {
    expect((await call(t, 'GET', `/api/admin/users/${author.id}`, stranger)).status).toBe(403);
    const answer = await call(t, 'GET', `/api/admin/users/${author.id}`, admin);
    expect(answer.status).toBe(200);
    const detail = answer.body as {
      user: { _id: string };
      tasks: { moderation: string | null }[];
      reportsReceived: { reporter: { _id: string } }[];
      history: { action: string }[];
    };
    expect(detail.user._id).toBe(author.id);
    expect(detail.tasks.some((task) => task.moderation === 'removed')).toBe(true);
    expect(detail.reportsReceived.length).toBeGreaterThan(0);
    const actions = detail.history.map((line) => line.action);
    expect(actions).toEqual(expect.arrayContaining(['remove', 'dismiss', 'warn']));
    const reporter = await call(t, 'GET', `/api/admin/users/${reporters[0]!.id}`, admin);
    expect((reporter.body as { reportsMade: unknown[] }).reportsMade.length).toBeGreaterThan(0);
    const freelancer = await call(t, 'GET', `/api/admin/users/${stranger.id}`, admin);
    expect((freelancer.body as { offers: unknown[] }).offers.length).toBeGreaterThan(0);
    expect((await call(t, 'GET', '/api/admin/users/nobody', admin)).status).toBe(404);
  });
});
