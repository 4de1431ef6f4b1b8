import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { BusListener, EventBus, Listeners } from './bus-listeners.ts';

/** Waits between attempts to listen again: doubling from the first, up to the last. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * PostgreSQL: every instance LISTENs on one dedicated connection (a pooled one may not hold a
 * LISTEN). When that connection dies — the server restarts, a failover, pg_terminate_backend —
 * it connects and listens again by itself, backing off while the database is away, and then
 * tells the listeners to catch up from the tables (NOTIFY is not kept for absent listeners).
 */
export class PgEventBus implements EventBus {
  readonly #connectionString: string;
  readonly #channel: string;
  readonly #listeners: Listeners;
  readonly #log: FastifyBaseLogger;
  #client: pg.Client | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #failures = 0;
  #wasListening = false;
  #closed = false;

  constructor(
    connectionString: string,
    channel: string,
    listeners: Listeners,
    log: FastifyBaseLogger,
  ) {
    this.#connectionString = connectionString;
    this.#channel = channel;
    this.#listeners = listeners;
    this.#log = log;
  }

  start(): Promise<void> {
    return this.#listen();
  }

  subscribe(listener: BusListener): () => void {
    return this.#listeners.add(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  async #listen(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.#connectionString,
      // A connection that vanished without a word (a dead peer) is noticed in about a minute.
      keepAlive: true,
      keepAliveInitialDelayMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    });
    let isLost = false;
    const lost = (error?: Error) => {
      if (isLost) return;
      isLost = true;
      if (this.#client === client) this.#client = undefined;
      void client.end().catch(() => {});
      if (this.#closed) return;
      if (error) this.#log.warn({ err: error }, 'lost the database connection for live events');
      this.#retry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === this.#channel && message.payload) {
        this.#listeners.event(message.payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.#channel}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (this.#closed || isLost) {
      void client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#failures = 0;
    if (this.#wasListening) this.#log.info('listening for live events again');
    this.#wasListening = true;
    // Streams opened while nobody listened catch up from the tables.
    this.#listeners.resync();
  }

  #retry(): void {
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.#failures);
    this.#failures += 1;
    clearTimeout(this.#retryTimer);
    // Jitter, so instances cut off together do not all come back in the same millisecond.
    this.#retryTimer = setTimeout(() => void this.#listen(), delay + Math.random() * delay * 0.2);
    this.#retryTimer.unref();
  }
}
