import type { FastifyBaseLogger } from 'fastify';
import { LIVE_EVENT_NAMES, type LiveEventName } from '../../shared/live-events.ts';

/**
 * What the event buses share (event-bus.ts for SQLite and the publishers, pg-event-bus.ts for
 * PostgreSQL): the event, the listeners' face and how a payload is read. Its own module so
 * neither bus imports the other (issue 48: no import circles).
 */

export interface BusEvent {
  name: LiveEventName;
  /** The notification's or message's id; for `unread`, the user's. */
  id: string;
  /** The users whose streams it goes to. */
  userIds: string[];
}

export interface BusListener {
  event(event: BusEvent): void;
  /** The bus was cut off and is back: events published meanwhile may never arrive. */
  resync(): void;
}

export interface EventBus {
  /** Resolves once listening (or once the first attempt failed: it keeps trying on its own). */
  start(): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** The event in a payload, or undefined for anything else. */
function decodeEvent(payload: string): BusEvent | undefined {
  try {
    const [name, id, userIds] = JSON.parse(payload) as unknown[];
    const isName = LIVE_EVENT_NAMES.includes(name as LiveEventName);
    const isUsers = Array.isArray(userIds) && userIds.every((user) => typeof user === 'string');
    if (!isName || typeof id !== 'string' || !isUsers) return undefined;
    return { name: name as LiveEventName, id, userIds: userIds as string[] };
  } catch {
    return undefined;
  }
}

/** The listeners of one bus, each called on its own so one failing cannot stop the others. */
export class Listeners {
  readonly #listeners = new Set<BusListener>();
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  add(listener: BusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  event(payload: string): void {
    const event = decodeEvent(payload);
    if (!event) return;
    this.#each((listener) => listener.event(event));
  }

  resync(): void {
    this.#each((listener) => listener.resync());
  }

  #each(call: (listener: BusListener) => void): void {
    for (const listener of this.#listeners) {
      try {
        call(listener);
      } catch (error) {
        this.#log.error({ err: error }, 'event listener failed');
      }
    }
  }
}
