import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_TOKEN_REQUIRED, NOT_READY_MIGRATIONS } from '../../shared/observability.ts';
import { postTask } from '../../../tests/support/marketplace.ts';
import { createTestApp, settleChanges, type TestApp } from '../../../tests/support/test-app.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one series (its name and labels as written) in a scrape's text, if there. */
function valueIn(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('GET /api/health answers 200 while the process runs', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers 200 when the database answers and its migrations are applied', async () => {
    const response = await t.request('GET', '/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('GET /api/ready answers 503 while the latest migration is missing, and 200 once it is back', async () => {
    const { rows } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1
    `.execute(t.db);
    const latest = rows[0]!;
    await sql`delete from kysely_migration where name = ${latest.name}`.execute(t.db);
    try {
      const response = await t.request('GET', '/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', message: NOT_READY_MIGRATIONS });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${latest.name}, ${latest.timestamp})`.execute(
        t.db,
      );
    }
    expect((await t.request('GET', '/api/ready')).statusCode).toBe(200);
  });

  it('there is no /metrics without METRICS_TOKEN', async () => {
    const response = await t.request('GET', '/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t.close());

  const scrape = () =>
    t.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

  it('refuses a missing or wrong token with 401', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of refused) {
      const response = await t.request('GET', '/metrics', { headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: METRICS_TOKEN_REQUIRED });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('counts requests by route and status, queries by engine, caches, streams and the event loop', async () => {
    const poster = await t.signUp();
    const id = await postTask(t, poster);
    // On PostgreSQL the post comes back through the change poll too: let it, before the reads
    // whose kept answers are counted.
    await settleChanges(t.db);
    for (let i = 0; i < 3; i += 1) await t.request('GET', `/api/tasks/${id}`);
    await t.request('GET', '/api/tasks/unknown-id');
    await t.request('GET', '/api/tasks?limit=8&sort=deadline', { user: poster });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const value = (series: string) => valueIn(text, series);
    expect(
      value('tasklane_http_requests_total{method="GET",route="/api/tasks/:id",status="200"}'),
    ).toBe(3);
    expect(
      value('tasklane_http_requests_total{method="GET",route="/api/tasks/:id",status="404"}'),
    ).toBe(1);
    expect(
      value(
        'tasklane_http_request_duration_seconds_count{method="GET",route="/api/tasks/:id",status="200"}',
      ),
    ).toBe(3);
    // Ids never become labels.
    expect(text).not.toContain(id);
    expect(
      value(`tasklane_db_query_duration_seconds_count{engine="${t.engine}",outcome="ok"}`),
    ).toBeGreaterThan(0);
    // The first read of the task missed, the two after it were kept (no write in between),
    // and the unknown id missed (a refusal is never kept).
    expect(value('tasklane_answer_cache_lookups_total{cache="task",result="hit"}')).toBe(2);
    expect(value('tasklane_answer_cache_lookups_total{cache="task",result="miss"}')).toBe(2);
    expect(value('tasklane_session_cache_lookups_total{result="hit"}')).toBeGreaterThan(0);
    expect(value('tasklane_event_streams_open')).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    if (t.engine === 'postgres') {
      expect(value('tasklane_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('tasklane_db_pool_connections');
    }
  });

  it("says each read worker's memory: its heap, and outside it the search index's arrays", async () => {
    // A search runs on a read worker (the default: one on this machine's cores), which then
    // holds the index of every task.
    const search = await t.request('GET', '/api/tasks/search?q=anything');
    expect(search.statusCode).toBe(200);
    const text = (await scrape()).body;
    const series = (kind: string) =>
      valueIn(text, `tasklane_read_worker_memory_bytes{worker="0",kind="${kind}"}`);
    const used = series('heap_used');
    const total = series('heap_total');
    expect(used).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(used!);
    // The index's typed arrays live outside the heap.
    expect(series('external')).toBeGreaterThan(0);
    // The worker's own figures, not the event loop's (the process's heap, in nodejs_heap_*).
    const eventLoopHeap = valueIn(text, 'nodejs_heap_size_used_bytes');
    expect(eventLoopHeap).toBeGreaterThan(0);
    expect(used).not.toBe(eventLoopHeap);
  });
});

describe('GET /metrics without read workers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, READ_WORKERS: '0' });
  });
  afterAll(async () => t.close());

  it("has no read workers' memory where searches run on the event loop", async () => {
    expect((await t.request('GET', '/api/tasks/search?q=anything')).statusCode).toBe(200);
    const response = await t.request('GET', '/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('tasklane_read_worker_memory_bytes');
  });
});
