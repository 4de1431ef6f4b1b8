import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NotificationEvent, UnreadEvent } from '../../shared/live-events.ts';
import { offerLink, profileLink, questionLink, taskLink } from '../../shared/links.ts';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TEXTS,
  NOTIFICATIONS_PAGE_SIZE,
  type MarkReadInput,
  type MarkReadResult,
  type Notification,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationType,
} from '../../shared/notifications.ts';
import { deletedAmong } from '../accounts/deleted-accounts.ts';
import { uniqueNow } from '../db/clock.ts';
import type { Database, Position } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { publishEvent } from '../events/event-bus.ts';
import { mailNotifications } from '../mail/notification-mails.ts';
import { namesOf } from '../profiles/profiles.service.ts';
import {
  countUnread,
  findNotification,
  insertNotifications,
  listNotifications,
  markRead,
  notificationsAfter,
  type MarkedNotifications,
  positionOf,
  type NotificationRow,
} from './notifications.store.ts';

/**
 * Notifications (issue 10). The service of each action calls notify() inside its own
 * transaction, so a notification exists exactly when the action does; the live event is
 * published in the same transaction and reaches the streams once it commits (event-bus.ts).
 */

type Db = Kysely<Database>;

/** Something that happened on a task, for the users it concerns. */
export interface Notice {
  type: NotificationType;
  task: { id: string; title: string };
  /** Who did it: never notified of their own act. Null for what time did (the sweeps). */
  actorId: string | null;
  /** Whose name the text shows, when not the actor's (a review made public by time). */
  namedId?: string | null;
  /** Whom it concerns; the actor, nulls and repeats are left out. */
  recipients: ReadonlyArray<string | null | undefined>;
  offerId?: string;
  questionId?: string;
  /** The saved search the task matches (saved_search_match). */
  searchName?: string;
  /** Why the assignment ended (assignment_reopened): the other party reads it (issue 17). */
  reason?: string;
}

const SOMEONE = 'Someone';

function linkOf(notice: Notice, recipientId: string): string {
  const taskId = notice.task.id;
  if (notice.type === 'review_published') return profileLink(recipientId);
  if (notice.questionId) return questionLink(taskId, notice.questionId);
  if (notice.offerId) return offerLink(taskId, notice.offerId);
  return taskLink(taskId);
}

/** Writes the notifications of one or more notices and publishes each to its recipient. */
export async function notify(db: Db, notices: readonly Notice[]): Promise<void> {
  const namedOf = (notice: Notice) =>
    notice.namedId === undefined ? notice.actorId : notice.namedId;
  const names = await namesOf(
    db,
    notices.flatMap((notice) => namedOf(notice) ?? []),
  );
  // Nobody tells a deleted account anything (issue 19): no notification, so no mail.
  const deleted = await deletedAmong(
    db,
    notices.flatMap((notice) => notice.recipients.filter((id): id is string => !!id)),
  );
  const rows = notices.flatMap((notice) => {
    const named = namedOf(notice);
    const text = NOTIFICATION_TEXTS[notice.type]({
      name: named === null ? null : (names.get(named) ?? SOMEONE),
      title: notice.task.title,
      searchName: notice.searchName,
      reason: notice.reason,
    });
    const recipients = new Set(
      notice.recipients.filter(
        (id): id is string => !!id && id !== notice.actorId && !deleted.has(id),
      ),
    );
    return [...recipients].map((userId) => ({
      id: crypto.randomUUID(),
      user_id: userId,
      type: notice.type,
      text,
      link: linkOf(notice, userId),
      created_at: uniqueNow(),
    }));
  });
  await insertNotifications(db, rows);
  await mailNotifications(db, rows);
  for (const row of rows) {
    await publishEvent(db, { name: 'notification', id: row.id, userIds: [row.user_id] });
  }
}

/**
 * A notification written as it is, to one user: issue 20's notices (a report's outcome, a
 * warning, content removed), which name no actor and are not mailed (MAIL_KIND_OF).
 */
export async function notifyUser(
  db: Db,
  notice: { userId: string; type: NotificationType; text: string; link: string },
): Promise<void> {
  const deleted = await deletedAmong(db, [notice.userId]);
  if (deleted.has(notice.userId)) return;
  const row = {
    id: crypto.randomUUID(),
    user_id: notice.userId,
    type: notice.type,
    text: notice.text,
    link: notice.link,
    created_at: uniqueNow(),
  };
  await insertNotifications(db, [row]);
  await publishEvent(db, { name: 'notification', id: row.id, userIds: [row.user_id] });
}

function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    type: row.type,
    text: row.text,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/** A page of my notifications, newest first, and how many of all of them are unread. */
export async function listMyNotifications(
  db: Db,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  let before: Position | undefined;
  if (query.before !== undefined) {
    before = await positionOf(db, userId, query.before);
    if (!before) throw new AppError('bad_request', NOTIFICATION_MESSAGES.beforeUnknown);
  }
  const [rows, unreadCount] = await Promise.all([
    listNotifications(db, userId, { before, limit: query.limit ?? NOTIFICATIONS_PAGE_SIZE }),
    countUnread(db, userId),
  ]);
  return { items: rows.map(toNotification), unreadCount };
}

/**
 * Marks some of my unread notifications read (the given ids, those about one page, or all);
 * others' ids change nothing. When any changed, my open streams are told the new count
 * (`event: unread`), so the bells of my other tabs and devices follow.
 */
export async function markMyNotificationsRead(
  db: Db,
  userId: string,
  input: MarkReadInput,
): Promise<MarkReadResult> {
  const which: MarkedNotifications = input.all
    ? 'all'
    : input.link !== undefined
      ? { link: input.link }
      : { ids: input.ids ?? [] };
  const modifiedCount = await markRead(db, userId, which, new Date().toISOString());
  if (modifiedCount > 0) await publishEvent(db, { name: 'unread', id: userId, userIds: [userId] });
  return { modifiedCount, unreadCount: await countUnread(db, userId) };
}

/** My unread count, for the `unread` event of my streams. */
export async function unreadEvent(db: Db, userId: string): Promise<UnreadEvent> {
  return { unreadCount: await countUnread(db, userId) };
}

/** A stream's `notification` event: for whom, and what it says. */
export interface StreamNotification {
  userId: string;
  position: Position;
  event: NotificationEvent;
}

function toStreamNotification(row: NotificationRow, unreadCount: number): StreamNotification {
  return {
    userId: row.user_id,
    position: { at: row.created_at, id: row.id },
    event: { notification: toNotification(row), unreadCount },
  };
}

/** The event of one new notification, or undefined when it is gone (its writer rolled back). */
export async function notificationEvent(
  db: Db,
  id: string,
): Promise<StreamNotification | undefined> {
  const row = await findNotification(db, id);
  return row && toStreamNotification(row, await countUnread(db, row.user_id));
}

/** The events of the user's notifications after `after`, oldest first, with today's count. */
export async function notificationEventsAfter(
  db: Db,
  userId: string,
  after: Position,
  limit: number,
): Promise<StreamNotification[]> {
  const [rows, unreadCount] = await Promise.all([
    notificationsAfter(db, userId, after, limit),
    countUnread(db, userId),
  ]);
  return rows.map((row) => toStreamNotification(row, unreadCount));
}
