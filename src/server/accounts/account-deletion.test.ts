import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { PROFILE_MESSAGES } from '../../shared/profiles.ts';
import { askQuestion, replyTo, sendMessage } from '../../../tests/support/conversations.ts';
import {
  call,
  hiredTask,
  makeOffer,
  postTask,
  readOfferRow,
  readTaskRow,
} from '../../../tests/support/marketplace.ts';
import { isPostgres } from '../db/engine.ts';
import { FRESH_SIGN_IN_MS } from './account-deletion.ts';
import { useTestApp, validTask, type TestUser } from '../../../tests/support/test-app.ts';

/**
 * Issue 19 "Delete account": confirmed with the password, refused while a task is assigned on
 * either side; then open tasks deleted, pending offers withdrawn, sessions ended, and nothing of
 * the person left in any table, while what others received stays as "Deleted user". Both
 * engines.
 */
const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '1000' });
const [ada, cy] = t.users('Ada Freelancer', 'Cy Client');

const remove = (user: TestUser, password?: string) =>
  call(t, 'POST', '/api/me/delete-account', user, password === undefined ? {} : { password });

/** Every row of every table, as text: where a person's details could hide. */
async function everyRow(): Promise<string> {
  const tables = isPostgres(t.db)
    ? await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
        t.db,
      )
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
        t.db,
      );
  const texts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql`select * from ${sql.table(name)}`.execute(t.db);
    texts.push(`${name}: ${JSON.stringify(rows.rows)}`);
  }
  return texts.join('\n');
}

describe('POST /api/me/delete-account', () => {
  it('is refused while a task is assigned, as poster or as freelancer, changing nothing', async () => {
    const poster = await t.signUp({ name: 'Pat Poster' });
    const freelancer = await t.signUp({ name: 'Fred Freelancer' });
    await hiredTask(t, poster, freelancer);
    for (const user of [poster, freelancer]) {
      expect(await remove(user, 'Secret123')).toEqual({
        status: 409,
        body: { message: EMAIL_MESSAGES.deleteAssigned },
      });
      expect((await call(t, 'GET', '/api/auth/get-session', user)).body).not.toBeNull();
    }
  });

  it('needs the password', async () => {
    const wes = await t.signUp({ name: 'Wes Wrong' });
    for (const password of [undefined, 'Wrong-pass-1']) {
      expect(await remove(wes, password)).toEqual({
        status: 403,
        body: { message: EMAIL_MESSAGES.deletePasswordWrong },
      });
    }
    expect((await call(t, 'GET', '/api/auth/get-session', wes)).body).not.toBeNull();
    expect((await call(t, 'POST', '/api/me/delete-account', undefined, {})).status).toBe(401);
  });

  it('removes the person, keeps what others received as "Deleted user"', async () => {
    const dana = await t.signUp({
      name: 'Dana Departing',
      image: 'https://images.example.com/dana-photo.png',
    });
    // Her open task, with an offer and a question from others.
    const openTask = await postTask(t, dana, validTask({ title: 'Dana open task' }));
    await makeOffer(t, ada, openTask);
    await askQuestion(t, cy, openTask, 'Is it still on?');
    // Her pending offer on Cy's task, with a message in its conversation.
    const cysTask = await postTask(t, cy, validTask({ title: 'Cy task' }));
    const danaOffer = await makeOffer(t, dana, cysTask);
    await sendMessage(t, dana, danaOffer, 'Hello from Dana');
    const bidsBefore = (await readTaskRow(t, cysTask)).bids_count;
    // A finished task with reviews both ways.
    const { taskId: done } = await hiredTask(t, dana, ada, 'completed');
    await call(t, 'POST', `/api/tasks/${done}/reviews`, dana, {
      rating: 5,
      comment: 'Superb work',
    });
    await call(t, 'POST', `/api/tasks/${done}/reviews`, ada, { rating: 4, comment: 'Kind client' });
    await call(t, 'POST', '/api/me/saved-searches', dana, {
      name: 'Dana logos',
      query: { q: 'logo' },
    });
    await call(t, 'PUT', '/api/me/mail-preferences', dana, { questions: 'off' });
    await t.request('POST', '/api/auth/request-password-reset', { body: { email: dana.email } });

    expect(await remove(dana, 'Secret123')).toEqual({
      status: 200,
      body: { message: EMAIL_MESSAGES.deleted },
    });

    // Signed out everywhere, and unable to sign in again.
    expect((await call(t, 'GET', '/api/auth/get-session', dana)).body).toBeNull();
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: dana.email, password: 'Secret123' },
    });
    expect(signIn.statusCode).toBe(401);
    // Her open task is gone; her pending offer withdrawn, and no longer counted.
    expect((await call(t, 'GET', `/api/tasks/${openTask}`, cy)).status).toBe(404);
    expect((await readOfferRow(t, danaOffer)).status).toBe('withdrawn');
    expect((await readTaskRow(t, cysTask)).bids_count).toBe(bidsBefore - 1);
    // What others received stays, from "Deleted user".
    const profile = (await call(t, 'GET', `/api/users/${ada.id}`, ada)).body as {
      reviews: { comment: string; reviewer: { name: string; image: string | null } }[];
    };
    const review = profile.reviews.find((item) => item.comment === 'Superb work');
    expect(review?.reviewer).toMatchObject({ name: EMAIL_MESSAGES.deletedUserName, image: null });
    // Her own profile is gone (issue 47), for anyone reading it.
    for (const reader of [undefined, ada]) {
      expect(await call(t, 'GET', `/api/users/${dana.id}`, reader)).toEqual({
        status: 404,
        body: { message: PROFILE_MESSAGES.userNotFound },
      });
    }
    // Nothing of her in any table: no email, name, photo or password.
    const all = await everyRow();
    for (const detail of [dana.email, 'Dana Departing', 'dana-photo', 'Dana logos']) {
      const where = all.split('\n').filter((line) => line.includes(detail));
      expect(
        where.map((line) => line.split(':')[0]),
        detail,
      ).toEqual([]);
    }
    const left = await t.db
      .selectFrom('account')
      .select('id')
      .where('userId', '=', dana.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('confirms a Google account (no password) by a sign-in in the last 5 minutes', async () => {
    const gus = await t.signUp({ name: 'Gus Google' });
    // As Google sign-in leaves it: an account of the provider, with no password.
    await t.db
      .updateTable('account')
      .set({ providerId: 'google', accountId: `google-${gus.id}`, password: null })
      .where('userId', '=', gus.id)
      .execute();
    // The session's start, written as the engine keeps it (a date, or ISO text on SQLite).
    const { createdAt } = await t.db
      .selectFrom('session')
      .select('createdAt')
      .where('userId', '=', gus.id)
      .executeTakeFirstOrThrow();
    const startAt = (at: Date) =>
      t.db
        .updateTable('session')
        .set({ createdAt: typeof createdAt === 'string' ? at.toISOString() : at })
        .where('userId', '=', gus.id)
        .execute();
    await startAt(new Date(Date.now() - FRESH_SIGN_IN_MS - 60_000));
    expect(await remove(gus)).toEqual({
      status: 403,
      body: { message: EMAIL_MESSAGES.deleteNeedsFreshSignIn },
    });

    await startAt(new Date());
    expect((await remove(gus)).status).toBe(200);
    expect((await call(t, 'GET', '/api/auth/get-session', gus)).body).toBeNull();
  });

  it('tells a deleted account nothing more: no notification, no mail', async () => {
    const eli = await t.signUp({ name: 'Eli Asker' });
    const cysTask = await postTask(t, cy, validTask({ title: 'Cy second task' }));
    const question = await askQuestion(t, eli, cysTask, 'Can I start tomorrow?');
    expect((await remove(eli, 'Secret123')).status).toBe(200);

    await replyTo(t, cy, question, 'Yes, please do.');
    for (const table of ['notifications', 'outbox'] as const) {
      const rows = await t.db
        .selectFrom(table)
        .select('id')
        .where('user_id', '=', eli.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });
});
