import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PORTFOLIO_MAX,
  PORTFOLIO_MESSAGES,
  type PortfolioItem,
  type portfolioCreateSchema,
  type portfolioUpdateSchema,
} from '../../shared/portfolio.ts';
import { PROFILE_MESSAGES } from '../../shared/profiles.ts';
import type { z } from 'zod';
import { isDeletedAddress } from '../accounts/deleted-accounts.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { fileViewOf, removeFiles, setItemFiles } from '../files/files.service.ts';
import { isBlockedBetween } from '../files/files.store.ts';
import type { ProfileReader } from './profiles.service.ts';

/**
 * Issue 49: a freelancer's portfolio (docs/files.md). Each piece's photo is a file of purpose
 * `portfolio` attached to the piece in the piece's own transaction, removed with it.
 */

type Db = Kysely<Database>;
const M = PORTFOLIO_MESSAGES;

/** The pieces of `userIds`' portfolios (or of one piece), each with its photo, in order. */
async function readItems(
  db: Db,
  where: { userId: string } | { itemId: string },
): Promise<PortfolioItem[]> {
  let query = db
    .selectFrom('portfolio_items')
    .innerJoin('files', 'files.id', 'portfolio_items.file_id')
    .select([
      'portfolio_items.id as item_id',
      'portfolio_items.title',
      'portfolio_items.link',
      'portfolio_items.position as item_position',
      'portfolio_items.created_at as item_created_at',
      'files.id',
      'files.kind',
      'files.purpose',
      'files.mime',
      'files.original_name',
      'files.size_bytes',
      'files.storage_key',
      'files.width',
      'files.height',
      'files.placeholder',
    ])
    .where('files.status', '=', 'attached');
  query =
    'userId' in where
      ? query.where('portfolio_items.user_id', '=', where.userId)
      : query.where('portfolio_items.id', '=', where.itemId);
  const rows = await query
    .orderBy('portfolio_items.position')
    .orderBy('portfolio_items.created_at')
    .execute();
  return rows.map((row) => ({
    id: row.item_id,
    title: row.title,
    link: row.link,
    position: row.item_position,
    createdAt: row.item_created_at,
    photo: fileViewOf(row, undefined, undefined),
  }));
}

/**
 * GET /api/users/{id}/portfolio: as the public profile reads (no deleted account; one hidden or
 * removed by moderation for its owner and admins only), and shown to nobody else while the
 * account is banned or either of the two blocks the other.
 */
export async function listPortfolio(
  db: Db,
  userId: string,
  reader: ProfileReader | null,
): Promise<PortfolioItem[]> {
  const user = await db
    .selectFrom('user')
    .select(['id', 'email', 'moderation', 'banned'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || isDeletedAddress(user.email)) {
    throw new AppError('not_found', PROFILE_MESSAGES.userNotFound);
  }
  const isPrivileged = reader?.isAdmin === true || reader?.id === user.id;
  if (user.moderation && !isPrivileged) {
    throw new AppError('not_found', PROFILE_MESSAGES.userNotFound);
  }
  if (!isPrivileged) {
    if (user.banned) return [];
    if (reader && (await isBlockedBetween(db, reader.id, user.id))) return [];
  }
  return readItems(db, { userId });
}

/** The owner's row, locked on PostgreSQL: one change to a portfolio at a time (the cap). */
async function lockOwner(trx: Db, ownerId: string): Promise<void> {
  if (isPostgres(trx)) {
    await trx.selectFrom('user').select('id').where('id', '=', ownerId).forUpdate().execute();
  }
}

async function ownItem(trx: Db, ownerId: string, itemId: string) {
  const row = await trx
    .selectFrom('portfolio_items')
    .select(['id', 'user_id', 'file_id'])
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', M.notFound);
  if (row.user_id !== ownerId) throw new AppError('forbidden', M.notOwner);
  return row;
}

async function oneItem(db: Db, itemId: string): Promise<PortfolioItem> {
  const [item] = await readItems(db, { itemId });
  if (!item) throw new AppError('not_found', M.notFound);
  return item;
}

/** POST /api/me/portfolio: a new piece, last; its photo attached in the same transaction. */
export async function addPortfolioItem(
  db: Db,
  ownerId: string,
  input: z.output<typeof portfolioCreateSchema>,
  now = new Date().toISOString(),
): Promise<PortfolioItem> {
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, ownerId);
    const { count, last } = await trx
      .selectFrom('portfolio_items')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.max('position').as('last'),
      ])
      .where('user_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= PORTFOLIO_MAX) throw new AppError('conflict', M.full);
    await trx
      .insertInto('portfolio_items')
      .values({
        id,
        user_id: ownerId,
        file_id: input.fileId,
        title: input.title,
        link: input.link ?? null,
        position: last === null ? 0 : Number(last) + 1,
        created_at: now,
      })
      .execute();
    await setItemFiles(
      trx,
      {
        ownerId,
        purpose: 'portfolio',
        item: { type: 'portfolio', id },
        groups: [{ ids: [input.fileId], kind: 'image', max: 1, what: 'photos' }],
      },
      now,
    );
  });
  return oneItem(db, id);
}

/** PATCH /api/me/portfolio/{itemId}: its title or link (null or '' clears the link). */
export async function updatePortfolioItem(
  db: Db,
  ownerId: string,
  itemId: string,
  input: z.output<typeof portfolioUpdateSchema>,
): Promise<PortfolioItem> {
  await ownItem(db, ownerId, itemId);
  await db
    .updateTable('portfolio_items')
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.link !== undefined ? { link: input.link } : {}),
    })
    .where('id', '=', itemId)
    .execute();
  return oneItem(db, itemId);
}

/** DELETE /api/me/portfolio/{itemId}: the piece and its photo (the sweep deletes the bytes). */
export async function deletePortfolioItem(
  db: Db,
  ownerId: string,
  itemId: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await ownItem(trx, ownerId, itemId);
    await removeFiles(trx, { attachedType: 'portfolio', attachedIds: [itemId] });
    const result = await trx
      .deleteFrom('portfolio_items')
      .where('id', '=', itemId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** PUT /api/me/portfolio/order: every piece listed once, in the order wanted. */
export async function reorderPortfolio(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<PortfolioItem[]> {
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, ownerId);
    const rows = await trx
      .selectFrom('portfolio_items')
      .select('id')
      .where('user_id', '=', ownerId)
      .execute();
    const own = new Set(rows.map((row) => row.id));
    if (ids.length !== own.size || !ids.every((id) => own.has(id))) {
      throw new AppError('bad_request', M.orderInvalid);
    }
    for (const [position, id] of ids.entries()) {
      await trx.updateTable('portfolio_items').set({ position }).where('id', '=', id).execute();
    }
  });
  return readItems(db, { userId: ownerId });
}
