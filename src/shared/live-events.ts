import { z } from 'zod';
import { messageSchema } from './conversations.ts';
import { notificationSchema } from './notifications.ts';

/**
 * GET /api/events (issue 10): a Server-Sent Events stream of what concerns the signed-in user,
 * for the standard EventSource. Each event's `data` is JSON; its `id` is the stream's position,
 * which the browser sends back as Last-Event-ID on reconnecting so the server replays what was
 * missed. Comment lines keep the connection open through proxies.
 */
export const LIVE_EVENTS_PATH = '/api/events';

export const LIVE_EVENT_NAMES = ['notification', 'message', 'unread', 'task'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** `event: notification`: a new notification for me, and how many are unread now. */
export const notificationEventSchema = z.object({
  notification: notificationSchema,
  unreadCount: z.number().int(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** `event: message`: a new message in one of my offer conversations (mine included). */
export const messageEventSchema = messageSchema;
export type MessageEvent = z.infer<typeof messageEventSchema>;

/**
 * `event: unread`: my notifications were marked read (in this tab or another, on any device),
 * and how many are unread now, so every open bell follows. It carries no `id`: nothing to replay,
 * since a reconnecting tab reads the count again anyway.
 */
export const unreadEventSchema = z.object({ unreadCount: z.number().int() });
export type UnreadEvent = z.infer<typeof unreadEventSchema>;

/**
 * `GET /api/events?task=<id>`: the stream also says when that task changed (issue 17), so an
 * open task page reads it again. `event: task` carries only the task's id, never what changed:
 * the page reads what its reader may see through the ordinary routes. No `id`: a stream that
 * opens (`readAgo`) or reconnects (Last-Event-ID) after a change it did not hear gets one
 * `event: task` at once instead.
 */
export const LIVE_EVENTS_TASK_PARAM = 'task';
/**
 * `&readAgo=<ms>`: how long ago, by the page's own clock, it began reading the task. A change the
 * server heard since then (the page read the task before its stream opened) is told at once, as
 * a change heard while a reconnecting stream was away is.
 */
export const LIVE_EVENTS_READ_AGO_PARAM = 'readAgo';
/**
 * How much earlier than `readAgo` says a change still counts as unseen: the page measures it
 * before its request travels and waits at the server. A change in the 2 s before a read is told
 * too, and the page reads once more.
 */
export const LIVE_EVENTS_READ_AGO_MARGIN_MS = 2_000;
export const taskEventSchema = z.object({ taskId: z.string() });
export type TaskEvent = z.infer<typeof taskEventSchema>;

/**
 * `event: ended` (issue 47): the stream's session was ended by a suspension or ban, and what
 * sign-in now answers. The page leaves at once rather than on its next request. Sent only for a
 * suspension or ban: a sign-out ends the stream without it.
 */
export const sessionEndedEventSchema = z.object({ message: z.string() });
export type SessionEndedEvent = z.infer<typeof sessionEndedEventSchema>;
