import type { Insertable, Kysely, Selectable, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database, FileAttachedType, FileTable } from '../db/types.ts';
import { notBlockedWith } from '../moderation/blocks.ts';
import { ADMIN_ROLE } from '../auth/roles.ts';
import { PUBLIC_IMAGE_PURPOSES } from '../../shared/files.ts';
import type { ReportItemType } from '../../shared/moderation.ts';

/** Issue 49: the SQL of files (migration 0019). */

type Db = Kysely<Database>;
export type FileRow = Selectable<FileTable>;

/** Files that hold storage: everything not removed counts toward the quota. */
const HOLDING = ['pending', 'ready', 'attached'] as const;

export async function insertFile(db: Db, row: Insertable<FileTable>): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

export async function readFile(db: Db, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What a user holds (bytes, less `exceptId`'s) and how many uploads they began since `since`. */
export async function usageOf(
  db: Db,
  ownerId: string,
  since: string,
  exceptId = '',
): Promise<{ bytes: number; startedSince: number }> {
  const row = await db
    .selectFrom('files')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('status', 'in', HOLDING), eb('id', '!=', exceptId)]))
            .then(eb.ref('size_bytes'))
            .else(0)
            .end(),
        )
        .as('bytes'),
      eb.fn
        .sum<number | string | null>(eb.case().when('created_at', '>', since).then(1).else(0).end())
        .as('started'),
    ])
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes ?? 0), startedSince: Number(row.started ?? 0) };
}

/** The judged and processed upload; 0 when another completion got there first. */
export async function markReady(
  db: Db,
  id: string,
  fields: Pick<
    FileRow,
    'kind' | 'mime' | 'size_bytes' | 'storage_key' | 'width' | 'height' | 'placeholder'
  >,
): Promise<number> {
  const result = await db
    .updateTable('files')
    .set({ ...fields, status: 'ready' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Which files to remove: by id, by the items they are attached to, or a leaving owner's own. */
export type FilesToRemove =
  | { ids: readonly string[] }
  | { attachedType: FileAttachedType; attachedIds: readonly string[] }
  /** What others did not receive from them: all but files of messages and deliveries. */
  | { ownerLeaving: string };

/** Marks files removed (never served again), answering their rows: the sweep deletes the bytes. */
export async function markRemoved(
  db: Db,
  where: FilesToRemove,
  now = new Date().toISOString(),
): Promise<FileRow[]> {
  let query = db.updateTable('files').set({ status: 'removed', removed_at: now });
  if ('ids' in where) {
    if (where.ids.length === 0) return [];
    query = query.where('id', 'in', [...where.ids]);
  } else if ('attachedIds' in where) {
    if (where.attachedIds.length === 0) return [];
    query = query
      .where('attached_type', '=', where.attachedType)
      .where('attached_id', 'in', [...where.attachedIds]);
  } else {
    query = query
      .where('owner_id', '=', where.ownerLeaving)
      .where((eb) =>
        eb.or([
          eb('attached_type', 'is', null),
          eb('attached_type', 'not in', ['message', 'delivery']),
        ]),
      );
  }
  return query.where('status', '!=', 'removed').returningAll().execute();
}

/** Of these rows' storage keys, those no file still holds. */
export async function unheldKeys(db: Db, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const held = await db
    .selectFrom('files')
    .select('storage_key')
    .distinct()
    .where('storage_key', 'in', [...new Set(keys)])
    .where('status', 'in', HOLDING)
    .execute();
  const isHeld = new Set(held.map((row) => row.storage_key));
  return [...new Set(keys)].filter((key) => !isHeld.has(key));
}

export async function readFiles(db: Db, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('files')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * The files attached to an item, in order (their position), but those hidden or removed by
 * moderation: listed to nobody (their uploader still opens them by their links).
 */
export async function attachedTo(
  db: Db,
  type: FileAttachedType,
  ids: readonly string[],
): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('files')
    .selectAll()
    .where('attached_type', '=', type)
    .where('attached_id', 'in', [...ids])
    .where('status', '=', 'attached')
    .where('moderation', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The file attached to the item at `position`. */
export async function attachFile(
  db: Db,
  id: string,
  item: { type: FileAttachedType; id: string },
  position: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('files')
    .set((eb) => ({
      status: 'attached',
      attached_type: item.type,
      attached_id: item.id,
      position,
      attached_at: eb.fn.coalesce('attached_at', eb.val(now)),
    }))
    .where('id', '=', id)
    .execute();
}

/** Removed files whose bytes the sweep has yet to delete. */
export async function unpurged(db: Db, limit: number): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('status', '=', 'removed')
    .where('purged_at', 'is', null)
    .limit(limit)
    .execute();
}

export async function markPurged(db: Db, ids: readonly string[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('files')
    .set({ purged_at: now })
    .where('id', 'in', [...ids])
    .execute();
}

/** Uploads begun before `before` and never attached: what the sweep removes. */
export async function unattachedBefore(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('status', 'in', ['pending', 'ready'])
    .where('created_at', '<', before)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Avatars in use become the profile's: an avatar upload is attached to nothing by a body (the
 * spec's forms send only its address as the photo URL, and sign-up sends it before the upload),
 * so before the sweep removes unattached uploads, those whose address is their owner's photo
 * are attached to the owner's profile and kept.
 */
export async function adoptAvatarsInUse(db: Db, before: string, now: string): Promise<number> {
  const result = await db
    .updateTable('files')
    .set({
      status: 'attached',
      attached_type: 'profile',
      attached_id: sql.ref('owner_id'),
      attached_at: now,
    })
    .where('purpose', '=', 'avatar')
    .where('status', '=', 'ready')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user')
          .select('user.id')
          .whereRef('user.id', '=', 'files.owner_id')
          .where(sql<SqlBool>`"user"."image" like '%/files/' || "files"."storage_key" || '-%'`),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The rows of a photo (by its sha-256) that anyone may see: public purposes, their item shown. */
export async function hasPublicImage(db: Db, sha: string): Promise<boolean> {
  const row = await db
    .selectFrom('files')
    .leftJoin('tasks', (join) =>
      join.onRef('tasks.id', '=', 'files.attached_id').on('files.attached_type', '=', 'task'),
    )
    .select('files.id')
    .where('files.storage_key', '=', sha)
    .where('files.kind', '=', 'image')
    .where('files.purpose', 'in', PUBLIC_IMAGE_PURPOSES)
    .where('files.status', 'in', ['ready', 'attached'])
    // A photo hidden by reports or removed (migration 0020): another row of it may still show it.
    .where('files.moderation', 'is', null)
    // A hidden or removed profile (issue 20), or a banned account, shows its photos (avatar,
    // portfolio, tasks) to no one else.
    .where(
      sql<SqlBool>`files.owner_id not in (select id from "user" where banned or moderation is not null)`,
    )
    // A task hidden or removed (issue 20), or of a banned poster, shows its photos to no one else.
    .where((eb) =>
      eb.or([
        eb('files.attached_type', 'is', null),
        eb('files.attached_type', '!=', 'task'),
        eb.and([
          eb('tasks.moderation', 'is', null),
          sql<SqlBool>`tasks.user_id not in (select id from "user" where banned)`,
        ]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `ownerId` holds a photo of this sha-256 (an author sees their own hidden task's). */
export async function ownsImage(db: Db, sha: string, ownerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('storage_key', '=', sha)
    .where('owner_id', '=', ownerId)
    .where('purpose', 'in', PUBLIC_IMAGE_PURPOSES)
    .where('status', 'in', ['ready', 'attached'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What decides who may read a task's files: its poster and whether everyone sees it. */
export async function taskReadersOf(
  db: Db,
  taskId: string,
): Promise<{ posterId: string; isShown: boolean } | undefined> {
  const row = await db
    .selectFrom('tasks')
    .innerJoin('user', 'user.id', 'tasks.user_id')
    .select(['tasks.user_id', 'tasks.moderation', 'user.banned'])
    .where('tasks.id', '=', taskId)
    .executeTakeFirst();
  return row && { posterId: row.user_id, isShown: row.moderation === null && !row.banned };
}

/** Whether either of two users blocks the other (moderation/blocks.ts). */
export async function isBlockedBetween(db: Db, userId: string, otherId: string): Promise<boolean> {
  if (userId === otherId) return false;
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('id', '=', otherId)
    .where((eb) => notBlockedWith(eb, 'user.id', userId))
    .executeTakeFirst();
  return row === undefined;
}

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select('role')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.role === ADMIN_ROLE;
}

/** The two parties of a message's conversation (the task's poster, the offer's author). */
export async function messagePartiesOf(
  db: Db,
  messageId: string,
): Promise<{ userIds: string[]; isShown: boolean } | undefined> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('offers', 'offers.id', 'messages.offer_id')
    .innerJoin('tasks', 'tasks.id', 'offers.task_id')
    .select(['tasks.user_id', 'offers.bidder_id', 'messages.moderation'])
    .where('messages.id', '=', messageId)
    .executeTakeFirst();
  return row && { userIds: [row.user_id, row.bidder_id], isShown: row.moderation === null };
}

/** Whether any of these items has an open report (an admin handles it). */
export async function hasOpenReport(
  db: Db,
  items: readonly { type: ReportItemType; id: string }[],
): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('status', '=', 'open')
    .where((eb) =>
      eb.or(
        items.map((item) => eb.and([eb('item_type', '=', item.type), eb('item_id', '=', item.id)])),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
