import crypto from 'node:crypto';
import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import {
  isExpired,
  type Task,
  type TaskInput,
  type TaskListQuery,
  type TaskStatus,
  TASK_FIELD_MESSAGES,
  TASK_STATUS_MESSAGES,
  type Category,
  todayUtc,
} from '../../shared/tasks.ts';
import { CONTACT_MASKS } from '../../shared/conversations.ts';
import { showsContacts, textFor } from '../conversations/contact-masking.ts';
import { compiledOnce, filledToPowerOfTwo } from '../db/compiled-once.ts';
import { isPostgres } from '../db/engine.ts';
import { groupCommit } from '../db/group-commit.ts';
import { readsTogether } from '../db/reads-together.ts';
import { timeOrderedId } from '../db/time-ordered-id.ts';
import type { Database, TaskTable, UserTable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { assertTaskAction, assertTaskId, taskActionGuard, transitionTask } from './task-status.ts';
import { toCents } from '../../shared/money.ts';
import { moderationStateOf } from '../../shared/moderation-state.ts';
import { imageVariantPath } from '../../shared/files.ts';
import { filesOfItems, type ItemFilesSummary } from '../files/files.service.ts';
import { skillsOfRow } from './task-skills.ts';

type Db = Kysely<Database>;

/** At most this many tasks by id in one statement: 1, 2, 4, … 32 of them, six statements. */
const TASKS_READ_TOGETHER = 32;

/**
 * The task columns an answer reads: named, not `tasks.*`, so that a column kept for another
 * purpose (PostgreSQL's search vector, migration 0005) is never read with every task.
 */
const TASK_COLUMNS = [
  'id',
  'title',
  'category',
  'description',
  'deadline',
  'budget_cents',
  'bids_count',
  'user_id',
  'status',
  'assignee_id',
  'delivered_at',
  'completed_at',
  'moderation',
  'moderation_reason',
  // Issue 49: the first photo and the file count, so no list reads the files table.
  'photo_key',
  'photo_placeholder',
  'file_count',
  // Issue 50: the skills as written (null: none), shown on a task's own read only.
  'skills',
] as const;

/** A row of selectTasks: what toTask reads. */
export type TaskRow = Pick<Selectable<TaskTable>, (typeof TASK_COLUMNS)[number]> &
  Pick<Selectable<UserTable>, 'email' | 'name'> & {
    user_image: string | null;
    user_rating_sum: number;
    user_rating_count: number;
    assignee_name: string | null;
    assignee_image: string | null;
  };

export interface ReadOptions {
  /**
   * Posters' emails go only to signed-in readers (issue 2, §4), and as written only to the
   * poster and the hired freelancer: masked for the others (issue 47).
   */
  includeEmail: boolean;
  /**
   * Who reads: a description's contact details, and the poster's email, are masked for everyone
   * but the poster, and the hired freelancer once the task is assigned (issue 17, decision 022;
   * issue 47). Null: nobody's party.
   */
  viewerId?: string | null;
}

const now = () => new Date().toISOString();

/**
 * What makes two answers of task reads the same, beside the request's own parameters: whether
 * the reader sees emails, and the UTC day, which decides what has expired (toTask). The key of
 * kept answers (answer-cache.ts).
 */
export const taskAnswerKey = (parameters: unknown, { includeEmail }: ReadOptions) =>
  JSON.stringify([parameters, includeEmail, todayUtc()]);

/** Issue 51: the poster's rating as their profile shows it (2 decimals); none without reviews. */
function posterRatingOf(row: Pick<TaskRow, 'user_rating_sum' | 'user_rating_count'>) {
  const count = Number(row.user_rating_count);
  if (count === 0) return {};
  const average = Math.round((Number(row.user_rating_sum) / count) * 100) / 100;
  return { userRating: { average, count } };
}

/** A row of selectTasks as the API answers it (every task answer, search included). */
export function toTask(row: TaskRow, { includeEmail, viewerId }: ReadOptions, today: string): Task {
  const parties = { userId: row.user_id, assigneeId: row.assignee_id, status: row.status };
  const viewer = viewerId ?? '';
  // Issue 47: the field stays for clients of the spec (§3), masked as messages mask an email.
  const userEmail = showsContacts(parties, row.user_id, viewer) ? row.email : CONTACT_MASKS.email;
  return {
    _id: row.id,
    title: row.title,
    category: row.category as Category,
    description: textFor(parties, row.user_id, viewer, row.description),
    deadline: row.deadline,
    budget: Number(row.budget_cents) / 100,
    ...(includeEmail ? { userEmail } : {}),
    userName: row.name,
    userImage: row.user_image,
    ...posterRatingOf(row),
    bidsCount: Number(row.bids_count),
    status: row.status,
    expired: isExpired(row, today),
    userId: row.user_id,
    assignee:
      row.assignee_id && row.assignee_name !== null
        ? { _id: row.assignee_id, name: row.assignee_name, image: row.assignee_image }
        : null,
    deliveredAt: row.delivered_at,
    completedAt: row.completed_at,
    ...(row.photo_key
      ? {
          photo: {
            thumb: imageVariantPath(row.photo_key, 'thumb'),
            placeholder: row.photo_placeholder ?? '',
          },
        }
      : {}),
    // Only its author (their own list, the page) and admins ever read a moderated task.
    ...(row.moderation
      ? { moderation: moderationStateOf(row.moderation, row.moderation_reason) }
      : {}),
  };
}

/**
 * Who reads these tasks otherwise than everybody (answer-cache.ts sendTo): the poster and the
 * hired freelancer of each task whose description had contact details masked, or whose poster's
 * email was (every task, for signed-in readers: issue 47). A description that reads a mask as
 * written only costs its parties an answer of their own.
 */
export function readersOfContacts(tasks: Iterable<Task>): string[] {
  const readers: string[] = [];
  for (const task of tasks) {
    const { description } = task;
    if (
      task.userEmail !== CONTACT_MASKS.email &&
      !description.includes(CONTACT_MASKS.email) &&
      !description.includes(CONTACT_MASKS.phone)
    ) {
      continue;
    }
    readers.push(task.userId);
    if (task.status !== 'open' && task.assignee) readers.push(task.assignee._id);
  }
  return readers;
}

/**
 * The tables a task answer is read from (selectTasks): the answers kept of them
 * (answer-cache.ts) last until one of these is written. A search also reads the full-text index
 * and seq, which the triggers of migration 0005 write with every write of `tasks`.
 */
export const TASK_ANSWER_TABLES = ['tasks', 'user'] as const;

/** Tasks (from `from`, all of them by default) with their poster and assignee: what toTask reads. */
export function selectTasks(
  db: Db,
  from: SelectQueryBuilder<Database, 'tasks', object> = db.selectFrom('tasks'),
) {
  return from
    .innerJoin('user', 'user.id', 'tasks.user_id')
    .leftJoin('user as assignee', 'assignee.id', 'tasks.assignee_id')
    .select(TASK_COLUMNS.map((column) => `tasks.${column}` as const))
    .select(['user.email', 'user.name', 'user.image as user_image'])
    .select(['user.rating_sum as user_rating_sum', 'user.rating_count as user_rating_count'])
    .select('assignee.name as assignee_name')
    .select('assignee.image as assignee_image');
}

/** The list's conditions and order (spec §7 GET /tasks), on whatever it selects. */
function listed<Q extends ReturnType<typeof selectTasks>>(
  q: Q,
  query: TaskListQuery,
  email: string | undefined,
  notBefore: string | undefined,
): Q {
  let listed = q as ReturnType<typeof selectTasks>;
  if (query.category) listed = listed.where('tasks.category', '=', query.category);
  if (email) listed = listed.where('user.email', '=', email);
  // Issue 20: a task hidden by reports or removed, or of a banned or suspended poster, is in
  // no list but its author's own.
  else {
    listed = listed
      .where('tasks.moderation', 'is', null)
      .where(sql<SqlBool>`tasks.user_id not in (select id from "user" where banned)`);
  }
  if (query.status) listed = listed.where('tasks.status', '=', query.status);
  if (notBefore) listed = listed.where('tasks.deadline', '>=', notBefore);
  if (query.sort === 'deadline') listed = listed.orderBy('tasks.deadline', 'asc');
  if (query.sort === 'bidsCount') listed = listed.orderBy('tasks.bids_count', 'desc');
  return listed.orderBy('tasks.created_at', 'desc').orderBy('tasks.id', 'desc') as Q;
}

/** `status=open` lists the tasks that take offers: open and not expired. */
const notBeforeOf = (query: TaskListQuery, today: string) =>
  query.status === 'open' ? today : undefined;

export async function listTasks(
  db: Db,
  query: TaskListQuery,
  options: ReadOptions,
): Promise<Task[]> {
  const email = query.email?.toLowerCase();
  const { status } = query;
  const today = todayUtc();
  const notBefore = notBeforeOf(query, today);
  // The bound values, in the order the builder below binds them.
  const offset = query.offset || undefined;
  const parameters = [query.category, email, status, notBefore, offset].filter(
    (value) => value !== undefined,
  );
  const rowsRead = query.limit && limitWritten(query.limit);
  const shape = `list:${Boolean(query.category)}:${Boolean(email)}:${status}:${query.sort}:${rowsRead}:${Boolean(offset)}`;
  const compiled = compiledOnce(db, shape, parameters, () => {
    const q = listed(selectTasks(db), query, email, notBefore);
    const limited = rowsRead ? q.limit(sql.lit(rowsRead)) : q;
    return offset ? limited.offset(offset) : limited;
  });
  const { rows } = await db.executeQuery(compiled);
  return rows.slice(0, query.limit).map((row) => toTask(row, options, today));
}

/**
 * The LIMIT a list's statement is written with: PostgreSQL plans a prepared statement whose
 * LIMIT is a parameter anew on every run (its generic plan assumes a tenth of the table, so
 * it keeps the custom ones), 0.3–0.75 ms each time for the home page's list. Written in the
 * statement, it is planned once. Rounded up to a power of two, so that a few statements serve
 * every limit (1–100: 8 of them) and the rows beyond the limit are dropped here (decision 034).
 */
function limitWritten(limit: number): number {
  let written = 1;
  while (written < limit) written *= 2;
  return written;
}

/**
 * The ids of the whole list, in its order: what streaming it starts from (tasks.routes.ts). A
 * few dozen bytes a task, where the tasks themselves are some 350.
 */
export async function listTaskIds(db: Db, query: TaskListQuery): Promise<string[]> {
  const email = query.email?.toLowerCase();
  const notBefore = notBeforeOf(query, todayUtc());
  const rows = await listed(selectTasks(db), query, email, notBefore)
    .clearSelect()
    .select('tasks.id')
    .execute();
  return rows.map((row) => row.id);
}

/** The tasks of `ids` that still exist, in the order of `ids`, as listTasks answers them. */
export async function readTasksInOrder(
  db: Db,
  ids: readonly string[],
  options: ReadOptions,
): Promise<Task[]> {
  if (ids.length === 0) return [];
  const today = todayUtc();
  const rows = await selectTasks(db).where('tasks.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toTask(row, options, today)] : [];
  });
}

/**
 * A task by its id, read together with the others asked at the same time (reads-together.ts):
 * one statement for each size of list, compiled once and prepared on PostgreSQL.
 */
const readTaskById = readsTogether(
  (db: Db, ids: string[]) => {
    const list = filledToPowerOfTwo(ids);
    const compiled = compiledOnce(db, `tasks by ${list.length} ids`, list, () =>
      selectTasks(db).where('tasks.id', 'in', list),
    );
    return db.executeQuery(compiled).then((result) => result.rows);
  },
  (row) => row.id,
  TASKS_READ_TOGETHER,
);

export async function getTask(db: Db, id: string, options: ReadOptions): Promise<Task> {
  assertTaskId(id);
  const row = await readTaskById(db, id);
  if (!row) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  const task = withSkills(toTask(row, options, todayUtc()), row.skills);
  // Issue 49: a task's own read shows its photos and documents; only one with files asks.
  if (Number(row.file_count) === 0) return task;
  const files = (await filesOfItems(db, 'task', [id])).get(id);
  return { ...task, photos: files?.photos ?? [], files: files?.files ?? [] };
}

/** Issue 50: a task's own read shows its skills, when it has any. */
const withSkills = (task: Task, skills: string | null): Task =>
  skills ? { ...task, skills: skillsOfRow(skills) } : task;

/** Issue 49: what the task's row keeps of its files (the first photo, the count). */
export async function setTaskFiles(db: Db, id: string, files: ItemFilesSummary): Promise<void> {
  await db
    .updateTable('tasks')
    .set({
      photo_key: files.firstPhoto?.key ?? null,
      photo_placeholder: files.firstPhoto?.placeholder ?? null,
      file_count: files.count,
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

export async function createTask(db: Db, input: TaskInput, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  const at = now();
  await db
    .insertInto('tasks')
    .values({
      id,
      title: input.title,
      category: input.category,
      description: input.description,
      deadline: input.deadline,
      budget_cents: toCents(input.budget),
      user_id: userId,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

export async function updateTask(
  db: Db,
  id: string,
  input: TaskInput,
  userId: string,
): Promise<{ matchedCount: number; modifiedCount: number }> {
  assertTaskId(id);
  const budgetCents = toCents(input.budget);
  const at = new Date();
  const result = await db
    .updateTable('tasks')
    .set({
      title: input.title,
      category: input.category,
      description: input.description,
      deadline: input.deadline,
      budget_cents: budgetCents,
      updated_at: at.toISOString(),
    })
    .where('id', '=', id)
    .where(taskActionGuard('edit', userId, todayUtc(at)))
    // Only a real change counts as a modification (spec §7: 'No changes were made.').
    .where((eb) =>
      eb.or([
        eb('title', '!=', input.title),
        eb('category', '!=', input.category),
        eb('description', '!=', input.description),
        eb('deadline', '!=', input.deadline),
        eb('budget_cents', '!=', budgetCents),
      ]),
    )
    .executeTakeFirst();
  const modifiedCount = Number(result.numUpdatedRows);
  // Nothing changed: say why when the rules refuse the edit (404, 403, 409), else "no changes".
  if (modifiedCount === 0) await assertTaskAction(db, id, 'edit', userId, at);
  return { matchedCount: 1, modifiedCount };
}

export async function deleteTask(db: Db, id: string, userId: string): Promise<number> {
  assertTaskId(id);
  const at = new Date();
  const result = await db
    .deleteFrom('tasks')
    .where('id', '=', id)
    .where(taskActionGuard('delete', userId, todayUtc(at)))
    .executeTakeFirst();
  const deletedCount = Number(result.numDeletedRows);
  if (deletedCount === 0) await assertTaskAction(db, id, 'delete', userId, at);
  return deletedCount;
}

/**
 * Counts the bid in SQL (never read-modify-write) and records who bid, in one transaction. The
 * spec's bid is the busiest write: its statements are compiled once (decision 006), and the
 * count's WHERE is the counter-bid rule, so a refused bid changes nothing and says why.
 */
export async function placeBid(db: Db, id: string, bidderId: string): Promise<number> {
  assertTaskId(id);
  const at = new Date();
  const today = todayUtc(at);
  const guard = taskActionGuard('counterBid', bidderId, today);
  const countBid = () =>
    db
      .updateTable('tasks')
      .set((eb) => ({ bids_count: eb('bids_count', '+', 1) }))
      .where('tasks.id', '=', id)
      .where(guard);
  const countParameters = [1, id, 'open', today, bidderId, bidderId];
  // Time-ordered: each bid is appended to the key's B-tree, not written to a random page of it.
  const bidId = timeOrderedId(at.getTime());
  const createdAt = at.toISOString();
  let counted: boolean;
  if (isPostgres(db)) {
    // One statement, its own transaction: one round trip instead of BEGIN, two writes and
    // COMMIT (decision 034). The record is written only when the count was.
    const countAndRecord = compiledOnce(
      db,
      'bid:count and record',
      [...countParameters, bidId, bidderId, createdAt],
      () =>
        db
          .with('counted', () => countBid().returning('tasks.id'))
          .insertInto('bids')
          .columns(['id', 'task_id', 'bidder_id', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('counted')
              .select([
                eb.val(bidId).as('id'),
                'counted.id as task_id',
                eb.val(bidderId).as('bidder_id'),
                eb.val(createdAt).as('created_at'),
              ]),
          ),
    );
    const { numAffectedRows } = await db.executeQuery(countAndRecord);
    counted = Boolean(numAffectedRows);
  } else {
    const count = compiledOnce(db, 'bid:count', countParameters, countBid);
    const record = compiledOnce(db, 'bid:record', [bidId, id, bidderId, createdAt], () =>
      db
        .insertInto('bids')
        .values({ id: bidId, task_id: id, bidder_id: bidderId, created_at: createdAt }),
    );
    // Concurrent bids share a transaction and its COMMIT on SQLite (db/group-commit.ts).
    counted = await groupCommit(db, async (run) => {
      const { numAffectedRows } = await run(count);
      if (!numAffectedRows) return false;
      await run(record);
      return true;
    });
  }
  if (counted) return 1;
  await assertTaskAction(db, id, 'counterBid', bidderId, at);
  throw new AppError('conflict', TASK_STATUS_MESSAGES.changedMeanwhile);
}

/**
 * One more in `bids_count`, counted in SQL, when the rules allow `action` (a counter bid, a new
 * offer) by `userId`; otherwise throws why, changing nothing.
 */
export async function addToBidsCount(
  db: Db,
  id: string,
  action: 'counterBid' | 'offer',
  userId: string,
): Promise<void> {
  await transitionTask(db, id, action, userId, (eb) => ({
    bids_count: eb('bids_count', '+', 1),
  }));
}

/** One less in `bids_count`: a withdrawn offer takes its one back. */
export async function takeFromBidsCount(db: Db, id: string): Promise<void> {
  await db
    .updateTable('tasks')
    .set((eb) => ({ bids_count: eb('bids_count', '-', 1) }))
    .where('id', '=', id)
    .execute();
}

export interface TaskSummary {
  _id: string;
  title: string;
  status: TaskStatus;
  expired: boolean;
  budget: number;
  deadline: string;
}

/** Id, title, status, budget and deadline of each task named (for offers and reviews). */
export async function taskSummaries(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, TaskSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('tasks')
    .select(['id', 'title', 'status', 'budget_cents', 'deadline'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const today = todayUtc();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        _id: row.id,
        title: row.title,
        status: row.status,
        expired: isExpired(row, today),
        budget: Number(row.budget_cents) / 100,
        deadline: row.deadline,
      },
    ]),
  );
}

/** SQL: each assignee's completed tasks (the directory joins it, issue 50). */
export function completedJobsQuery(db: Db) {
  return db
    .selectFrom('tasks')
    .select('assignee_id')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('status', '=', 'completed')
    .groupBy('assignee_id');
}

/** How many tasks each user completed as the hired freelancer (users with none are left out). */
export async function completedJobsOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await completedJobsQuery(db)
    .where('assignee_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.assignee_id ?? '', Number(row.count)]));
}

/** How many tasks there are, or only those the user posted. */
export async function countTasks(db: Db, postedBy?: string): Promise<number> {
  const count = (eb: ExpressionBuilder<Database, 'tasks'>) =>
    eb.fn.countAll<string | number>().as('count');
  if (postedBy !== undefined) {
    const row = await db
      .selectFrom('tasks')
      .select(count)
      .where('user_id', '=', postedBy)
      .where('moderation', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  // Every task less the few hidden or removed (issue 20): the total stays one index's count,
  // the moderated ones a partial index's.
  const [all, moderated] = await Promise.all([
    db.selectFrom('tasks').select(count).executeTakeFirstOrThrow(),
    db
      .selectFrom('tasks')
      .select(count)
      .where('moderation', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(all.count) - Number(moderated.count);
}
