import type net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
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

/** A read over HTTP, and whether it was answered first. */
async function read(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = t.app.firstAnswers.answered;
  const response = await fetch(`${base}${path}`, { method, headers });
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

async function countedReads(): Promise<number> {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await response.text())
    .split('\n')
    .find(
      (text) =>
        text.startsWith('tasklane_http_requests_total{') &&
        text.includes('route="/api/tasks/:id"') &&
        text.includes('status="200"') &&
        text.includes('method="GET"'),
    );
  return Number(line?.split(' ').at(-1) ?? 0);
}

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
