import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';

type Db = Kysely<Database>;

/**
 * Issue 20 "Block": while either of two users blocks the other, neither reaches the other: no
 * offers or bids on the other's tasks, no questions or replies there, no private messages. The
 * blocked one is told only that they cannot contact this user, never that they are blocked.
 */

/** SQL: no block between `userId` and the user in `otherColumn`, either way. */
export function notBlockedWith<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  otherColumn: string,
  userId: string,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'blocks'>;
  const other = e.ref(otherColumn as 'blocks.blocker_id');
  return e.not(
    e.exists(
      e
        .selectFrom('blocks')
        .select(e.lit(1).as('one'))
        .where((b) =>
          b.or([
            b.and([b('blocks.blocker_id', '=', other), b('blocks.blocked_id', '=', userId)]),
            b.and([b('blocks.blocker_id', '=', userId), b('blocks.blocked_id', '=', other)]),
          ]),
        ),
    ),
  );
}

/** Throws 403 when `actorId` may not reach `otherId`, saying why only to the one who blocked. */
export async function assertNotBlocked(db: Db, actorId: string, otherId: string): Promise<void> {
  if (actorId === otherId) return;
  const rows = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', otherId), eb('blocked_id', '=', actorId)]),
        eb.and([eb('blocker_id', '=', actorId), eb('blocked_id', '=', otherId)]),
      ]),
    )
    .execute();
  if (rows.length === 0) return;
  const blockedByActor = rows.some((row) => row.blocker_id === actorId);
  throw new AppError(
    'forbidden',
    blockedByActor ? MODERATION_MESSAGES.youBlocked : MODERATION_MESSAGES.blocked,
  );
}

/** The users `userId` blocked or who blocked `userId`. */
export async function blockedEitherWay(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id as other')
    .where('blocker_id', '=', userId)
    .unionAll(
      db.selectFrom('blocks').select('blocker_id as other').where('blocked_id', '=', userId),
    )
    .execute();
  return new Set(rows.map((row) => row.other));
}

/** The tables whose change clock (db/change-clock.ts) moves with every block and unblock. */
export const BLOCK_TABLES = ['blocks'] as const;
/** Readers whose blocks a database's process keeps, the least recently read dropped first. */
const KEPT_READERS = 1_000;
const keptBlocks = new WeakMap<Db, Map<string, { at: number; others: ReadonlySet<string> }>>();

/**
 * blockedEitherWay, kept for a reader while `at` (the change clock of BLOCK_TABLES as the
 * caller read it) shows the value it showed when read: a directory page of a signed-in reader
 * reads no blocks while none changed. Without `at`, read each time.
 */
export async function blockedEitherWayAsOf(
  db: Db,
  userId: string,
  at: number | undefined,
): Promise<ReadonlySet<string>> {
  if (at === undefined) return blockedEitherWay(db, userId);
  let kept = keptBlocks.get(db);
  if (!kept) keptBlocks.set(db, (kept = new Map()));
  const entry = kept.get(userId);
  kept.delete(userId);
  const others = entry?.at === at ? entry.others : await blockedEitherWay(db, userId);
  kept.set(userId, { at, others });
  if (kept.size > KEPT_READERS) kept.delete(kept.keys().next().value!);
  return others;
}
