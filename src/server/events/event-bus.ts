import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/database.ts';
import { isPostgres } from '../db/engine.ts';
import { inProcessChannelsOf } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import { Listeners, type BusEvent, type BusListener, type EventBus } from './bus-listeners.ts';
import { PgEventBus } from './pg-event-bus.ts';

export type { BusEvent, BusListener, EventBus } from './bus-listeners.ts';

/**
 * How a new notification or message reaches the open event streams of every instance
 * (docs/decisions/010-live-events.md). The writer publishes with `SELECT pg_notify(...)` inside
 * its own transaction: PostgreSQL delivers it to every instance's LISTEN connection once the
 * transaction commits (and never if it rolls back); on SQLite, one process, db/database.ts
 * defines pg_notify as an in-process emitter. The payload names the row and whom it concerns;
 * each instance reads the row from its table, so the payload stays small.
 */

export const EVENTS_CHANNEL = 'tasklane_events';

const payloadOf = (event: BusEvent) => JSON.stringify([event.name, event.id, event.userIds]);

export async function publishEvent(db: Kysely<Database>, event: BusEvent): Promise<void> {
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${payloadOf(event)})`.execute(db);
}

/**
 * Several events in one statement on PostgreSQL (a burst of bids on different tasks: one
 * round trip and one transaction, not one each); one by one on SQLite, whose pg_notify is a
 * function of this process and has no arrays.
 */
export async function publishEvents(db: Kysely<Database>, events: BusEvent[]): Promise<void> {
  if (events.length <= 1 || !isPostgres(db)) {
    for (const event of events) await publishEvent(db, event);
    return;
  }
  const payloads = events.map(payloadOf);
  await sql`select pg_notify(${EVENTS_CHANNEL}, payload) from unnest(${payloads}::text[]) as payload`.execute(
    db,
  );
}

/** SQLite: the events pg_notify emitted in this process. */
class InProcessEventBus implements EventBus {
  readonly #listeners: Listeners;
  readonly #channels;
  readonly #onPayload = (payload: string) => this.#listeners.event(payload);

  constructor(db: Kysely<Database>, log: FastifyBaseLogger) {
    const channels = inProcessChannelsOf(db);
    if (!channels) throw new Error('this SQLite database was not opened by openDatabase');
    this.#channels = channels;
    this.#listeners = new Listeners(log);
  }

  async start(): Promise<void> {
    this.#channels.on(EVENTS_CHANNEL, this.#onPayload);
  }

  subscribe(listener: BusListener): () => void {
    return this.#listeners.add(listener);
  }

  async close(): Promise<void> {
    this.#channels.off(EVENTS_CHANNEL, this.#onPayload);
  }
}

export function createEventBus(options: {
  engine: Engine;
  db: Kysely<Database>;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}): EventBus {
  if (options.engine === 'postgres' && options.databaseUrl) {
    const listeners = new Listeners(options.log);
    return new PgEventBus(options.databaseUrl, EVENTS_CHANNEL, listeners, options.log);
  }
  return new InProcessEventBus(options.db, options.log);
}
