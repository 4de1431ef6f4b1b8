import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  type Task,
  type TaskInput,
  type TaskListQuery,
  TASK_FIELD_MESSAGES,
  type Category,
} from '../../shared/tasks.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Database, TaskTable, UserTable } from '../db/types.ts';
import { AppError } from '../errors.ts';

type Db = Kysely<Database>;

/** Task ids are UUIDs; anything else cannot name a task, so it is a 404 without a query. */
const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type TaskRow = Selectable<TaskTable> & Pick<Selectable<UserTable>, 'email' | 'name'>;

export interface ReadOptions {
  /** Posters' emails go only to signed-in readers (issue 2, §4). */
  includeEmail: boolean;
}

const toCents = (budget: number) => Math.round(budget * 100);
const now = () => new Date().toISOString();

function toTask(row: TaskRow, { includeEmail }: ReadOptions): Task {
  return {
    _id: row.id,
    title: row.title,
    category: row.category as Category,
    description: row.description,
    deadline: row.deadline,
    budget: Number(row.budget_cents) / 100,
    ...(includeEmail ? { userEmail: row.email } : {}),
    userName: row.name,
    bidsCount: Number(row.bids_count),
  };
}

function selectTasks(db: Db) {
  return db
    .selectFrom('tasks')
    .innerJoin('user', 'user.id', 'tasks.user_id')
    .selectAll('tasks')
    .select(['user.email', 'user.name']);
}

function assertTaskId(id: string): void {
  if (!TASK_ID.test(id)) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
}

export async function listTasks(
  db: Db,
  query: TaskListQuery,
  options: ReadOptions,
): Promise<Task[]> {
  const email = query.email?.toLowerCase();
  // The bound values, in the order the builder below binds them.
  const parameters = [query.category, email, query.limit].filter((value) => value !== undefined);
  const shape = `list:${Boolean(query.category)}:${Boolean(email)}:${query.sort}:${Boolean(query.limit)}`;
  const compiled = compiledOnce(db, shape, parameters, () => {
    let q = selectTasks(db);
    if (query.category) q = q.where('tasks.category', '=', query.category);
    if (email) q = q.where('user.email', '=', email);
    if (query.sort === 'deadline') q = q.orderBy('tasks.deadline', 'asc');
    if (query.sort === 'bidsCount') q = q.orderBy('tasks.bids_count', 'desc');
    q = q.orderBy('tasks.created_at', 'desc').orderBy('tasks.id', 'desc');
    if (query.limit) q = q.limit(query.limit);
    return q;
  });
  const { rows } = await db.executeQuery(compiled);
  return rows.map((row) => toTask(row, options));
}

export async function getTask(db: Db, id: string, options: ReadOptions): Promise<Task> {
  assertTaskId(id);
  const compiled = compiledOnce(db, 'get', [id], () => selectTasks(db).where('tasks.id', '=', id));
  const [row] = (await db.executeQuery(compiled)).rows;
  if (!row) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  return toTask(row, options);
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

/** 404 for no such task, 403 when it is somebody else's. */
async function assertPoster(db: Db, id: string, userId: string): Promise<void> {
  assertTaskId(id);
  const row = await db
    .selectFrom('tasks')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  if (row.user_id !== userId) throw new AppError('forbidden', TASK_FIELD_MESSAGES.notYourTask);
}

export async function updateTask(
  db: Db,
  id: string,
  input: TaskInput,
  userId: string,
): Promise<{ matchedCount: number; modifiedCount: number }> {
  await assertPoster(db, id, userId);
  const budgetCents = toCents(input.budget);
  const result = await db
    .updateTable('tasks')
    .set({
      title: input.title,
      category: input.category,
      description: input.description,
      deadline: input.deadline,
      budget_cents: budgetCents,
      updated_at: now(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
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
  return { matchedCount: 1, modifiedCount: Number(result.numUpdatedRows) };
}

export async function deleteTask(db: Db, id: string, userId: string): Promise<number> {
  await assertPoster(db, id, userId);
  const result = await db
    .deleteFrom('tasks')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Counts the bid in SQL (never read-modify-write) and records who bid, in one transaction. */
export async function placeBid(db: Db, id: string, bidderId: string): Promise<number> {
  assertTaskId(id);
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('tasks')
      .set((eb) => ({ bids_count: eb('bids_count', '+', 1) }))
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
    }
    await trx
      .insertInto('bids')
      .values({ id: crypto.randomUUID(), task_id: id, bidder_id: bidderId, created_at: now() })
      .execute();
    return 1;
  });
}
