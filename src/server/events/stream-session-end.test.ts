import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../../tests/support/conversations.ts';
import { openEventStream, type EventStreamClient } from '../../../tests/support/event-stream.ts';
import { makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import { grantAdmin } from '../moderation/admins.ts';
import {
  createTestApp,
  GOOD_PASSWORD,
  sessionCookie,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app.ts';

/**
 * Issue 16: an open event stream ends with its session: at once when the user signs out
 * through this instance, and within SESSION_CACHE_SECONDS when the session ends elsewhere
 * (another instance's sign-out, a revocation), so no private message reaches a signed-out tab.
 */
const CACHE_SECONDS = 1;
/** Room for a loaded machine beyond the bound. */
const WITHIN_THE_BOUND_MS = CACHE_SECONDS * 1000 + 4_000;

let t: TestApp;
let base: string;
let poster: TestUser;
let freelancer: TestUser;
let offerId: string;
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: String(CACHE_SECONDS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  poster = await t.signUp({ name: 'Paula Poster' });
  freelancer = await t.signUp({ name: 'Fred Freelancer' });
  offerId = await makeOffer(t, freelancer, await postTask(t, poster));
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

/** A fresh session of `user` (its own cookie) and a stream opened with it. */
async function signedInStream(user: TestUser) {
  const response = await t.request('POST', '/api/auth/sign-in/email', {
    body: { email: user.email, password: GOOD_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const cookie = sessionCookie(response);
  const stream = await openEventStream(`${base}/api/events`, { cookie });
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  let hasEnded = false;
  void stream.ended.then(() => (hasEnded = true));
  return { cookie, stream, hasEnded: () => hasEnded };
}

describe('an open event stream', () => {
  it('ends at once when its user signs out through this instance', async () => {
    const { cookie, stream, hasEnded } = await signedInStream(poster);
    const out = await t.request('POST', '/api/auth/sign-out', { headers: { cookie }, body: {} });
    expect(out.statusCode).toBe(200);
    await expect.poll(hasEnded, { timeout: 2_000 }).toBe(true);
    // What comes after reaches nobody through it.
    await sendMessage(t, freelancer, offerId, 'Sent after the sign-out');
    expect(stream.events.some((event) => event.event === 'message')).toBe(false);
  });

  it('ends within SESSION_CACHE_SECONDS when its session ends elsewhere', async () => {
    const { stream, hasEnded } = await signedInStream(poster);
    const other = await signedInStream(poster);
    // Another instance's sign-out: the session row is gone; nothing passed through this one.
    const sessions = await t.db.selectFrom('session').select('token').execute();
    expect(sessions.length).toBeGreaterThan(0);
    await t.db
      .deleteFrom('session')
      .where('token', '=', await tokenOf(other.cookie))
      .execute();
    await expect.poll(other.hasEnded, { timeout: WITHIN_THE_BOUND_MS }).toBe(true);
    // The user's other session, and its stream, go on.
    expect(hasEnded()).toBe(false);
    await sendMessage(t, freelancer, offerId, 'Still signed in here');
    await expect.poll(() => stream.events.some((event) => event.event === 'message')).toBe(true);
  });
});

describe('a suspended or banned user’s open stream (issue 47)', () => {
  it('is told why and ends at once; a sign-out is told nothing', async () => {
    const admin = await t.signUp({ name: 'Ada Admin' });
    await grantAdmin(t.db, admin.id);
    const sue = await t.signUp({ name: 'Sue Suspended' });
    const { stream, hasEnded } = await signedInStream(sue);
    const suspended = await t.request('POST', `/api/admin/users/${sue.id}/suspend`, {
      user: admin,
      body: { reason: 'Rude messages', days: 3 },
    });
    expect(suspended.statusCode).toBe(200);
    const ended = await stream.next((event) => event.event === 'ended', 2_000);
    const until = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(JSON.parse(ended.data)).toEqual({
      message: MODERATION_MESSAGES.suspended('Rude messages', until),
    });
    await expect.poll(hasEnded, { timeout: 2_000 }).toBe(true);

    // The poster's own sign-out (the first test) ended its stream without a word.
    expect(streams[0]!.events.some((event) => event.event === 'ended')).toBe(false);
  });
});

/** The session row's token of a session cookie (its value before the signature). */
async function tokenOf(cookie: string): Promise<string> {
  const value = decodeURIComponent(cookie.split('=').slice(1).join('=').split(';')[0] ?? '');
  return value.slice(0, value.lastIndexOf('.'));
}
