import { describe, expect, it } from 'vitest';
import { watchNotifications } from '../../../tests/support/conversations.ts';
import {
  act,
  call,
  conflict,
  expireTask,
  forbidden,
  makeOffer,
  postTask,
} from '../../../tests/support/marketplace.ts';
import { useSmtpInbox } from '../../../tests/support/smtp-inbox.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import {
  INVITATION_DECLINE_REASON_MAX_LENGTH,
  INVITATION_MESSAGES as M,
  INVITATION_NOTE_MAX_LENGTH,
  INVITATIONS_PER_DAY,
  SUGGESTED_FREELANCERS_MAX,
  type Invitation,
} from '../../shared/invitations.ts';
import type { DirectoryItem } from '../../shared/freelancer-directory.ts';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import { TASK_FIELD_MESSAGES } from '../../shared/tasks.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';

/**
 * Issue 50 "Invitations": a poster invites a freelancer to make an offer on an open task; the
 * freelancer is notified live and by mail, may decline with a reason, and answers by making an
 * offer. One per freelancer and task, 20 a day per poster, none across a block. Both engines.
 */
const inbox = useSmtpInbox();
const t = useTestApp(() => ({ SMTP_URL: inbox.url, MAIL_POLL_MS: '20' }));
const [paula, gina, frank] = t.users('Paula Poster', 'Gina Freelancer', 'Frank Freelancer');
const admin = t.user({ name: 'Ada Admin' }, { admin: true });

const invite = (poster: TestUser, taskId: string, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/tasks/${taskId}/invitations`, poster, body);

async function invitationRows(taskId: string) {
  return t.db
    .selectFrom('invitations')
    .select(['freelancer_id', 'poster_id', 'note', 'status', 'decline_reason'])
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .execute();
}

async function invited(poster: TestUser, taskId: string, freelancer: TestUser, note?: string) {
  const answer = await invite(poster, taskId, { freelancerId: freelancer.id, note });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { insertedId: string }).insertedId;
}

const listOf = async (user: TestUser | undefined, url: string) => {
  const answer = await call(t, 'GET', url, user);
  return answer.status === 200 ? (answer.body as { items: Invitation[] }).items : answer;
};

describe('inviting a freelancer', () => {
  it('stores the invitation, tells the freelancer in the app and by mail, and lists it for both', async () => {
    const taskId = await postTask(t, paula, { title: 'Paint a fence' });
    const watch = await watchNotifications(t, [gina]);
    await invited(paula, taskId, gina, '  Your fence photos are lovely.  ');

    expect(await invitationRows(taskId)).toEqual([
      {
        freelancer_id: gina.id,
        poster_id: paula.id,
        note: 'Your fence photos are lovely.',
        status: 'pending',
        decline_reason: null,
      },
    ]);
    const text =
      'Paula Poster invited you to make an offer on “Paint a fence”: “Your fence photos are lovely.”';
    expect((await watch.of(gina)).map((n) => [n.type, n.text, n.link])).toEqual([
      ['invitation_received', text, `/task/${taskId}`],
    ]);
    const mail = await inbox.next(gina.email, { subject: text });
    expect(mail.text).toContain('An invitation to make an offer');

    const mine = (await listOf(gina, '/api/me/invitations')) as Invitation[];
    expect(mine.map((i) => [i.taskTitle, i.posterName, i.status])).toEqual([
      ['Paint a fence', 'Paula Poster', 'pending'],
    ]);
    expect(
      ((await listOf(paula, `/api/tasks/${taskId}/invitations`)) as Invitation[]).map(
        (i) => i.freelancerName,
      ),
    ).toEqual(['Gina Freelancer']);
    // Gina sees her own on the task; Frank, who is not invited, sees none; a visitor is refused.
    expect(((await listOf(gina, `/api/tasks/${taskId}/invitations`)) as Invitation[]).length).toBe(
      1,
    );
    expect(await listOf(frank, `/api/tasks/${taskId}/invitations`)).toEqual([]);
    expect(await listOf(undefined, `/api/tasks/${taskId}/invitations`)).toEqual({
      status: 401,
      body: { message: SIGN_IN_REQUIRED },
    });
  });

  it('refuses what is not allowed, with the reason, and stores nothing', async () => {
    const taskId = await postTask(t, paula);
    const cases: Array<[TestUser | undefined, string, Record<string, unknown>, unknown]> = [
      [
        undefined,
        taskId,
        { freelancerId: gina.id },
        { status: 401, body: { message: SIGN_IN_REQUIRED } },
      ],
      [frank, taskId, { freelancerId: gina.id }, forbidden(M.notPoster)],
      [paula, taskId, { freelancerId: paula.id }, { status: 400, body: { message: M.self } }],
      [paula, taskId, {}, { status: 400, body: { message: M.freelancerRequired } }],
      [
        paula,
        taskId,
        { freelancerId: 'nobody-here' },
        { status: 404, body: { message: M.noSuchFreelancer } },
      ],
      [
        paula,
        taskId,
        { freelancerId: gina.id, note: 'x'.repeat(INVITATION_NOTE_MAX_LENGTH + 1) },
        { status: 400, body: { message: M.noteTooLong } },
      ],
      [
        paula,
        '00000000-0000-4000-8000-000000000000',
        { freelancerId: gina.id },
        { status: 404, body: { message: TASK_FIELD_MESSAGES.taskNotFound } },
      ],
    ];
    for (const [user, task, body, expected] of cases) {
      expect(await call(t, 'POST', `/api/tasks/${task}/invitations`, user, body)).toEqual(expected);
    }
    expect(await invitationRows(taskId)).toEqual([]);
  });

  it('invites once per freelancer and task, and not someone who has offered', async () => {
    const taskId = await postTask(t, paula);
    await invited(paula, taskId, gina);
    expect(await invite(paula, taskId, { freelancerId: gina.id })).toEqual(
      conflict(M.alreadyInvited),
    );
    await makeOffer(t, frank, taskId);
    expect(await invite(paula, taskId, { freelancerId: frank.id })).toEqual(
      conflict(M.alreadyOffered),
    );
    expect((await invitationRows(taskId)).map((row) => row.freelancer_id)).toEqual([gina.id]);
  });

  it('takes only open tasks that have not expired', async () => {
    const expired = await postTask(t, paula);
    await expireTask(t, expired);
    expect(await invite(paula, expired, { freelancerId: gina.id })).toEqual(conflict(M.notOpen));
    const hired = await postTask(t, paula);
    const offerId = await makeOffer(t, frank, hired);
    await act(t, paula, `offers/${offerId}/accept`);
    expect(await invite(paula, hired, { freelancerId: gina.id })).toEqual(conflict(M.notOpen));
    expect(await invitationRows(expired)).toEqual([]);
    expect(await invitationRows(hired)).toEqual([]);
  });

  it('reaches nobody across a block, either way, nor a suspended account', async () => {
    const taskId = await postTask(t, paula);
    const blocker = await t.signUp({ name: 'Bea Blocker' });
    expect((await call(t, 'POST', `/api/users/${paula.id}/block`, blocker)).status).toBe(200);
    expect(await invite(paula, taskId, { freelancerId: blocker.id })).toEqual(
      forbidden(MODERATION_MESSAGES.blocked),
    );
    const blocked = await t.signUp({ name: 'Bo Blocked' });
    expect((await call(t, 'POST', `/api/users/${blocked.id}/block`, paula)).status).toBe(200);
    expect(await invite(paula, taskId, { freelancerId: blocked.id })).toEqual(
      forbidden(MODERATION_MESSAGES.youBlocked),
    );
    const sue = await t.signUp({ name: 'Sue Suspended' });
    const suspend = { reason: 'Rude messages', days: 7 };
    expect(
      (await call(t, 'POST', `/api/admin/users/${sue.id}/suspend`, admin, suspend)).status,
    ).toBe(200);
    expect(await invite(paula, taskId, { freelancerId: sue.id })).toEqual({
      status: 404,
      body: { message: M.noSuchFreelancer },
    });
    expect(await invitationRows(taskId)).toEqual([]);
  });

  it(`sends at most ${INVITATIONS_PER_DAY} a day per poster, counted one after another when sent at once`, async () => {
    const poster = await t.signUp({ name: 'Busy Poster' });
    const taskIds = await Promise.all([1, 2, 3].map(() => postTask(t, poster)));
    const freelancers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => t.signUp({ name: `Freelancer ${i}` })),
    );
    const pairs = taskIds.flatMap((taskId) => freelancers.map((f) => [taskId, f.id] as const));
    const answers = await Promise.all(
      pairs.map(([taskId, freelancerId]) => invite(poster, taskId, { freelancerId })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(INVITATIONS_PER_DAY);
    expect(answers.filter((answer) => answer.status === 429)).toEqual(
      Array.from({ length: pairs.length - INVITATIONS_PER_DAY }, () => ({
        status: 429,
        body: { message: M.perDay },
      })),
    );
    const { count } = await t.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('poster_id', '=', poster.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(INVITATIONS_PER_DAY);
  });
});

describe('suggested freelancers', () => {
  const suggested = async (user: TestUser | undefined, taskId: string) => {
    const answer = await call(t, 'GET', `/api/tasks/${taskId}/suggested-freelancers`, user);
    return answer.status === 200
      ? (answer.body as { items: DirectoryItem[] }).items.map((item) => item.name)
      : answer;
  };
  const withSkills = async (name: string, skills: string[]) => {
    const user = await t.signUp({ name });
    const answer = await call(t, 'PUT', '/api/me/freelancer-profile', user, { skills });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return user;
  };

  it('lists to the poster whom the task fits, the most shared skills first, less whom not to ask', async () => {
    const skills = ['Mosaic tiling', 'Grouting'];
    const both = await withSkills('Bella Both', ['grouting', 'Mosaic tiling']);
    const one = await withSkills('Olly One', ['Mosaic tiling']);
    await withSkills('Nina None', ['SEO']);
    const [invitedOne, bidder, blocker, hidden, own] = await Promise.all([
      withSkills('Ida Invited', skills),
      withSkills('Ben Bidder', skills),
      withSkills('Bea Blocking', skills),
      withSkills('Hal Hidden', skills),
      withSkills('Paula Poster Too', skills),
    ]);
    const taskId = await postTask(t, own, { title: 'A mosaic floor', skills });
    await invited(own, taskId, invitedOne);
    await makeOffer(t, bidder, taskId);
    expect((await call(t, 'POST', `/api/users/${own.id}/block`, blocker)).status).toBe(200);
    await t.db
      .updateTable('user')
      .set({ moderation: 'hidden' })
      .where('id', '=', hidden.id)
      .execute();
    expect(await suggested(own, taskId)).toEqual([both.name, one.name]);

    // Only its poster asks, only while it is open; a task without skills suggests nobody.
    expect(await suggested(both, taskId)).toEqual(forbidden(M.notPoster));
    expect((await call(t, 'GET', `/api/tasks/${taskId}/suggested-freelancers`)).status).toBe(401);
    expect(await suggested(paula, await postTask(t, paula))).toEqual([]);
    const expired = await postTask(t, own, { skills });
    await expireTask(t, expired);
    expect(await suggested(own, expired)).toEqual(conflict(M.notOpen));
  });

  it(`suggests at most ${SUGGESTED_FREELANCERS_MAX}`, async () => {
    const skills = ['Bookbinding'];
    await Promise.all(
      Array.from({ length: SUGGESTED_FREELANCERS_MAX + 2 }, (_, i) =>
        withSkills(`Binder ${i}`, skills),
      ),
    );
    const taskId = await postTask(t, paula, { title: 'Bind a thesis', skills });
    expect(await suggested(paula, taskId)).toHaveLength(SUGGESTED_FREELANCERS_MAX);
  });
});

describe('answering an invitation', () => {
  it('declines with a reason: the poster is told, and it cannot be answered twice', async () => {
    const taskId = await postTask(t, paula, { title: 'Fix a tap' });
    const id = await invited(paula, taskId, gina);
    const watch = await watchNotifications(t, [paula]);
    const decline = (user: TestUser, body: Record<string, unknown>) =>
      call(t, 'POST', `/api/invitations/${id}/decline`, user, body);

    expect(await decline(frank, {})).toEqual(forbidden(M.notYours));
    expect(
      await decline(gina, { reason: 'y'.repeat(INVITATION_DECLINE_REASON_MAX_LENGTH + 1) }),
    ).toEqual({ status: 400, body: { message: M.reasonTooLong } });
    expect((await invitationRows(taskId))[0]?.status).toBe('pending');

    expect(await decline(gina, { reason: 'Booked this week' })).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    expect(await invitationRows(taskId)).toMatchObject([
      { status: 'declined', decline_reason: 'Booked this week' },
    ]);
    expect((await watch.of(paula)).map((n) => [n.type, n.text])).toEqual([
      [
        'invitation_declined',
        'Gina Freelancer declined your invitation to “Fix a tap”: “Booked this week”',
      ],
    ]);
    expect(await decline(gina, {})).toEqual(conflict(M.notPending));
    expect(await call(t, 'POST', '/api/invitations/no-such-invitation/decline', gina, {})).toEqual({
      status: 404,
      body: { message: M.notFound },
    });
  });

  it('is answered by the offer the freelancer makes', async () => {
    const taskId = await postTask(t, paula);
    await invited(paula, taskId, frank);
    await makeOffer(t, frank, taskId);
    expect(await invitationRows(taskId)).toMatchObject([{ status: 'offered' }]);
    const mine = (await listOf(frank, '/api/me/invitations')) as Invitation[];
    expect(mine.find((i) => i.taskId === taskId)?.status).toBe('offered');
  });
});
