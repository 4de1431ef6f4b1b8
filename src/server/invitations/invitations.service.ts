import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  INVITATION_MESSAGES,
  INVITATIONS_PER_DAY,
  SUGGESTED_FREELANCERS_MAX,
  type Invitation,
  type InvitationInput,
} from '../../shared/invitations.ts';
import type { DirectoryItem } from '../../shared/freelancer-directory.ts';
import { isExpired, todayUtc } from '../../shared/task-status.ts';
import { TASK_FIELD_MESSAGES } from '../../shared/tasks.ts';
import { isDeletedAddress } from '../accounts/deleted-accounts.ts';
import { uniqueNow } from '../db/clock.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { accountStateOf } from '../moderation/account-state.ts';
import { assertNotBlocked } from '../moderation/blocks.ts';
import { notify } from '../notifications/notifications.service.ts';
import { freelancersWithSkills } from '../profiles/freelancer-directory.ts';
import { readTaskFacts } from '../tasks/task-status.ts';
import { countMadeSince } from '../db/count-since.ts';

/**
 * Issue 50 "Invitations" (src/shared/invitations.ts): a poster invites a freelancer to make an
 * offer on an open task. Each change notifies the other party in its own transaction.
 */

type Db = Kysely<Database>;

const M = INVITATION_MESSAGES;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An account that may be invited: there, not deleted, hidden, banned or suspended. */
async function assertInvitable(db: Db, userId: string): Promise<void> {
  const user = await db
    .selectFrom('user')
    .select(['id', 'email', 'moderation', 'banned', 'banExpires'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const isAway =
    !user ||
    isDeletedAddress(user.email) ||
    user.moderation !== null ||
    accountStateOf(user.banned, user.banExpires).accountState !== undefined;
  if (isAway) throw new AppError('not_found', M.noSuchFreelancer);
}

/**
 * POST /api/tasks/{id}/invitations: the poster of an open, unexpired task invites someone who is
 * not blocked either way, has no offer on it and is not invited yet; at most
 * INVITATIONS_PER_DAY in 24 hours (on PostgreSQL the poster's row is locked first, so that
 * invitations sent at once are counted one after another).
 */
export async function inviteToTask(
  db: Db,
  taskId: string,
  posterId: string,
  input: InvitationInput,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) {
      await trx.selectFrom('user').select('id').where('id', '=', posterId).forUpdate().execute();
    }
    const task = await readTaskFacts(trx, taskId);
    if (!task) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
    if (task.userId !== posterId) throw new AppError('forbidden', M.notPoster);
    if (task.status !== 'open' || task.moderation || isExpired(task, todayUtc())) {
      throw new AppError('conflict', M.notOpen);
    }
    const { freelancerId } = input;
    if (freelancerId === posterId) throw new AppError('bad_request', M.self);
    await assertInvitable(trx, freelancerId);
    await assertNotBlocked(trx, posterId, freelancerId);
    const offer = await trx
      .selectFrom('offers')
      .select('status')
      .where('task_id', '=', taskId)
      .where('bidder_id', '=', freelancerId)
      .where('status', 'in', ['pending', 'accepted', 'declined'])
      .executeTakeFirst();
    if (offer) throw new AppError('conflict', M.alreadyOffered);
    const invited = await trx
      .selectFrom('invitations')
      .select('id')
      .where('task_id', '=', taskId)
      .where('freelancer_id', '=', freelancerId)
      .executeTakeFirst();
    if (invited) throw new AppError('conflict', M.alreadyInvited);
    const since = new Date(Date.now() - DAY_MS);
    const sent = await countMadeSince(trx, 'invitations', { poster_id: posterId }, since);
    if (sent >= INVITATIONS_PER_DAY) throw new AppError('too_many_requests', M.perDay);
    const id = crypto.randomUUID();
    await trx
      .insertInto('invitations')
      .values({
        id,
        task_id: taskId,
        poster_id: posterId,
        freelancer_id: freelancerId,
        note: input.note || null,
        status: 'pending',
        decline_reason: null,
        created_at: uniqueNow(),
        answered_at: null,
      })
      .execute();
    await notify(trx, [
      {
        type: 'invitation_received',
        task: { id: task.id, title: task.title },
        actorId: posterId,
        recipients: [freelancerId],
        reason: input.note || undefined,
      },
    ]);
    return id;
  });
}

/**
 * GET /api/tasks/{id}/suggested-freelancers: for the poster of an open task, up to
 * SUGGESTED_FREELANCERS_MAX freelancers sharing its skills (the most shared first), as the
 * directory lists them to the poster (never hidden, banned, deleted or blocked either way), less
 * whom they invited already and who made an offer.
 */
export async function suggestFreelancers(
  db: Db,
  taskId: string,
  posterId: string,
): Promise<DirectoryItem[]> {
  const task = await readTaskFacts(db, taskId);
  if (!task) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  if (task.userId !== posterId) throw new AppError('forbidden', M.notPoster);
  if (task.status !== 'open' || task.moderation || isExpired(task, todayUtc())) {
    throw new AppError('conflict', M.notOpen);
  }
  const [skills, invited, bidders] = await Promise.all([
    db.selectFrom('task_skills').select('skill_key').where('task_id', '=', taskId).execute(),
    db.selectFrom('invitations').select('freelancer_id').where('task_id', '=', taskId).execute(),
    db.selectFrom('offers').select('bidder_id').where('task_id', '=', taskId).execute(),
  ]);
  return freelancersWithSkills(db, {
    skillKeys: skills.map((row) => row.skill_key),
    readerId: posterId,
    excludedIds: [
      posterId,
      ...invited.map((row) => row.freelancer_id),
      ...bidders.map((row) => row.bidder_id),
    ],
    limit: SUGGESTED_FREELANCERS_MAX,
  });
}

/** POST /api/invitations/{id}/decline: the invited freelancer says no, the poster is told. */
export async function declineInvitation(
  db: Db,
  id: string,
  freelancerId: string,
  reason: string | undefined,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('invitations')
      .innerJoin('tasks', 'tasks.id', 'invitations.task_id')
      .select([
        'invitations.freelancer_id',
        'invitations.poster_id',
        'invitations.status',
        'tasks.id as task_id',
        'tasks.title',
      ])
      .where('invitations.id', '=', id)
      .executeTakeFirst();
    if (!invitation) throw new AppError('not_found', M.notFound);
    if (invitation.freelancer_id !== freelancerId) throw new AppError('forbidden', M.notYours);
    const { numUpdatedRows } = await trx
      .updateTable('invitations')
      .set({ status: 'declined', decline_reason: reason || null, answered_at: uniqueNow() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(numUpdatedRows) === 0) throw new AppError('conflict', M.notPending);
    await notify(trx, [
      {
        type: 'invitation_declined',
        task: { id: invitation.task_id, title: invitation.title },
        actorId: freelancerId,
        recipients: [invitation.poster_id],
        reason: reason || undefined,
      },
    ]);
    return 1;
  });
}

/** An offer made answers the freelancer's invitation to its task (in the offer's transaction). */
export async function answerInvitationWithOffer(
  db: Db,
  taskId: string,
  freelancerId: string,
): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ status: 'offered', answered_at: uniqueNow() })
    .where('task_id', '=', taskId)
    .where('freelancer_id', '=', freelancerId)
    .where('status', '=', 'pending')
    .execute();
}

type InvitationFilter =
  { taskId: string; readerId: string } | { freelancerId: string } | { posterId: string };

/**
 * Invitations, newest first: a task's (its poster reads all of them, anyone else their own), or
 * those a freelancer received, or those a poster sent.
 */
export async function listInvitations(db: Db, filter: InvitationFilter): Promise<Invitation[]> {
  let query = db
    .selectFrom('invitations')
    .innerJoin('tasks', 'tasks.id', 'invitations.task_id')
    .innerJoin('user as poster', 'poster.id', 'invitations.poster_id')
    .innerJoin('user as freelancer', 'freelancer.id', 'invitations.freelancer_id')
    .select([
      'invitations.id',
      'invitations.task_id',
      'tasks.title',
      'invitations.poster_id',
      'poster.name as poster_name',
      'invitations.freelancer_id',
      'freelancer.name as freelancer_name',
      'invitations.note',
      'invitations.status',
      'invitations.decline_reason',
      'invitations.created_at',
      'invitations.answered_at',
    ])
    .orderBy('invitations.created_at', 'desc')
    .limit(200);
  if ('taskId' in filter) {
    query = query
      .where('invitations.task_id', '=', filter.taskId)
      .where((eb) =>
        eb.or([
          eb('tasks.user_id', '=', filter.readerId),
          eb('invitations.freelancer_id', '=', filter.readerId),
        ]),
      );
  } else if ('freelancerId' in filter) {
    query = query.where('invitations.freelancer_id', '=', filter.freelancerId);
  } else {
    query = query.where('invitations.poster_id', '=', filter.posterId);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    _id: row.id,
    taskId: row.task_id,
    taskTitle: row.title,
    posterId: row.poster_id,
    posterName: row.poster_name,
    freelancerId: row.freelancer_id,
    freelancerName: row.freelancer_name,
    note: row.note,
    status: row.status,
    declineReason: row.decline_reason,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
  }));
}
