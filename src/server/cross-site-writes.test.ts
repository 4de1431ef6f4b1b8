import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { snapshotTasks } from '../../tests/support/db-snapshot.ts';
import { makeOffer, postTask, readTaskRow } from '../../tests/support/marketplace.ts';
import { APP_ORIGIN, useTestApp, validTask, type TestUser } from '../../tests/support/test-app.ts';
import { CROSS_SITE_WRITE } from './security.ts';

/**
 * Issue 16: the cross-site write check judges the route that will run, whatever the spelling
 * of its path, and a browser's write with neither Origin nor Referer from another site.
 */
const EVIL = 'http://evil.example';
const t = useTestApp();
const [poster, bidder] = t.users('Pia Poster', 'Bo Bidder');

const write = (url: string, user: TestUser, headers: Record<string, string>, body?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: user.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('a write from another site, however its path is spelled', () => {
  it.each([
    '/%61pi/offers/:id/accept',
    '/%61%70%69/offers/:id/accept',
    '/api/%6Ffers/:id/accept',
    '/api/%6ffers/:id/accept',
    '/api/offers/:id/%61ccept',
  ])('%s is refused (or matches no route) and hires nobody', async (spelling) => {
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, bidder, taskId);
    const response = await write(spelling.replace(':id', offerId), poster, { origin: EVIL });
    expect([403, 404]).toContain(response.statusCode);
    if (response.statusCode === 403) expect(response.json()).toEqual({ message: CROSS_SITE_WRITE });
    expect((await readTaskRow(t, taskId)).status).toBe('open');
  });

  it('an absolute-form target (POST http://host/api/tasks) is refused', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const before = await snapshotTasks(t.db);
    const body = JSON.stringify(validTask());
    const raw = [
      `POST http://127.0.0.1:${port}/api/tasks HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Origin: ${EVIL}`,
      `Cookie: ${poster.cookie}`,
      'Content-Type: text/plain',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text)).on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 (403|404)/);
    expect(await snapshotTasks(t.db)).toEqual(before);
  });
});

describe('a browser write with neither Origin nor Referer', () => {
  it('is refused when the browser says another site sent it', async () => {
    const before = await snapshotTasks(t.db);
    for (const site of ['cross-site', 'same-site']) {
      const response = await write('/api/tasks', poster, { 'sec-fetch-site': site }, validTask());
      expect(response.statusCode, site).toBe(403);
      expect(response.json()).toEqual({ message: CROSS_SITE_WRITE });
    }
    expect(await snapshotTasks(t.db)).toEqual(before);
  });

  it('is taken from our own page (same-origin, or a Referer of ours)', async () => {
    const sameOrigin = await write(
      '/api/tasks',
      poster,
      { 'sec-fetch-site': 'same-origin' },
      validTask(),
    );
    expect(sameOrigin.statusCode).toBe(201);
    const referred = await write(
      '/api/tasks',
      poster,
      { 'sec-fetch-site': 'same-site', referer: `${APP_ORIGIN}/add-task` },
      validTask(),
    );
    expect(referred.statusCode).toBe(201);
    const foreignReferer = await write(
      '/api/tasks',
      poster,
      { referer: `${EVIL}/page` },
      validTask(),
    );
    expect(foreignReferer.statusCode).toBe(403);
  });

  it('is taken from a script (no browser headers at all), as the spec’s clients send it', async () => {
    const response = await write('/api/tasks', poster, {}, validTask());
    expect(response.statusCode).toBe(201);
  });
});
