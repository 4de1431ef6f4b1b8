import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, NotificationTable, Position } from '../db/types.ts';

/** SQL of the notifications (issue 10). Rules: notifications.service.ts. */

type Db = Kysely<Database>;
export type NotificationRow = Selectable<NotificationTable>;

export async function insertNotifications(
  db: Db,
  rows: readonly Insertable<NotificationTable>[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('notifications')
      .values([...rows])
      .execute();
}

export async function findNotification(db: Db, id: string): Promise<NotificationRow | undefined> {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Where one of the user's notifications stands, or undefined when it is not theirs. */
export async function positionOf(
  db: Db,
  userId: string,
  id: string,
): Promise<Position | undefined> {
  const row = await db
    .selectFrom('notifications')
    .select(['created_at', 'id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { at: row.created_at, id: row.id };
}

/** A page of the user's notifications, newest first, older than `before` when given. */
export async function listNotifications(
  db: Db,
  userId: string,
  { before, limit }: { before: Position | undefined; limit: number },
): Promise<NotificationRow[]> {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (before) {
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('created_at', 'id'), '<', tuple(before.at, before.id)),
    );
  }
  return query.execute();
}

/** The user's notifications after `after`, oldest first: what a reconnecting stream missed. */
export async function notificationsAfter(
  db: Db,
  userId: string,
  after: Position,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where(({ eb, refTuple, tuple }) =>
      eb(refTuple('created_at', 'id'), '>', tuple(after.at, after.id)),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which of the user's notifications to mark: the given ones, those with one link, or all. */
export type MarkedNotifications = { ids: readonly string[] } | { link: string } | 'all';

/** Marks the user's own unread notifications read: the given ones, those of one link, or all. */
export async function markRead(
  db: Db,
  userId: string,
  which: MarkedNotifications,
  at: string,
): Promise<number> {
  let update = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (which !== 'all') {
    update =
      'ids' in which
        ? update.where('id', 'in', [...which.ids])
        : update.where('link', '=', which.link);
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
