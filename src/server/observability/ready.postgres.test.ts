import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOT_READY_DATABASE } from '../../shared/observability.ts';
import { createTestApp, PATIENTLY, type TestApp } from '../../../tests/support/test-app.ts';
import { startTcpProxy, type TcpProxy } from '../../../tests/support/tcp-proxy.ts';

/**
 * GET /api/ready while PostgreSQL stops answering and after it is back, without a restart: the
 * app reaches the database through a proxy the test cuts (issue 18). PostgreSQL only.
 */
let proxy: TcpProxy;
let t: TestApp;

beforeAll(async () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? '');
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  t = await createTestApp(
    {},
    {
      viaDatabaseUrl: (url) => {
        const proxied = new URL(url);
        proxied.hostname = '127.0.0.1';
        proxied.port = String(proxy.port);
        return proxied.toString();
      },
    },
  );
});
afterAll(async () => {
  proxy.restore();
  await t.close();
  await proxy.close();
});

it('GET /api/ready says 503 while PostgreSQL does not answer, and 200 again once it does', async () => {
  expect((await t.request('GET', '/api/ready')).statusCode).toBe(200);
  for (let round = 0; round < 2; round += 1) {
    proxy.cut();
    const response = await t.request('GET', '/api/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', message: NOT_READY_DATABASE });
    // Health asks nothing of the database.
    expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
    proxy.restore();
    await expect
      .poll(async () => (await t.request('GET', '/api/ready')).statusCode, PATIENTLY)
      .toBe(200);
  }
});
