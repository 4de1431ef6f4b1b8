import type { Message } from '../../../shared/conversations.ts';
import {
  LIVE_EVENTS_PATH,
  LIVE_EVENTS_READ_AGO_PARAM,
  LIVE_EVENTS_TASK_PARAM,
  messageEventSchema,
  taskEventSchema,
  notificationEventSchema,
  sessionEndedEventSchema,
  unreadEventSchema,
  type NotificationEvent,
} from '../../../shared/live-events.ts';
import { notificationsApi } from './notifications-api.ts';

/** The wait before opening a refused stream again: doubling from the first, up to the last. */
const RETRY_FIRST_MS = 10_000;
const RETRY_MAX_MS = 5 * 60_000;

export interface LiveHandlers {
  /** The number of my unread notifications, as the server last said it. */
  onUnreadCount(count: number): void;
  /**
   * A new notification for me (never of my own act: the server sends none) and the unread count
   * with it, which the handler sets: unless I am looking at what it is about.
   */
  onNotification(event: NotificationEvent): void;
  /** A new message in one of my offer conversations, mine (from another tab) included. */
  onMessage(message: Message): void;
  /** The watched task (`options.taskId`) changed (issue 17). */
  onTaskChange(taskId: string): void;
  /** Issue 47: my account was suspended or banned, with what sign-in now answers. */
  onSessionEnded(message: string): void;
}

export interface LiveConnection {
  close(): void;
  /** The position of the last event, for a stream opened after this one to go on from. */
  lastEventId(): string | undefined;
}

/**
 * The signed-in tab's one stream of live events (issue 10, docs/decisions/010-live-events.md):
 * loaded only after sign-in so visitors never download it. EventSource reconnects by itself and
 * sends Last-Event-ID, so the server replays what was missed; on every (re)connection the unread
 * count is read again, since notifications may have been read elsewhere meanwhile. Returns the
 * function that closes the stream.
 */
export function connectLiveEvents(
  handlers: LiveHandlers,
  options: {
    taskId?: string | undefined;
    /** When the task's page began reading it (Date.now()): a change since is told at once. */
    taskReadAt?: number | undefined;
    lastEventId?: string | undefined;
  } = {},
): LiveConnection {
  const params = new URLSearchParams();
  if (options.taskId) params.set(LIVE_EVENTS_TASK_PARAM, options.taskId);
  let lastEventId = options.lastEventId;
  // Every event with an id moves the position (the first line of the stream has one too).
  const track = (event: Event) => {
    const id = (event as MessageEvent).lastEventId;
    if (id) lastEventId = id;
  };
  let isClosed = false;
  // A count read before the latest event may be older than the event's: the event's wins.
  let eventsSeen = 0;

  const readUnreadCount = () => {
    const eventsBefore = eventsSeen;
    notificationsApi
      .readUnreadCount()
      .then((unreadCount) => {
        if (!isClosed && eventsSeen === eventsBefore) handlers.onUnreadCount(unreadCount);
      })
      // No answer: the count shown stays until the next (re)connection or event.
      .catch(() => undefined);
  };

  let source: EventSource;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_FIRST_MS;

  const open = () => {
    if (lastEventId) params.set('lastEventId', lastEventId);
    // Each opening says anew how long ago the page read its task, by this tab's clock.
    if (options.taskId && options.taskReadAt !== undefined) {
      params.set(LIVE_EVENTS_READ_AGO_PARAM, String(Math.max(0, Date.now() - options.taskReadAt)));
    }
    source = new EventSource(`${LIVE_EVENTS_PATH}${params.size ? `?${params}` : ''}`);
    source.addEventListener('open', readUnreadCount);
    for (const name of ['message', 'notification', 'unread']) source.addEventListener(name, track);
    source.addEventListener('task', (event) => {
      const parsed = taskEventSchema.safeParse(parseJson(String(event.data)));
      if (parsed.success && !isClosed) handlers.onTaskChange(parsed.data.taskId);
    });
    source.addEventListener('notification', (event) => {
      const parsed = notificationEventSchema.safeParse(parseJson(String(event.data)));
      if (!parsed.success || isClosed) return;
      eventsSeen += 1;
      handlers.onNotification(parsed.data);
    });
    // Mine were marked read, here or in another tab or device: every bell follows.
    source.addEventListener('unread', (event) => {
      const parsed = unreadEventSchema.safeParse(parseJson(String(event.data)));
      if (!parsed.success || isClosed) return;
      eventsSeen += 1;
      handlers.onUnreadCount(parsed.data.unreadCount);
    });
    // No reconnecting after this: the session is gone, and the page leaves.
    source.addEventListener('ended', (event) => {
      const parsed = sessionEndedEventSchema.safeParse(parseJson(String(event.data)));
      if (!parsed.success || isClosed) return;
      isClosed = true;
      source.close();
      handlers.onSessionEnded(parsed.data.message);
    });
    source.addEventListener('message', (event) => {
      const parsed = messageEventSchema.safeParse(parseJson(String(event.data)));
      if (parsed.success && !isClosed) handlers.onMessage(parsed.data);
    });
    source.addEventListener('open', () => (retryMs = RETRY_FIRST_MS));
    // EventSource retries a dropped stream by itself, but gives up on an answer other than 200
    // (503 when the instance holds EVENT_STREAMS_MAX streams, 429 past a user's own): try again
    // later, waiting longer each time, so live updates come back without a reload (issue 47).
    source.addEventListener('error', () => {
      if (isClosed || source.readyState !== EventSource.CLOSED) return;
      retryTimer = setTimeout(open, retryMs * (0.5 + Math.random()));
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    });
  };
  open();

  return {
    close() {
      isClosed = true;
      clearTimeout(retryTimer);
      source.close();
    },
    lastEventId: () => lastEventId,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
