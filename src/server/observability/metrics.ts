import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { answerCacheStatsOf } from '../answer-cache.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { Engine, PoolUse, QueryListener } from '../db/database.ts';
import type { ReadWorkers } from '../db/read-workers.ts';
import type { Database } from '../db/types.ts';
import type { EventStreams } from '../events/event-streams.ts';
import type { FirstAnswers } from '../first-answers.ts';

/** What the metrics read of the running app, each at the moment it is scraped. */
export interface MetricsSources {
  app: FastifyInstance;
  db: Kysely<Database>;
  engine: Engine;
  sessions: SessionCache;
  streams: EventStreams;
  observeQueries?: ((listener: QueryListener) => void) | undefined;
  poolUse?: (() => PoolUse) | undefined;
  /** The read workers, where searches run on them: their memory (the process's is the loop's). */
  readers?: ReadWorkers | undefined;
  /** Answers sent before Fastify (first-answers.ts), counted as its own are. */
  firstAnswers?: FirstAnswers | undefined;
}

/** Seconds: fine below 10 ms, where a request of this API mostly ends, coarse above. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.25, 1, 10];

/**
 * The Prometheus metrics of one app (issue 18), in a registry of its own: requests by route and
 * status, query time by engine, the Node process (event-loop lag among them), open event
 * streams, the answer and session caches, PostgreSQL's pool, and the read workers' memory.
 * Counts the app keeps anyway (caches, streams, pool) are read when scraped, so they cost nothing
 * between scrapes.
 */
export function createMetrics(sources: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'tasklane_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'tasklane_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  sources.app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the URL: ids and queries would make a series each.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  sources.firstAnswers?.onAnswered((method, _url, route, status, ms) => {
    const labels = { method, route, status: String(status) };
    requests.inc(labels);
    latency.observe(labels, ms / 1000);
  });

  const queries = new Histogram({
    name: 'tasklane_db_query_duration_seconds',
    help: 'Time of database queries, by engine and outcome.',
    labelNames: ['engine', 'outcome'],
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const engine = sources.engine;
  const ok = queries.labels({ engine, outcome: 'ok' });
  const failed = queries.labels({ engine, outcome: 'error' });
  sources.observeQueries?.((ms, isError) => (isError ? failed : ok).observe(ms / 1000));

  new Gauge({
    name: 'tasklane_event_streams_open',
    help: 'Open GET /api/events streams on this instance.',
    registers: [registry],
    collect() {
      this.set(sources.streams.size);
    },
  });

  new Counter({
    name: 'tasklane_answer_cache_lookups_total',
    help: 'Kept answers asked for, by cache and result (hit: sent as kept; miss: read anew).',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of answerCacheStatsOf(sources.db)) {
        this.inc({ cache, result: 'hit' }, stats.hits);
        this.inc({ cache, result: 'miss' }, stats.misses);
      }
    },
  });
  new Counter({
    name: 'tasklane_session_cache_lookups_total',
    help: 'Session cookies looked up in the session cache, by result.',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, sources.sessions.hits);
      this.inc({ result: 'miss' }, sources.sessions.misses);
    },
  });

  const poolUse = sources.poolUse;
  if (poolUse) {
    new Gauge({
      name: 'tasklane_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (total, idle, waiting: requests waiting for one).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }
  const readers = sources.readers;
  if (readers) {
    new Gauge({
      name: 'tasklane_read_worker_memory_bytes',
      help: "Each read worker's memory, by worker and kind (heap_used, heap_total, and external: array buffers outside the heap, the search index's among them).",
      labelNames: ['worker', 'kind'],
      registers: [registry],
      async collect() {
        // Workers come and go (one that dies is started again): only those running now.
        this.reset();
        (await readers.memory()).forEach((memory, index) => {
          const worker = String(index);
          this.set({ worker, kind: 'heap_used' }, memory.heapUsedBytes);
          this.set({ worker, kind: 'heap_total' }, memory.heapTotalBytes);
          this.set({ worker, kind: 'external' }, memory.externalBytes);
        });
      },
    });
  }
  return registry;
}
