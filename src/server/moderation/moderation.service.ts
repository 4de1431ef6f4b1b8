import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MODERATION_MESSAGES,
  type AdminAction,
  type AdminUser,
  type AdminUserDetail,
} from '../../shared/moderation.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { withdrawPendingOffers } from '../offers/offers.store.ts';

type Db = Kysely<Database>;

const USER_NOT_FOUND = 'User not found.';

/** What the audit log keeps of one admin action (issue 20): who, what, to what, why. */
export interface AdminActionInput {
  adminId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  details?: Record<string, unknown>;
}

/** Appends one line to the audit log; call it in the action's own transaction. */
export async function recordAdminAction(db: Db, input: AdminActionInput): Promise<void> {
  await db
    .insertInto('admin_actions')
    .values({
      id: crypto.randomUUID(),
      admin_id: input.adminId,
      action: input.action,
      target_type: input.targetType,
      target_id: input.targetId,
      reason: input.reason,
      details: JSON.stringify(input.details ?? {}),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export interface AuditFilter {
  action?: string | undefined;
  adminId?: string | undefined;
  targetId?: string | undefined;
  /** Actions on the user, or on what they wrote (a decision records its author). */
  aboutUser?: string | undefined;
  limit: number;
}

/** The audit log, newest first. */
export async function listAdminActions(db: Db, filter: AuditFilter): Promise<AdminAction[]> {
  let query = db
    .selectFrom('admin_actions')
    .leftJoin('user', 'user.id', 'admin_actions.admin_id')
    .select([
      'admin_actions.id',
      'admin_actions.admin_id',
      'admin_actions.action',
      'admin_actions.target_type',
      'admin_actions.target_id',
      'admin_actions.reason',
      'admin_actions.details',
      'admin_actions.created_at',
      'user.name as admin_name',
    ])
    .orderBy('admin_actions.created_at', 'desc')
    .orderBy('admin_actions.id', 'desc')
    .limit(filter.limit);
  if (filter.action) query = query.where('admin_actions.action', '=', filter.action);
  if (filter.adminId) query = query.where('admin_actions.admin_id', '=', filter.adminId);
  if (filter.targetId) query = query.where('admin_actions.target_id', '=', filter.targetId);
  const about = filter.aboutUser;
  if (about) {
    query = query.where((eb) =>
      eb.or([
        eb('admin_actions.target_id', '=', about),
        eb('admin_actions.details', 'like', `%"author":${JSON.stringify(about)}%`),
      ]),
    );
  }
  const rows = await query.execute();
  const names = await targetNamesOf(db, rows);
  return rows.map((row) => ({
    _id: row.id,
    admin: { _id: row.admin_id, name: row.admin_name ?? 'Deleted user' },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName:
      names.get(`${row.target_type}:${row.target_id}`) ?? `A ${row.target_type} since deleted`,
    reason: row.reason,
    details: JSON.parse(row.details) as Record<string, unknown>,
    createdAt: row.created_at,
  }));
}

const ITEM_NAMES: Record<string, string> = {
  question: 'Question',
  reply: 'Reply',
  message: 'Message',
  review: 'Review',
};

/**
 * Issue 47: what each audit line was done to, by name: a user's name, a task's title, or an
 * item's kind with the title of its task ("Question on “Logo for a bakery”"). Keyed
 * `type:id`; what was deleted since has no name.
 */
async function targetNamesOf(
  db: Db,
  rows: readonly { target_type: string; target_id: string }[],
): Promise<Map<string, string>> {
  const idsOf = (type: string) => [
    ...new Set(rows.filter((row) => row.target_type === type).map((row) => row.target_id)),
  ];
  const names = new Map<string, string>();
  const users = idsOf('user');
  if (users.length) {
    const found = await db
      .selectFrom('user')
      .select(['id', 'name'])
      .where('id', 'in', users)
      .execute();
    for (const user of found) names.set(`user:${user.id}`, user.name);
  }
  // Each kind of item by the title of its task (a task by its own).
  const titled: Record<string, (ids: string[]) => Promise<{ id: string; title: string }[]>> = {
    task: (ids) => db.selectFrom('tasks').select(['id', 'title']).where('id', 'in', ids).execute(),
    question: (ids) =>
      db
        .selectFrom('questions')
        .innerJoin('tasks', 'tasks.id', 'questions.task_id')
        .select(['questions.id', 'tasks.title'])
        .where('questions.id', 'in', ids)
        .execute(),
    reply: (ids) =>
      db
        .selectFrom('question_replies')
        .innerJoin('questions', 'questions.id', 'question_replies.question_id')
        .innerJoin('tasks', 'tasks.id', 'questions.task_id')
        .select(['question_replies.id', 'tasks.title'])
        .where('question_replies.id', 'in', ids)
        .execute(),
    message: (ids) =>
      db
        .selectFrom('messages')
        .innerJoin('offers', 'offers.id', 'messages.offer_id')
        .innerJoin('tasks', 'tasks.id', 'offers.task_id')
        .select(['messages.id', 'tasks.title'])
        .where('messages.id', 'in', ids)
        .execute(),
    review: (ids) =>
      db
        .selectFrom('reviews')
        .innerJoin('tasks', 'tasks.id', 'reviews.task_id')
        .select(['reviews.id', 'tasks.title'])
        .where('reviews.id', 'in', ids)
        .execute(),
    // Issue 49: a file by its name ("File “wall.jpg”").
    file: async (ids) =>
      (
        await db
          .selectFrom('files')
          .select(['id', 'original_name'])
          .where('id', 'in', ids)
          .execute()
      ).map((row) => ({ id: row.id, title: `File “${row.original_name}”` })),
  };
  const onTasks = Object.entries(titled)
    .map(([type, lookup]) => ({ type, ids: idsOf(type), lookup }))
    .filter(({ ids }) => ids.length > 0)
    .map(({ type, ids, lookup }) => ({ type, rows: lookup(ids) }));
  for (const { type, rows: found } of onTasks) {
    for (const row of await found) {
      const kind = ITEM_NAMES[type];
      names.set(`${type}:${row.id}`, kind ? `${kind} on “${row.title}”` : row.title);
    }
  }
  return names;
}

/** The audit log as CSV (RFC 4180), for download. */
export function adminActionsCsv(actions: readonly AdminAction[]): string {
  const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
  const header = ['created_at', 'admin_id', 'admin_name', 'action', 'target_type', 'target_id'];
  const lines = [[...header, 'reason', 'details', 'target_name'].join(',')];
  for (const a of actions) {
    lines.push(
      [
        a.createdAt,
        a.admin._id,
        a.admin.name,
        a.action,
        a.targetType,
        a.targetId,
        a.reason,
        JSON.stringify(a.details),
        // Issue 47, added last so that readers of the earlier columns read them as before.
        a.targetName,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface UserFacts {
  id: string;
  name: string;
  role: string | null;
}

export async function userOrNotFound(db: Db, id: string): Promise<UserFacts> {
  const user = await db
    .selectFrom('user')
    .select(['id', 'name', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) throw new AppError('not_found', USER_NOT_FOUND);
  return user;
}

/** The pending offers of `userId`, or between two users either way (a block). */
async function pendingOffers(db: Db, userId: string, otherId?: string) {
  let query = db
    .selectFrom('offers')
    .innerJoin('tasks', 'tasks.id', 'offers.task_id')
    .select(['offers.id', 'offers.task_id'])
    .where('offers.status', '=', 'pending');
  query = otherId
    ? query.where((eb) =>
        eb.or([
          eb.and([eb('offers.bidder_id', '=', userId), eb('tasks.user_id', '=', otherId)]),
          eb.and([eb('offers.bidder_id', '=', otherId), eb('tasks.user_id', '=', userId)]),
        ]),
      )
    : query.where('offers.bidder_id', '=', userId);
  return query.execute();
}

/** A suspended or banned user's pending offers are withdrawn (issue 20). */
export async function withdrawOffersOf(db: Db, userId: string): Promise<number> {
  return withdrawPendingOffers(db, await pendingOffers(db, userId), new Date().toISOString());
}

/**
 * `blockerId` blocks `blockedId`: the pending offers between them are withdrawn, either way.
 * Blocking again changes nothing. Returns the blocked user's name.
 */
export async function blockUser(db: Db, blockerId: string, blockedId: string): Promise<string> {
  if (blockerId === blockedId) throw new AppError('bad_request', MODERATION_MESSAGES.blockSelf);
  const blocked = await userOrNotFound(db, blockedId);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('blocks')
      .values({
        blocker_id: blockerId,
        blocked_id: blockedId,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
    const between = await pendingOffers(trx, blockerId, blockedId);
    await withdrawPendingOffers(trx, between, new Date().toISOString());
  });
  return blocked.name;
}

/** Ends a block; unblocking someone not blocked changes nothing. Returns their name. */
export async function unblockUser(db: Db, blockerId: string, blockedId: string): Promise<string> {
  const blocked = await userOrNotFound(db, blockedId);
  await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
  return blocked.name;
}

/** The users I blocked, most recent first (never who blocked me). */
export async function listMyBlocks(db: Db, userId: string) {
  const rows = await db
    .selectFrom('blocks')
    .innerJoin('user', 'user.id', 'blocks.blocked_id')
    .select(['user.id', 'user.name', 'user.image', 'blocks.created_at'])
    .where('blocks.blocker_id', '=', userId)
    .orderBy('blocks.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    image: row.image,
    blockedAt: row.created_at,
  }));
}

/** Whether `userId` blocked `otherId` (for the other's profile page). */
export async function hasBlocked(db: Db, userId: string, otherId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocked_id')
    .where('blocker_id', '=', userId)
    .where('blocked_id', '=', otherId)
    .executeTakeFirst();
  return row !== undefined;
}

const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);

/** Users as the operator's search and user page show them (adminUserSchema). */
export function selectAdminUsers(db: Db) {
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'role', 'banned', 'banReason', 'banExpires', 'createdAt']);
}

export function toAdminUser(
  row: Awaited<ReturnType<ReturnType<typeof selectAdminUsers>['executeTakeFirstOrThrow']>>,
): AdminUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role ?? 'user',
    banned: Boolean(row.banned),
    banReason: row.banReason,
    banExpires: iso(row.banExpires),
    createdAt: iso(row.createdAt) ?? '',
  };
}

/** What an operator sees of one user: their latest tasks, offers, reports and history. */
export async function adminUserDetail(db: Db, userId: string): Promise<AdminUserDetail> {
  const row = await selectAdminUsers(db).where('id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('not_found', USER_NOT_FOUND);
  const LATEST = 50;
  const [tasks, offers, made, received, history] = await Promise.all([
    db
      .selectFrom('tasks')
      .select(['id', 'title', 'status', 'moderation', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(LATEST)
      .execute(),
    db
      .selectFrom('offers')
      .innerJoin('tasks', 'tasks.id', 'offers.task_id')
      .select(['offers.id', 'offers.task_id', 'tasks.title', 'offers.status'])
      .select(['offers.amount_cents', 'offers.created_at'])
      .where('offers.bidder_id', '=', userId)
      .orderBy('offers.created_at', 'desc')
      .limit(LATEST)
      .execute(),
    db
      .selectFrom('reports')
      .select(['item_type', 'item_id', 'reason', 'status', 'created_at'])
      .where('reporter_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(LATEST)
      .execute(),
    db
      .selectFrom('reports')
      .innerJoin('user as reporter', 'reporter.id', 'reports.reporter_id')
      .select(['reports.item_type', 'reports.item_id', 'reports.reason', 'reports.note'])
      .select(['reports.status', 'reports.created_at', 'reporter.id as reporter_id'])
      .select('reporter.name as reporter_name')
      .where('reports.author_id', '=', userId)
      .orderBy('reports.created_at', 'desc')
      .limit(LATEST)
      .execute(),
    listAdminActions(db, { aboutUser: userId, limit: LATEST }),
  ]);
  return {
    user: toAdminUser(row),
    tasks: tasks.map((task) => ({
      _id: task.id,
      title: task.title,
      status: task.status,
      moderation: task.moderation,
      createdAt: task.created_at,
    })),
    offers: offers.map((offer) => ({
      _id: offer.id,
      taskId: offer.task_id,
      taskTitle: offer.title,
      status: offer.status,
      amount: Number(offer.amount_cents) / 100,
      createdAt: offer.created_at,
    })),
    reportsMade: made.map((report) => ({
      itemType: report.item_type,
      itemId: report.item_id,
      reason: report.reason,
      status: report.status,
      createdAt: report.created_at,
    })),
    reportsReceived: received.map((report) => ({
      itemType: report.item_type,
      itemId: report.item_id,
      reason: report.reason,
      note: report.note,
      status: report.status,
      reporter: { _id: report.reporter_id, name: report.reporter_name },
      createdAt: report.created_at,
    })),
    history,
  };
}
