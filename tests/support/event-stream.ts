/**
 * A Server-Sent Events client for tests, reading a stream as the standard EventSource does
 * (fields event, data, id; comment lines; an event is dispatched at a blank line), but without
 * reconnecting by itself, so a test decides when and with which Last-Event-ID to come back.
 */

export interface StreamEvent {
  event: string;
  data: string;
  /** The last event id once this event was dispatched. */
  id: string | undefined;
}

export interface EventStreamClient {
  response: Response;
  /** What an EventSource would send as Last-Event-ID if it reconnected now. */
  lastEventId(): string | undefined;
  /** Every event dispatched so far. */
  events: StreamEvent[];
  /** How many comment lines (heartbeats) came so far. */
  comments(): number;
  /** The next event not yet taken that matches, waiting up to `timeoutMs`. */
  next(match?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Waits until the stream has delivered `count` comment lines in all. */
  untilComments(count: number, timeoutMs?: number): Promise<void>;
  /** Settles when the server ends the stream (or the client closed it). */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  url: string,
  options: { cookie?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(url, { headers, signal: controller.signal });

  const events: StreamEvent[] = [];
  const taken = new Set<StreamEvent>();
  let lastEventId: string | undefined;
  let comments = 0;
  let waiters: Array<() => void> = [];
  const wake = () => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) waiter();
  };

  let fields = { event: '', data: [] as string[] };
  const dispatch = () => {
    if (fields.data.length > 0) {
      events.push({
        event: fields.event || 'message',
        data: fields.data.join('\n'),
        id: lastEventId,
      });
    }
    fields = { event: '', data: [] };
  };
  const readLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) {
      comments += 1;
      return;
    }
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'event') fields.event = value;
    if (name === 'data') fields.data.push(value);
    if (name === 'id') lastEventId = value;
  };

  let isEnded = false;
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.search(/\r\n|\n|\r/)) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
          readLine(line);
        }
        wake();
      }
    } catch {
      // Aborted by close(), or the connection was cut: the stream has ended either way.
    } finally {
      isEnded = true;
      wake();
    }
  })();

  const waitFor = async <T>(
    check: () => T | undefined,
    timeoutMs: number,
    what: string,
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (isEnded) throw new Error(`the stream ended while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  return {
    response,
    lastEventId: () => lastEventId,
    events,
    comments: () => comments,
    next(match = () => true, timeoutMs = 5_000) {
      return waitFor(
        () => {
          const found = events.find((event) => !taken.has(event) && match(event));
          if (found) taken.add(found);
          return found;
        },
        timeoutMs,
        'matching event',
      );
    },
    async untilComments(count, timeoutMs = 5_000) {
      await waitFor(() => (comments >= count ? true : undefined), timeoutMs, `${count} comments`);
    },
    ended,
    close: () => controller.abort(),
  };
}
