import type { Expression, ExpressionBuilder, Kysely, SqlBool, UpdateObject } from 'kysely';
import {
  TASK_ACTIONS,
  TASK_FIELD_MESSAGES,
  TASK_STATUS_MESSAGES,
  taskActionRefusal,
  todayUtc,
  type TaskAction,
  type TaskFacts,
} from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { MODERATION_MESSAGES } from '../../shared/moderation.ts';
import { PAYMENT_MESSAGES } from '../../shared/payments.ts';
import { assertNotBlocked, notBlockedWith } from '../moderation/blocks.ts';

/**
 * The task status rules of src/shared/task-status.ts turned into SQL (docs/decisions/007): every
 * change a rule governs is one UPDATE (or DELETE) whose WHERE is the rule, so of any number of
 * racing requests only those the rule still allows change a row, on either engine. When none
 * changed, the task is read back to say why: 404, 403 or 409, and nothing was changed.
 */

type Db = Kysely<Database>;
type TasksBuilder = ExpressionBuilder<Database, 'tasks'>;

/** Task ids are UUIDs; anything else cannot name a task, so it is a 404 without a query. */
const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertTaskId(id: string): void {
  if (!TASK_ID.test(id)) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
}

/** The actions by which one user reaches a task's poster (issue 20: blocks stop them). */
const REACHES_POSTER: ReadonlySet<TaskAction> = new Set(['counterBid', 'offer']);
/** What a task hidden by reports or removed by an admin no longer takes (issue 20). */
const CLOSED_BY_MODERATION: ReadonlySet<TaskAction> = new Set(['counterBid', 'offer', 'accept']);
/** What waits for an admin's decision while the payment of a task is disputed (issue 21). */
const PAUSED_BY_DISPUTE: ReadonlySet<TaskAction> = new Set([
  'deliver',
  'complete',
  'reopen',
  'requestChanges',
  'dispute',
]);

/** The WHERE of `action` by `actorId` on `today`: the rule's statuses, actor and state. */
export function taskActionGuard(action: TaskAction, actorId: string, today: string) {
  const rule = TASK_ACTIONS[action];
  return (eb: TasksBuilder): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('tasks.status', 'in', [...rule.from])];
    if (rule.actor === 'notPoster') conditions.push(eb('tasks.user_id', '!=', actorId));
    if (rule.actor === 'poster') conditions.push(eb('tasks.user_id', '=', actorId));
    if (rule.actor === 'assignee') conditions.push(eb('tasks.assignee_id', '=', actorId));
    if (rule.actor === 'party') {
      conditions.push(
        eb.or([eb('tasks.user_id', '=', actorId), eb('tasks.assignee_id', '=', actorId)]),
      );
    }
    if (rule.notExpired) conditions.push(eb('tasks.deadline', '>=', today));
    if (rule.notDelivered) conditions.push(eb('tasks.delivered_at', 'is', null));
    if (rule.isDelivered) conditions.push(eb('tasks.delivered_at', 'is not', null));
    // Issue 20: a bid or an offer reaches the poster, which a block between them forbids.
    if (REACHES_POSTER.has(action)) conditions.push(notBlockedWith(eb, 'tasks.user_id', actorId));
    if (CLOSED_BY_MODERATION.has(action)) conditions.push(eb('tasks.moderation', 'is', null));
    if (PAUSED_BY_DISPUTE.has(action)) conditions.push(eb('tasks.disputed_at', 'is', null));
    return eb.and(conditions);
  };
}

export interface StoredTaskFacts extends TaskFacts {
  id: string;
  title: string;
  acceptedOfferId: string | null;
  /** When the current hire was made: an offer hired again keeps its id, so this tells hires apart. */
  assignedAt: string | null;
  completedAt: string | null;
  /** Issue 20: 'hidden' or 'removed'; null for a task everyone may read. */
  moderation: string | null;
  /** Issue 21: when its poster disputed the delivered work; null when not in dispute. */
  disputedAt: string | null;
}

/** What the rules read of one task, or undefined when there is no such task. */
export async function readTaskFacts(db: Db, id: string): Promise<StoredTaskFacts | undefined> {
  assertTaskId(id);
  const row = await db
    .selectFrom('tasks')
    .select([
      'id',
      'title',
      'status',
      'user_id',
      'assignee_id',
      'accepted_offer_id',
      'assigned_at',
      'deadline',
      'delivered_at',
      'completed_at',
      'moderation',
      'disputed_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    userId: row.user_id,
    assigneeId: row.assignee_id,
    acceptedOfferId: row.accepted_offer_id,
    assignedAt: row.assigned_at,
    deadline: row.deadline,
    deliveredAt: row.delivered_at,
    completedAt: row.completed_at,
    moderation: row.moderation,
    disputedAt: row.disputed_at,
  };
}

/** The task's facts when `actorId` may do `action` now; otherwise throws the 404, 403 or 409. */
export async function assertTaskAction(
  db: Db,
  id: string,
  action: TaskAction,
  actorId: string,
  now = new Date(),
): Promise<StoredTaskFacts> {
  const facts = await readTaskFacts(db, id);
  if (!facts) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  if (facts.moderation && CLOSED_BY_MODERATION.has(action)) {
    // Nobody but its author sees such a task; its author is told why it takes nothing.
    if (actorId !== facts.userId) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
    throw new AppError('conflict', MODERATION_MESSAGES.taskModerated);
  }
  const refusal = taskActionRefusal(action, facts, actorId, todayUtc(now));
  if (!refusal && facts.disputedAt && PAUSED_BY_DISPUTE.has(action)) {
    throw new AppError('conflict', PAYMENT_MESSAGES.disputed);
  }
  if (refusal) {
    throw new AppError(refusal.status === 403 ? 'forbidden' : 'conflict', refusal.message);
  }
  if (REACHES_POSTER.has(action)) await assertNotBlocked(db, actorId, facts.userId);
  return facts;
}

export interface TransitionOptions {
  now?: Date;
  /** More conditions: the state read before, which must not have changed since. */
  unchanged?: (eb: TasksBuilder) => Expression<SqlBool>;
}

/**
 * Does `action` to the task as one conditional UPDATE, or throws why it may not (nothing
 * changed). Run it first in a transaction that touches other tables: it locks the task's row,
 * so every transaction of one task takes its locks in the same order (no deadlocks).
 */
export async function transitionTask(
  db: Db,
  id: string,
  action: TaskAction,
  actorId: string,
  set: (eb: TasksBuilder) => UpdateObject<Database, 'tasks'>,
  options: TransitionOptions = {},
): Promise<void> {
  assertTaskId(id);
  const now = options.now ?? new Date();
  const unchanged = options.unchanged;
  let update = db
    .updateTable('tasks')
    .set(set)
    .where('tasks.id', '=', id)
    .where(taskActionGuard(action, actorId, todayUtc(now)));
  if (unchanged) update = update.where(unchanged);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return;
  await assertTaskAction(db, id, action, actorId, now);
  // Allowed now, yet the update matched nothing: the task moved on between read and write.
  throw new AppError('conflict', TASK_STATUS_MESSAGES.changedMeanwhile);
}

/** A task the sweep completed, with whom to tell. */
export interface AutoCompletedTask {
  id: string;
  title: string;
  userId: string;
  assigneeId: string | null;
}

/**
 * The timed transition: a task delivered at least `delayMs` ago that its poster neither
 * confirmed nor reopened completes on its own. One conditional UPDATE, so any number of
 * instances may run it at once and each task completes once, returned by exactly one of them.
 */
export async function completeDueTasks(
  db: Db,
  { delayMs, now = new Date() }: { delayMs: number; now?: Date },
): Promise<AutoCompletedTask[]> {
  const cutoff = new Date(now.getTime() - delayMs).toISOString();
  const at = now.toISOString();
  const rows = await db
    .updateTable('tasks')
    .set({ status: TASK_ACTIONS.complete.to, completed_at: at, updated_at: at })
    .where('status', 'in', [...TASK_ACTIONS.complete.from])
    .where('delivered_at', 'is not', null)
    .where('delivered_at', '<=', cutoff)
    // A disputed task waits for an admin's decision, however long ago it was delivered.
    .where('disputed_at', 'is', null)
    .returning(['id', 'title', 'user_id', 'assignee_id'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    userId: row.user_id,
    assigneeId: row.assignee_id,
  }));
}

/** completeDueTasks, counted. */
export async function autoCompleteDeliveredTasks(
  db: Db,
  options: { delayMs: number; now?: Date },
): Promise<number> {
  return (await completeDueTasks(db, options)).length;
}
