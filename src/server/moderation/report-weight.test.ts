import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { MODERATION_MESSAGES, REPORT_MESSAGES } from '../../shared/moderation.ts';
import type { NotificationPage } from '../../shared/notifications.ts';
import { call, hiredTask, postTask } from '../../../tests/support/marketplace.ts';
import { qualifyReporters } from '../../../tests/support/reporters.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { grantAdmin } from './admins.ts';

/**
 * Issue 47 (decision 054): what hiding an item by reports costs. Reports of new or unverified
 * accounts are queued but hide nothing; one person's accounts (an address or device) count once;
 * 20 reports a day; an author in good standing needs twice the people; a surge alerts the admins
 * and stops counting; one admin action restores all a group hid. Both engines.
 */
let t: TestApp;
let admin: TestUser;
let author: TestUser;
let named = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp({ name: 'Ada Admin' });
  await grantAdmin(t.db, admin.id);
  author = await t.signUp({ name: 'Avery Author' });
});
afterAll(async () => t.close());

const report = (user: TestUser, itemType: string, itemId: string) =>
  call(t, 'POST', '/api/reports', user, { itemType, itemId, reason: 'scam' });

async function signUpMany(count: number): Promise<TestUser[]> {
  const users = [];
  for (let i = 0; i < count; i += 1) users.push(await t.signUp({ name: `Reporter ${++named}` }));
  return users;
}

/** Reporters whose reports count: four days old, verified, each from an address of its own. */
const qualified = async (count: number) => qualifyReporters(t.db, await signUpMany(count));

async function expectAllCreated(reporters: TestUser[], itemType: string, itemId: string) {
  for (const reporter of reporters) {
    expect(await report(reporter, itemType, itemId)).toEqual({
      status: 201,
      body: { message: REPORT_MESSAGES.thanks },
    });
  }
}

const moderationOf = async (taskId: string) =>
  (
    await t.db
      .selectFrom('tasks')
      .select('moderation')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow()
  ).moderation;

const isVisible = async (taskId: string) =>
  (await call(t, 'GET', `/api/tasks/${taskId}`)).status === 200;

const reportRows = (itemId: string) =>
  t.db
    .selectFrom('reports')
    .select(['reporter_id', 'status', 'uncounted_because', 'client_address', 'device'])
    .where('item_id', '=', itemId)
    .orderBy('created_at')
    .execute();

async function notificationsOf(user: TestUser) {
  return ((await call(t, 'GET', '/api/notifications', user)).body as NotificationPage).items;
}

describe('the attack of issue 47, replayed', () => {
  it('three accounts made a moment ago report 100 tasks: 20 each are queued, the rest refused, none disappears', async () => {
    const poster = await t.signUp({ name: 'Many Tasks' });
    const taskIds: string[] = [];
    for (let i = 0; i < 100; i += 1) taskIds.push(await postTask(t, poster, { title: `Job ${i}` }));
    const attackers = await signUpMany(3);
    const answers = new Map<number, number>();
    for (const taskId of taskIds) {
      for (const attacker of attackers) {
        const answer = await report(attacker, 'task', taskId);
        answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
        if (answer.status === 429) {
          expect(answer.body).toEqual({ message: REPORT_MESSAGES.tooMany(20) });
        }
      }
    }
    expect(Object.fromEntries(answers)).toEqual({ 201: 60, 429: 240 });
    for (const taskId of taskIds) expect(await moderationOf(taskId)).toBeNull();
    const list = (await call(t, 'GET', '/api/tasks?limit=100')).body as { _id: string }[];
    expect(list.filter((task) => taskIds.includes(task._id))).toHaveLength(100);
    // Recorded and queued for review, each marked as not counting.
    const rows = await t.db
      .selectFrom('reports')
      .select(['uncounted_because', 'client_address'])
      .where('item_id', 'in', taskIds)
      .execute();
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((row) => row.client_address))).toEqual(new Set(['127.0.0.1']));
    expect(rows.every((row) => row.uncounted_because !== null)).toBe(true);
    const queue = (await call(t, 'GET', '/api/admin/reports', admin)).body as {
      itemId: string;
      notes: { uncountedBecause: string | null }[];
    }[];
    const queued = queue.find((item) => item.itemId === taskIds[0]);
    expect(queued?.notes.map((note) => note.uncountedBecause)).toEqual([
      'unverified',
      'unverified',
      'unverified',
    ]);
    // One address reported more than 10 items within an hour: the admins are told once.
    const surges = (await notificationsOf(admin)).filter((n) => n.type === 'report_surge');
    expect(surges).toHaveLength(1);
    expect(surges[0]!.text).toContain('reported 10 items within an hour');
  });
});

describe('who counts', () => {
  it('verified accounts old enough, from three addresses, hide an item at the third report', async () => {
    const taskId = await postTask(t, author);
    const [first, second, third] = await qualified(3);
    await expectAllCreated([first!, second!], 'task', taskId);
    expect(await isVisible(taskId)).toBe(true);
    await expectAllCreated([third!], 'task', taskId);
    expect(await isVisible(taskId)).toBe(false);
    expect(await moderationOf(taskId)).toBe('hidden');
  });

  it('a new or unverified account is recorded and queued, and does not count', async () => {
    const taskId = await postTask(t, author);
    const [young, unverified] = await qualified(2);
    await t.db
      .updateTable('user')
      .set({ createdAt: new Date(Date.now() - 71 * 60 * 60 * 1000).toISOString() })
      .where('id', '=', young!.id)
      .execute();
    await t.db
      .updateTable('user')
      .set({ emailVerified: (t.engine === 'postgres' ? false : 0) as boolean })
      .where('id', '=', unverified!.id)
      .execute();
    const others = await qualified(2);
    await expectAllCreated([young!, unverified!, ...others], 'task', taskId);
    expect(await isVisible(taskId)).toBe(true);
    expect((await reportRows(taskId)).map((row) => row.uncounted_because)).toEqual([
      'new-account',
      'unverified',
      null,
      null,
    ]);
    await expectAllCreated(await qualified(1), 'task', taskId);
    expect(await isVisible(taskId)).toBe(false);
  });

  it('with REQUIRE_EMAIL_VERIFICATION an unverified account cannot report at all', async () => {
    const strict = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true' });
    try {
      const poster = await strict.signUp();
      await strict.db
        .updateTable('user')
        .set({ emailVerified: (strict.engine === 'postgres' ? true : 1) as boolean })
        .where('id', '=', poster.id)
        .execute();
      const taskId = await postTask(strict, poster);
      const reporter = await strict.signUp();
      const body = { itemType: 'task', itemId: taskId, reason: 'spam' };
      expect(await call(strict, 'POST', '/api/reports', reporter, body)).toEqual({
        status: 403,
        body: { message: EMAIL_MESSAGES.notVerified },
      });
      expect(await strict.db.selectFrom('reports').selectAll().execute()).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it("one person's accounts count once: the same address, or the same device from elsewhere", async () => {
    const byAddress = await postTask(t, author);
    const sameAddress = (await qualified(3)).map((user) => ({ ...user, address: '10.99.0.1' }));
    await expectAllCreated(sameAddress, 'task', byAddress);
    expect(await isVisible(byAddress)).toBe(true);
    // Two more people make three.
    await expectAllCreated(await qualified(2), 'task', byAddress);
    expect(await isVisible(byAddress)).toBe(false);

    // An IPv6 host reporting from three addresses of its /64 is one address too.
    const byPrefix = await postTask(t, author);
    const prefix = (await qualified(3)).map((user, i) => ({
      ...user,
      address: `2001:db8:47:1::${i + 1}`,
    }));
    await expectAllCreated(prefix, 'task', byPrefix);
    expect(await isVisible(byPrefix)).toBe(true);
    expect(new Set((await reportRows(byPrefix)).map((row) => row.client_address))).toEqual(
      new Set(['2001:db8:47:1::/64']),
    );

    // The first report sets the device mark; the browser sends it with the next accounts' reports.
    const byDevice = await postTask(t, author);
    const [first, ...rest] = await qualified(3);
    const answer = await t.request('POST', '/api/reports', {
      user: first,
      body: { itemType: 'task', itemId: byDevice, reason: 'spam' },
    });
    expect(answer.statusCode).toBe(201);
    const mark = answer.cookies.find((cookie) => cookie.name === 'tasklane.device');
    expect(mark).toMatchObject({ httpOnly: true, path: '/api/reports', sameSite: 'Lax' });
    const sameDevice = rest.map((user) => ({
      ...user,
      cookie: `${user.cookie}; tasklane.device=${mark!.value}`,
    }));
    await expectAllCreated(sameDevice, 'task', byDevice);
    expect(await isVisible(byDevice)).toBe(true);
    expect(new Set((await reportRows(byDevice)).map((row) => row.device))).toEqual(
      new Set([mark!.value]),
    );
  });
});

describe('the daily limit', () => {
  it('the 21st report of a day answers 429 with a clear message and stores nothing', async () => {
    const [reporter] = await qualified(1);
    const taskIds: string[] = [];
    for (let i = 0; i < 21; i += 1) taskIds.push(await postTask(t, author));
    // Spread out in time as a person would report, so that no surge stops them first.
    for (const taskId of taskIds.slice(0, 20)) {
      expect((await report(reporter!, 'task', taskId)).status).toBe(201);
      await t.db
        .updateTable('reports')
        .set({ created_at: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString() })
        .where('reporter_id', '=', reporter!.id)
        .execute();
    }
    expect(await report(reporter!, 'task', taskIds[20]!)).toEqual({
      status: 429,
      body: {
        message:
          'You can send 20 reports a day. Please try again tomorrow; we are looking at the ones you sent.',
      },
    });
    expect(await reportRows(taskIds[20]!)).toEqual([]);
    // A day later the count starts again.
    await t.db
      .updateTable('reports')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where('reporter_id', '=', reporter!.id)
      .execute();
    expect((await report(reporter!, 'task', taskIds[20]!)).status).toBe(201);
  });
  it('reports sent at once are counted in turn: 25 at once, 20 stored', async () => {
    const [reporter] = await signUpMany(1);
    const taskIds: string[] = [];
    for (let i = 0; i < 25; i += 1) taskIds.push(await postTask(t, author));
    const answers = await Promise.all(taskIds.map((taskId) => report(reporter!, 'task', taskId)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(20).fill(201), ...Array<number>(5).fill(429)]);
    const { count } = await t.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('reporter_id', '=', reporter!.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(20);
  });
});

describe('an author in good standing', () => {
  it('needs six people, not three; an author with an upheld report is back to three', async () => {
    const [good, worker] = await qualified(2);
    await hiredTask(t, good!, worker!, 'completed');
    const taskId = await postTask(t, good!);
    await expectAllCreated(await qualified(5), 'task', taskId);
    expect(await isVisible(taskId)).toBe(true);
    await expectAllCreated(await qualified(1), 'task', taskId);
    expect(await isVisible(taskId)).toBe(false);

    // An admin upholds a report against them (removes the item): their standing is gone.
    const upheld = await postTask(t, good!);
    await expectAllCreated(await qualified(1), 'task', upheld);
    const remove = await call(t, 'POST', `/api/admin/items/task/${upheld}/remove`, admin, {
      reason: 'Scam',
    });
    expect(remove.status).toBe(200);
    const next = await postTask(t, good!);
    await expectAllCreated(await qualified(3), 'task', next);
    expect(await isVisible(next)).toBe(false);
  });
});

describe('a surge', () => {
  it('ten items reported by one group within an hour: admins are told once, its reports stop counting', async () => {
    const [surger, partner, third] = await qualified(3);
    const taskIds: string[] = [];
    for (let i = 0; i < 12; i += 1) taskIds.push(await postTask(t, author));
    // Two others have already reported the first task; the group's report would be the third.
    await expectAllCreated([partner!, third!], 'task', taskIds[11]!);
    const before = (await notificationsOf(admin)).filter((n) => n.type === 'report_surge');
    for (const taskId of taskIds.slice(0, 10)) {
      expect((await report(surger!, 'task', taskId)).status).toBe(201);
    }
    const alerts = (await notificationsOf(admin)).filter((n) => n.type === 'report_surge');
    expect(alerts).toHaveLength(before.length + 1);
    expect(alerts[0]).toMatchObject({
      link: '/admin',
      text: `A surge of reports: ${surger!.name} and accounts sharing an address or device reported 10 items within an hour. Their reports no longer count toward hiding; one click restores all they hid.`,
    });
    const rows = await t.db
      .selectFrom('reports')
      .select('uncounted_because')
      .where('reporter_id', '=', surger!.id)
      .execute();
    expect(rows.map((row) => row.uncounted_because)).toEqual(Array(10).fill('surge'));
    // Its 11th report, the third on a task, hides nothing; nor does another account at its address.
    expect((await report(surger!, 'task', taskIds[11]!)).status).toBe(201);
    expect(await isVisible(taskIds[11]!)).toBe(true);
    const [sameAddress] = (await qualified(1)).map((user) => ({
      ...user,
      address: surger!.address!,
    }));
    expect((await report(sameAddress!, 'task', taskIds[10]!)).status).toBe(201);
    expect((await reportRows(taskIds[10]!))[0]?.uncounted_because).toBe('surge');
    expect((await notificationsOf(admin)).filter((n) => n.type === 'report_surge')).toHaveLength(
      before.length + 1,
    );
  });
});

describe("the admin's undo", () => {
  it('one action restores everything a group of reporters hid, closes their reports and is audited', async () => {
    const group = await qualified(3);
    const hidden: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const taskId = await postTask(t, author, { title: `Hidden by the group ${i}` });
      await expectAllCreated(group, 'task', taskId);
      hidden.push(taskId);
    }
    const profileOf = await t.signUp({ name: 'Profile hidden by the group' });
    await expectAllCreated(group, 'user', profileOf.id);
    // A task two of them reported, still shown, and one three others hid: neither changes.
    const partial = await postTask(t, author);
    await expectAllCreated(group.slice(0, 2), 'task', partial);
    const byOthers = await postTask(t, author);
    await expectAllCreated(await qualified(3), 'task', byOthers);
    for (const taskId of [...hidden, byOthers]) expect(await isVisible(taskId)).toBe(false);
    expect((await call(t, 'GET', `/api/users/${profileOf.id}`)).status).toBe(404);

    const path = `/api/admin/items/task/${hidden[0]}/restore-group`;
    expect(await call(t, 'POST', path, author, { reason: 'x' })).toEqual({
      status: 403,
      body: { message: MODERATION_MESSAGES.adminsOnly },
    });
    expect((await call(t, 'POST', path, admin, { reason: '' })).status).toBe(400);
    expect(await call(t, 'POST', path, admin, { reason: 'A rival’s accounts' })).toEqual({
      status: 200,
      body: { message: REPORT_MESSAGES.restored(4, 14, 3) },
    });
    for (const taskId of hidden) expect(await isVisible(taskId)).toBe(true);
    expect((await call(t, 'GET', `/api/users/${profileOf.id}`)).status).toBe(200);
    expect(await isVisible(partial)).toBe(true);
    expect((await reportRows(partial)).map((row) => row.status)).toEqual([
      'dismissed',
      'dismissed',
    ]);
    expect(await isVisible(byOthers)).toBe(false);
    expect((await reportRows(byOthers)).map((row) => row.status)).toEqual(['open', 'open', 'open']);
    const [audit] = await t.db
      .selectFrom('admin_actions')
      .select(['action', 'admin_id', 'reason', 'details'])
      .where('target_id', '=', hidden[0]!)
      .execute();
    expect(audit).toMatchObject({
      action: 'restore-group',
      admin_id: admin.id,
      reason: 'A rival’s accounts',
    });
    const details = JSON.parse(audit!.details) as { reporters: string[]; restored: unknown[] };
    expect(new Set(details.reporters)).toEqual(new Set(group.map((user) => user.id)));
    expect(details.restored).toHaveLength(4);
    // Nothing open is left of theirs: the same action again has nothing to restore.
    expect(await call(t, 'POST', path, admin, { reason: 'again' })).toEqual({
      status: 404,
      body: { message: REPORT_MESSAGES.nothingToRestore },
    });
  });
});
