import crypto from 'node:crypto';
import type net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../tests/support/event-stream.ts';
import { postTask } from '../../tests/support/marketplace.ts';
import { APP_ORIGIN, settleChanges, useTestApp, validTask } from '../../tests/support/test-app.ts';

/**
 * Issue 48: a kept task answered before Fastify (first-answers.ts) is the answer Fastify sends,
 * byte for byte and header for header, counted alike; anything it cannot answer so goes on to
 * Fastify, and a change is never hidden behind it.
 */
const METRICS_TOKEN = 'first-answers-metrics-token';
const t = useTestApp({ METRICS_TOKEN });
const [poster, reader] = t.users('Pia Poster', 'Rex Reader');
let base = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});

/** A request over HTTP, and whether it was answered first. */
async function read(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  sent?: string,
) {
  const before = t.app.firstAnswers.answered;
  const response = await fetch(`${base}${path}`, { method, headers, body: sent });
  const body = await response.text();
  const headersSeen = Object.fromEntries(
    [...response.headers].filter(([name]) => !['date', 'keep-alive'].includes(name)),
  );
  return {
    status: response.status,
    body,
    headers: headersSeen,
    first: t.app.firstAnswers.answered > before,
  };
}

/** The 200s of `route` counted by GET /metrics. */
async function countedRequests(method: string, route: string): Promise<number> {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await response.text())
    .split('\n')
    .find(
      (text) =>
        text.startsWith('tasklane_http_requests_total{') &&
        text.includes(`route="${route}"`) &&
        text.includes('status="200"') &&
        text.includes(`method="${method}"`),
    );
  return Number(line?.split(' ').at(-1) ?? 0);
}

const countedReads = () => countedRequests('GET', '/api/tasks/:id');

describe('a kept task sent before Fastify', () => {
  it('to a signed-in reader is theirs (the poster’s unmasked), as Fastify sends it', async () => {
    const address = 'pia.brand@example.com';
    const taskId = await postTask(t, poster, {
      description: `A friendly logo in two colours; the brand files come from ${address}.`,
    });
    await settleChanges(t.db);
    const bodies: string[] = [];
    for (const user of [reader, poster]) {
      const cookie = { cookie: user.cookie, origin: APP_ORIGIN };
      // A query string the route ignores: Fastify answers (and verifies the session).
      const byFastify = await read(`/api/tasks/${taskId}?by=fastify`, cookie);
      expect(byFastify.first).toBe(false);
      const first = await read(`/api/tasks/${taskId}`, cookie);
      expect(first.first, user.name).toBe(true);
      expect(first.body).toBe(byFastify.body);
      expect(first.headers).toEqual(byFastify.headers);
      bodies.push(first.body);
    }
    // Contact details masked for others, not for the task's own party (decision 022).
    expect(bodies[0]).not.toContain(address);
    expect(bodies[1]).toContain(address);
  });

  it('is what Fastify sends: status, bytes and headers, for our origin and any other', async () => {
    const taskId = await postTask(t, poster);
    await settleChanges(t.db);
    const counted = await countedReads();
    for (const origin of [APP_ORIGIN, 'http://elsewhere.example', undefined]) {
      const headers: Record<string, string> = origin ? { origin } : {};
      // A query string the route ignores: Fastify answers.
      const byFastify = await read(`/api/tasks/${taskId}?by=fastify`, headers);
      expect(byFastify.first).toBe(false);
      // A cookie that signs no one in is no one's read, as Fastify reads it too.
      const first = await read(`/api/tasks/${taskId}`, { ...headers, cookie: 'theme=dark' });
      expect(first.first).toBe(true);
      expect(first.status).toBe(200);
      expect(first.body).toBe(byFastify.body);
      expect(first.headers).toEqual(byFastify.headers);
      expect(JSON.parse(first.body)).toMatchObject({ _id: taskId, title: validTask().title });
    }
    // Counted as Fastify's answers are (GET /metrics), each read once.
    expect(await countedReads()).toBe(counted + 6);
  });

  it('never hides a change, and leaves credentials, queries, HEAD and odd paths to Fastify', async () => {
    const taskId = await postTask(t, poster);
    await settleChanges(t.db);
    await read(`/api/tasks/${taskId}`);
    expect((await read(`/api/tasks/${taskId}`)).first).toBe(true);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${taskId}`,
      headers: { cookie: poster.cookie, origin: APP_ORIGIN },
      payload: validTask({ title: 'Design a logo for a flower shop' }),
    });
    expect(edited.statusCode).toBe(200);
    const afterEdit = await read(`/api/tasks/${taskId}`);
    expect(afterEdit.first).toBe(false);
    expect(JSON.parse(afterEdit.body).title).toBe('Design a logo for a flower shop');
    // The edit's own after-effects (its match job) may still tick the clock: kept once they end.
    await settleChanges(t.db);
    await read(`/api/tasks/${taskId}`);
    expect((await read(`/api/tasks/${taskId}`)).first).toBe(true);

    // A credential no session stands behind: Fastify, which answers as to no one.
    const bearer = await read(`/api/tasks/${taskId}`, { authorization: 'Bearer nothing' });
    expect(bearer.first).toBe(false);
    const forged = await read(`/api/tasks/${taskId}`, {
      cookie: `${t.app.auth.sessionCookieName}=x.y`,
    });
    expect(forged.first).toBe(false);
    for (const path of [`/api/tasks/${taskId}?x=1`, `/api/tasks/${taskId}/`, '/api/tasks/%41']) {
      expect((await read(path)).first, path).toBe(false);
    }
    const head = await read(`/api/tasks/${taskId}`, {}, 'HEAD');
    expect(head).toMatchObject({ status: 200, first: false, body: '' });
    const missing = await read('/api/tasks/no-such-task');
    expect(missing).toMatchObject({ status: 404, first: false });
  });
});

/** A bid over HTTP, and whether it was answered first; `path` after the task's. */
async function bid(
  taskId: string,
  headers: Record<string, string>,
  { path = '', body }: { path?: string; body?: string } = {},
) {
  return read(`/api/tasks/${taskId}/bids${path}`, headers, 'PATCH', body);
}

async function bidsOf(taskId: string) {
  const task = await t.db
    .selectFrom('tasks')
    .select('bids_count')
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('bids')
    .select('bidder_id')
    .where('task_id', '=', taskId)
    .execute();
  return { count: task.bids_count, bidders: rows.map((row) => row.bidder_id) };
}

describe('a bid sent before Fastify', () => {
  it('is the bid Fastify makes: answer, headers, rows, metrics and the live event', async () => {
    const taskId = await postTask(t, poster);
    const signedIn = {
      cookie: reader.cookie,
      origin: APP_ORIGIN,
      'content-type': 'application/json',
    };
    // The session checked in full once (a read Fastify answers): then known at once.
    expect((await read(`/api/tasks/${taskId}?by=fastify`, signedIn)).status).toBe(200);
    const counted = await countedRequests('PATCH', '/api/tasks/:id/bids');
    const stream = await openEventStream(`${base}/api/events?task=${taskId}`, {
      cookie: poster.cookie,
    });
    try {
      await expect.poll(() => stream.lastEventId()).toBeDefined();
      const first = await bid(taskId, signedIn);
      expect(first).toMatchObject({ status: 200, body: '{"modifiedCount":1}', first: true });
      // The task page hears of it, as of a bid Fastify answers.
      await expect
        .poll(() => stream.events.filter((event) => event.event === 'task').length)
        .toBeGreaterThan(0);
      expect(JSON.parse(stream.events.find((event) => event.event === 'task')!.data)).toEqual({
        taskId,
      });
    } finally {
      stream.close();
    }
    // A query string the route ignores: Fastify answers, with the same bytes and headers.
    const byFastify = await bid(taskId, signedIn, { path: '?by=fastify' });
    expect(byFastify.first).toBe(false);
    const again = await bid(taskId, signedIn);
    expect(again.first).toBe(true);
    expect(again.body).toBe(byFastify.body);
    expect(again.headers).toEqual(byFastify.headers);
    expect(await bidsOf(taskId)).toEqual({ count: 3, bidders: [reader.id, reader.id, reader.id] });
    expect(await countedRequests('PATCH', '/api/tasks/:id/bids')).toBe(counted + 3);
  });

  it('leaves refusals, other pages, bodies and sessions not known at once to Fastify, changing nothing', async () => {
    const taskId = await postTask(t, poster);
    // A task no longer open: the rules refuse its bids.
    const closed = await postTask(t, poster);
    await t.db.updateTable('tasks').set({ status: 'completed' }).where('id', '=', closed).execute();
    const signedIn = { cookie: reader.cookie, origin: APP_ORIGIN };
    expect((await read(`/api/tasks/${taskId}?by=fastify`, signedIn)).status).toBe(200);
    const cases: [string, string, Record<string, string>, { path?: string; body?: string }?][] = [
      // Tried first, refused by the rules, answered by Fastify's route.
      ['a closed task', closed, signedIn],
      ['no such task', crypto.randomUUID(), signedIn],
      ['not a task id', 'no-such-task', signedIn],
      // Never tried first.
      ['another site', taskId, { ...signedIn, origin: 'http://elsewhere.example' }],
      ['a body', taskId, { ...signedIn, 'content-type': 'application/json' }, { body: '{' }],
      ['no session', taskId, { cookie: `${t.app.auth.sessionCookieName}=x.y`, origin: APP_ORIGIN }],
    ];
    const answered = t.app.firstAnswers.answered;
    for (const [label, id, headers, options] of cases) {
      const answer = await bid(id, headers, options);
      const byFastify = await bid(id, headers, { ...options, path: '?by=fastify' });
      expect(answer.status, label).toBeGreaterThanOrEqual(400);
      expect(answer.body, label).toBe(byFastify.body);
      expect(answer.headers, label).toEqual(byFastify.headers);
    }
    expect(t.app.firstAnswers.answered).toBe(answered);
    expect(await bidsOf(taskId)).toEqual({ count: 0, bidders: [] });
    expect(await bidsOf(closed)).toEqual({ count: 0, bidders: [] });
    // A body, or a type, Fastify reads: its route bids, not the first answer.
    for (const [type, body] of [
      ['application/json', '{}'],
      ['text/plain', undefined],
    ] as const) {
      const answer = await bid(taskId, { ...signedIn, 'content-type': type }, { body });
      expect(answer, type).toMatchObject({ status: 200, first: false });
    }
    expect(await bidsOf(taskId)).toEqual({ count: 2, bidders: [reader.id, reader.id] });
  });
});
