import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { call, makeOffer, postTask, validOffer } from '../../../tests/support/marketplace.ts';
import {
  createTestApp,
  useTestApp,
  validTask,
  type TestUser,
} from '../../../tests/support/test-app.ts';

/**
 * Issue 19: REQUIRE_EMAIL_VERIFICATION=true refuses posting, offers, questions, replies and
 * messages with a clear 403 until the address is verified, and changes nothing. Both engines.
 */
// No session cache: an address unverified in the database counts at once. The sender leaves
// the mails in the outbox (it would empty a sent one's content) while verify() reads them.
const t = useTestApp({
  REQUIRE_EMAIL_VERIFICATION: 'true',
  SESSION_CACHE_SECONDS: '0',
  MAIL_POLL_MS: '60000',
});
const [verified, unverified] = t.users('Val Verified', 'Una Unverified');

/** Follows the verification link of the user's mail in the outbox. */
async function verify(user: TestUser): Promise<void> {
  const row = await t.db
    .selectFrom('outbox')
    .select('content')
    .where('to_address', '=', user.email)
    .where('kind', '=', 'verify-email')
    .executeTakeFirstOrThrow();
  const url = new URL((JSON.parse(row.content) as { action: { url: string } }).action.url);
  expect(url.pathname).toBe('/verify-email');
  const token = url.searchParams.get('token')!;
  const answer = await t.request(
    'GET',
    `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  );
  expect(answer.statusCode).toBe(200);
}

beforeAll(async () => verify(verified));

const TABLES = ['tasks', 'offers', 'questions', 'question_replies', 'messages'] as const;
const countRows = async (table: (typeof TABLES)[number]) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('REQUIRE_EMAIL_VERIFICATION=true', () => {
  it('refuses an unverified account posting, offering and writing, and stores nothing', async () => {
    // Bea offered and asked while verified; then her address is unverified (changed, say).
    const bea = await t.signUp({ name: 'Bea Bidder' });
    await verify(bea);
    const taskId = await postTask(t, verified);
    const otherTask = await postTask(t, verified);
    const offerId = await makeOffer(t, bea, taskId);
    const questionId = await t.request('POST', `/api/tasks/${taskId}/questions`, {
      user: bea,
      body: { text: 'Is it urgent?' },
    });
    expect(questionId.statusCode).toBe(201);
    const question = (questionId.json() as { insertedId: string }).insertedId;
    await t.db
      .updateTable('user')
      .set({ emailVerified: sql<boolean>`false` })
      .where('id', '=', bea.id)
      .execute();

    const before = await Promise.all(TABLES.map(countRows));
    const refused = [
      await call(t, 'POST', '/api/tasks', bea, validTask()),
      await call(t, 'POST', `/api/tasks/${otherTask}/offers`, bea, validOffer()),
      await call(t, 'POST', `/api/tasks/${otherTask}/questions`, bea, { text: 'When?' }),
      await call(t, 'POST', `/api/questions/${question}/replies`, bea, { text: 'Also…' }),
      await call(t, 'POST', `/api/offers/${offerId}/messages`, bea, { text: 'Hello!' }),
      await call(t, 'POST', '/api/tasks', unverified, validTask()),
    ];
    for (const answer of refused) {
      expect(answer).toEqual({ status: 403, body: { message: EMAIL_MESSAGES.notVerified } });
    }
    expect(await Promise.all(TABLES.map(countRows))).toEqual(before);
    // The poster, verified, still writes in the same conversation.
    const reply = await call(t, 'POST', `/api/offers/${offerId}/messages`, verified, {
      text: 'Hi',
    });
    expect(reply.status).toBe(201);
  });

  it('lets an account in once it follows its link', async () => {
    const late = await t.signUp({ name: 'Lee Late' });
    expect((await call(t, 'POST', '/api/tasks', late, validTask())).status).toBe(403);
    await verify(late);
    expect((await call(t, 'POST', '/api/tasks', late, validTask())).status).toBe(201);
    // Reading stays open to every signed-in account.
    expect((await call(t, 'GET', '/api/me/offers', unverified)).status).toBe(200);
  });
});

describe('sign-up with REQUIRE_EMAIL_VERIFICATION=true', () => {
  it('answers a new address and a taken one alike: status, fields, values and no cookie', async () => {
    const signUp = (name: string, email: string) =>
      t.request('POST', '/api/auth/sign-up/email', {
        body: { name, email, password: 'Secret123', image: 'https://images.example.com/a.png' },
      });
    const fresh = await signUp('Nia New', `nia-${Date.now()}@example.com`);
    const taken = await signUp('Nia New', verified.email);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect(taken.headers['set-cookie']).toBeUndefined();
    // The same fields in the same order, with the same values but the id, address and times.
    const shape = (body: { user: Record<string, unknown> }) => ({
      ...body,
      user: { ...body.user, id: 'id', email: 'email', createdAt: 'at', updatedAt: 'at' },
    });
    const [freshBody, takenBody] = [fresh.json(), taken.json()];
    expect(Object.keys(takenBody)).toEqual(Object.keys(freshBody));
    expect(Object.keys(takenBody.user)).toEqual(Object.keys(freshBody.user));
    expect(shape(takenBody)).toEqual(shape(freshBody));
    expect(freshBody.token).toBeNull();
  });
});

describe('REQUIRE_EMAIL_VERIFICATION off (the default)', () => {
  it('lets an unverified account post', async () => {
    const open = await createTestApp();
    try {
      const user = await open.signUp();
      expect((await call(open, 'POST', '/api/tasks', user, validTask())).status).toBe(201);
    } finally {
      await open.close();
    }
  });
});
