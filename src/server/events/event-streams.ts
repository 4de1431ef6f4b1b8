import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth.ts';
import type { VerifiedSession } from '../auth/session.ts';
import {
  messageEvent,
  messageEventsAfter,
  type StreamMessage,
} from '../conversations/conversations.service.ts';
import type { Database, Position } from '../db/types.ts';
import { AppError } from '../errors.ts';
import {
  notificationEvent,
  notificationEventsAfter,
  unreadEvent,
  type StreamNotification,
} from '../notifications/notifications.service.ts';
import type { BusEvent, EventBus } from './event-bus.ts';
import {
  LIVE_EVENTS_READ_AGO_MARGIN_MS,
  type SessionEndedEvent,
} from '../../shared/live-events.ts';
import { banMessageOf } from '../../shared/moderation.ts';

/**
 * The open `GET /api/events` streams of this instance (docs/decisions/010-live-events.md). An
 * event from the bus names a row; the row is read once and written to each stream of the users
 * it concerns. Each stream knows its position in both tables (its event ids), so a browser that
 * reconnects with Last-Event-ID, or every stream after the bus was cut off, gets what it missed
 * from the tables.
 */

export const TOO_MANY_STREAMS = 'Too many open event streams. Close a tab and try again.';
/** Issue 47: every stream holds a socket and memory; an instance keeps EVENT_STREAMS_MAX. */
export const STREAMS_FULL =
  'This server has as many live connections as it can keep. Live updates will resume in a moment.';
/** Seconds a client refused for a full instance is asked to wait (another may have room). */
export const STREAMS_FULL_RETRY_SECONDS = 10;
/** Open streams per user on one instance: a few tabs and devices, not a flood. */
const STREAMS_PER_USER_MAX = 20;
/** Rows of each table replayed per query, and queries per replay at most. */
const REPLAY_PAGE = 100;
const REPLAY_PAGES_MAX = 10;
/** Session tokens looked up per query when the open streams' sessions are checked. */
const SESSION_CHECK_BATCH = 500;
/** A client that reads nothing while this much waits for it is cut off; it reconnects and replays. */
const BUFFERED_MAX_BYTES = 1024 * 1024;
/** How long a browser waits before reconnecting (the `retry` field). */
const RECONNECT_MS = 2_000;
/** Ids remembered per stream, so a row that arrives both live and in a replay is written once. */
const SENT_IDS_MAX = 1_000;

interface Cursor {
  notification: Position;
  message: Position;
}

interface Stream {
  userId: string;
  /** The task whose page it shows, told when that task changes (`?task=`), if any. */
  taskId: string | undefined;
  /** Its session's row and end: signing out, revoking or expiring ends the stream. */
  session: { token: string; expiresAt: number };
  request: FastifyRequest;
  res: ServerResponse;
  cursor: Cursor;
  sent: Set<string>;
  /** Writes in order: replays and live events queue here. */
  queue: Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const encodePosition = ({ at, id }: Position) => `${Date.parse(at).toString(36)}.${id}`;

function decodePosition(time: string | undefined, id: string | undefined): Position | undefined {
  const ms = parseInt(time ?? '', 36);
  if (!Number.isFinite(ms) || ms < 0 || (id !== '' && !UUID.test(id ?? ''))) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : { at: date.toISOString(), id: id ?? '' };
}

/** An event id: the stream's position in the notifications and in the messages. */
export function encodeEventId(cursor: Cursor): string {
  return `${encodePosition(cursor.notification)}.${encodePosition(cursor.message)}`;
}

export function decodeEventId(value: string | undefined): Cursor | undefined {
  const parts = value?.trim().split('.') ?? [];
  if (parts.length !== 4) return undefined;
  const notification = decodePosition(parts[0], parts[1]);
  const message = decodePosition(parts[2], parts[3]);
  return notification && message ? { notification, message } : undefined;
}

/** `event: task`: its id only; each page reads what its reader may see (live-events.ts). */
const taskEventData = (taskId: string) => `event: task\ndata: ${JSON.stringify({ taskId })}\n\n`;

const isAfter = (a: Position, b: Position) => a.at > b.at || (a.at === b.at && a.id > b.id);

export interface EventStreamsOptions {
  db: Kysely<Database>;
  auth: Auth;
  bus: EventBus;
  heartbeatMs: number;
  /**
   * How often every open stream's session is checked against the database (SESSION_CACHE_SECONDS):
   * a session ended on another instance ends its streams here within it. On this instance a
   * sign-out ends them at once.
   */
  sessionCheckMs: number;
  /** Streams this instance keeps open at most (EVENT_STREAMS_MAX). */
  maxStreams: number;
  log: FastifyBaseLogger;
}

/** Tasks whose last change heard is remembered (each a few dozen bytes), the oldest dropped. */
const TASKS_HEARD_MAX = 10_000;

export class EventStreams {
  readonly #byUser = new Map<string, Set<Stream>>();
  readonly #byTask = new Map<string, Set<Stream>>();
  /** When this instance last heard each task change, oldest first (issue 17). */
  readonly #taskHeardAt = new Map<string, number>();
  /** Before this, this instance may have missed changes (it started, forgot, or lost the bus). */
  #taskHeardSince = Date.now();
  readonly #options: EventStreamsOptions;
  #heartbeat: NodeJS.Timeout | undefined;
  #sessionCheck: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;
  #stopForgetting: (() => void) | undefined;
  #openCount = 0;

  constructor(options: EventStreamsOptions) {
    this.#options = options;
  }

  start(): void {
    this.#unsubscribe = this.#options.bus.subscribe({
      event: (event) => void this.#onEvent(event).catch((error) => this.#failed(error)),
      resync: () => {
        // Task changes are not in the tables: every open task page reads its task again.
        this.#taskHeardSince = Date.now();
        this.#each((stream) => {
          this.#enqueue(stream, () => this.#replay(stream));
          if (stream.taskId) this.#enqueue(stream, () => this.#tellTaskChanged(stream));
        });
      },
    });
    this.#heartbeat = setInterval(() => this.#beat(), this.#options.heartbeatMs);
    this.#heartbeat.unref();
    const checkAll = () => this.#checkSessions([...this.#byUser.values()].flatMap((s) => [...s]));
    this.#sessionCheck = setInterval(checkAll, this.#options.sessionCheckMs);
    this.#sessionCheck.unref();
    // Sign-out, revocations and password changes through this instance (auth.routes.ts).
    this.#stopForgetting = this.#options.auth.sessions.onForget((userId) =>
      this.#checkSessions([...(this.#byUser.get(userId) ?? [])]),
    );
  }

  /** How many streams are open on this instance. */
  get size(): number {
    return this.#openCount;
  }

  /** Takes over the reply: the stream stays open until the client leaves or the server stops. */
  open(
    request: FastifyRequest,
    reply: FastifyReply,
    session: VerifiedSession,
    taskId?: string,
    readAgoMs?: number,
  ): void {
    if (this.#openCount >= this.#options.maxStreams) {
      reply.header('retry-after', String(STREAMS_FULL_RETRY_SECONDS));
      throw new AppError('service_unavailable', STREAMS_FULL);
    }
    const userId = session.user.id;
    const streams = this.#byUser.get(userId) ?? new Set<Stream>();
    if (streams.size >= STREAMS_PER_USER_MAX) {
      throw new AppError('too_many_requests', TOO_MANY_STREAMS);
    }
    // EventSource sends Last-Event-ID when it reconnects by itself; a page that opens a new
    // stream (to watch another task) passes it as `?lastEventId=`.
    const query = request.query as { lastEventId?: unknown } | undefined;
    const lastEventId =
      (request.headers['last-event-id'] as string | undefined) ??
      (typeof query?.lastEventId === 'string' ? query.lastEventId : undefined);
    const resumeFrom = decodeEventId(lastEventId);
    const now = { at: new Date().toISOString(), id: '' };
    const stream: Stream = {
      userId,
      taskId,
      session: { token: session.token, expiresAt: session.expiresAt.getTime() },
      request,
      res: reply.raw,
      cursor: resumeFrom ?? { notification: now, message: now },
      sent: new Set(),
      queue: Promise.resolve(),
    };
    reply.hijack();
    reply.raw.writeHead(200, {
      // The headers the hooks gave the reply (security, CORS): a hijacked reply writes its own.
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      // Nothing on the way may keep, compress or hold back events.
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    streams.add(stream);
    this.#openCount += 1;
    this.#byUser.set(userId, streams);
    if (taskId) this.#byTask.set(taskId, (this.#byTask.get(taskId) ?? new Set()).add(stream));
    reply.raw.on('close', () => this.#forget(stream));
    // The first event id is the position now, so a reconnect before any event misses nothing.
    this.#write(stream, `retry: ${RECONNECT_MS}\nid: ${encodeEventId(stream.cursor)}\n\n`);
    if (resumeFrom) this.#enqueue(stream, () => this.#replay(stream));
    // The page read its task before this stream opened, or its last stream went away: a change
    // heard since, it has not seen.
    const { notification, message } = resumeFrom ?? {};
    const awaySince =
      request.headers['last-event-id'] !== undefined && notification && message
        ? Date.parse(notification.at < message.at ? notification.at : message.at)
        : Infinity;
    const readSince =
      readAgoMs === undefined ? Infinity : Date.now() - readAgoMs - LIVE_EVENTS_READ_AGO_MARGIN_MS;
    const since = Math.min(awaySince, readSince);
    if (taskId && since !== Infinity && this.#taskChangedSince(taskId, since)) {
      this.#enqueue(stream, () => this.#tellTaskChanged(stream));
    }
  }

  /** Whether `taskId` may have changed since `since` (ms) by what this instance heard. */
  #taskChangedSince(taskId: string, since: number): boolean {
    return since < this.#taskHeardSince || (this.#taskHeardAt.get(taskId) ?? -Infinity) >= since;
  }

  #heardTaskChange(taskId: string): void {
    this.#taskHeardAt.delete(taskId);
    this.#taskHeardAt.set(taskId, Date.now());
    if (this.#taskHeardAt.size <= TASKS_HEARD_MAX) return;
    const [oldest, at] = this.#taskHeardAt.entries().next().value!;
    this.#taskHeardAt.delete(oldest);
    this.#taskHeardSince = at;
  }

  #tellTaskChanged(stream: Stream): void {
    this.#write(stream, taskEventData(stream.taskId!));
  }

  /** Ends every stream (the server is stopping); browsers reconnect to another instance. */
  closeAll(): void {
    clearInterval(this.#heartbeat);
    clearInterval(this.#sessionCheck);
    this.#unsubscribe?.();
    this.#stopForgetting?.();
    this.#each((stream) => {
      this.#forget(stream);
      stream.res.end();
    });
  }

  async #onEvent(event: BusEvent): Promise<void> {
    if (event.name === 'task') {
      this.#heardTaskChange(event.id);
      const data = taskEventData(event.id);
      for (const stream of this.#byTask.get(event.id) ?? []) {
        this.#enqueue(stream, () => this.#write(stream, data));
      }
      return;
    }
    const streams = event.userIds.flatMap((userId) => [...(this.#byUser.get(userId) ?? [])]);
    if (streams.length === 0) return;
    const { db } = this.#options;
    if (event.name === 'unread') {
      // A count, not a row: no position, nothing to replay (the client reads it on reconnecting).
      const data = `event: unread\ndata: ${JSON.stringify(await unreadEvent(db, event.id))}\n\n`;
      for (const stream of streams) {
        if (stream.userId === event.id) this.#enqueue(stream, () => this.#write(stream, data));
      }
    } else if (event.name === 'notification') {
      const notification = await notificationEvent(db, event.id);
      if (!notification) return;
      for (const stream of streams) {
        if (stream.userId !== notification.userId) continue;
        this.#enqueue(stream, async () => this.#sendNotification(stream, notification));
      }
    } else {
      const message = await messageEvent(db, event.id);
      if (!message) return;
      for (const stream of streams) {
        if (!message.userIds.includes(stream.userId)) continue;
        this.#enqueue(stream, async () => this.#sendMessage(stream, message));
      }
    }
  }

  /** Everything of the user's after the stream's position, oldest first. */
  async #replay(stream: Stream): Promise<void> {
    const { db } = this.#options;
    for (let page = 0; page < REPLAY_PAGES_MAX; page += 1) {
      const from = stream.cursor.notification;
      const rows = await notificationEventsAfter(db, stream.userId, from, REPLAY_PAGE);
      for (const row of rows) this.#sendNotification(stream, row);
      if (rows.length < REPLAY_PAGE) break;
    }
    for (let page = 0; page < REPLAY_PAGES_MAX; page += 1) {
      const from = stream.cursor.message;
      const rows = await messageEventsAfter(db, stream.userId, from, REPLAY_PAGE);
      for (const row of rows) this.#sendMessage(stream, row);
      if (rows.length < REPLAY_PAGE) break;
    }
  }

  #sendNotification(stream: Stream, row: StreamNotification): void {
    this.#send(stream, 'notification', row.position, row.event);
  }

  #sendMessage(stream: Stream, row: StreamMessage): void {
    this.#send(stream, 'message', row.position, row.readBy(stream.userId));
  }

  #send(stream: Stream, name: keyof Cursor, position: Position, data: unknown): void {
    const key = `${name}:${position.id}`;
    if (stream.sent.has(key)) return;
    stream.sent.add(key);
    if (stream.sent.size > SENT_IDS_MAX) {
      stream.sent.delete(stream.sent.values().next().value!);
    }
    if (isAfter(position, stream.cursor[name])) stream.cursor[name] = position;
    const id = encodeEventId(stream.cursor);
    this.#write(stream, `event: ${name}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  #write(stream: Stream, text: string): void {
    const { res } = stream;
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > BUFFERED_MAX_BYTES) {
      // A client this far behind reconnects and replays from the tables instead.
      this.#forget(stream);
      res.destroy();
      return;
    }
    res.write(text);
  }

  #enqueue(stream: Stream, work: () => Promise<void> | void): void {
    stream.queue = stream.queue.then(work).catch((error) => this.#failed(error));
  }

  #beat(): void {
    this.#each((stream) => this.#write(stream, ':\n\n'));
  }

  /** Ends the streams whose session has ended: signed out, revoked or expired. */
  #checkSessions(streams: Stream[]): void {
    if (streams.length === 0) return;
    const now = Date.now();
    const live = streams.filter((stream) => stream.session.expiresAt > now);
    for (const stream of streams) if (!live.includes(stream)) this.#end(stream);
    const tokens = [...new Set(live.map((stream) => stream.session.token))];
    void (async () => {
      const found = new Set<string>();
      for (let start = 0; start < tokens.length; start += SESSION_CHECK_BATCH) {
        const rows = await this.#options.db
          .selectFrom('session')
          .select('token')
          .where('token', 'in', tokens.slice(start, start + SESSION_CHECK_BATCH))
          .execute();
        for (const row of rows) found.add(row.token);
      }
      const gone = live.filter((stream) => !found.has(stream.session.token));
      const farewells = await this.#banNotices(gone.map((stream) => stream.userId));
      for (const stream of gone) {
        const notice = farewells.get(stream.userId);
        // Issue 47: a banned user's open pages are told why, and leave at once.
        if (notice) this.#write(stream, `event: ended\ndata: ${JSON.stringify(notice)}\n\n`);
        this.#end(stream);
      }
    })().catch((error) => this.#failed(error));
  }

  /** What sign-in would now answer each of these users who is suspended or banned. */
  async #banNotices(userIds: string[]): Promise<Map<string, SessionEndedEvent>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.#options.db
      .selectFrom('user')
      .select(['id', 'banned', 'banReason', 'banExpires'])
      .where('id', 'in', [...new Set(userIds)])
      .execute();
    return new Map(
      rows
        .filter((row) => Boolean(row.banned))
        .map((row) => [row.id, { message: banMessageOf(row.banReason, row.banExpires) }]),
    );
  }

  #end(stream: Stream): void {
    this.#forget(stream);
    stream.res.end();
  }

  #forget(stream: Stream): void {
    const streams = this.#byUser.get(stream.userId);
    // Forgotten once, though a stream ended here also closes afterwards.
    if (streams?.delete(stream)) this.#openCount -= 1;
    if (streams?.size === 0) this.#byUser.delete(stream.userId);
    const watching = stream.taskId === undefined ? undefined : this.#byTask.get(stream.taskId);
    watching?.delete(stream);
    if (watching?.size === 0 && stream.taskId) this.#byTask.delete(stream.taskId);
  }

  #each(call: (stream: Stream) => void): void {
    for (const streams of [...this.#byUser.values()]) {
      for (const stream of [...streams]) call(stream);
    }
  }

  #failed(error: unknown): void {
    this.#options.log.error({ err: error }, 'live event delivery failed');
  }
}
