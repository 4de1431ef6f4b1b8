import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bidPlacedSchema,
  deletedSchema,
  errorSchema,
  insertedSchema,
  LIST_OFFSET_MAX,
  TASK_FIELD_MESSAGES,
  taskIdParamsSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskAllowanceSchema,
  taskCountSchema,
  taskSchema,
  updatedSchema,
  type Task,
  type TaskListQuery,
} from '../../shared/tasks.ts';
import { ADMIN_ROLE, type Auth } from '../auth/auth.ts';
import type { FirstAnswers } from '../first-answers.ts';
import { requireUser, requireWriter, userNowOrLater, type SessionUser } from '../auth/session.ts';
import { assertNewAccountAllowance, newAccountRemaining } from '../moderation/guard-rails.ts';
import type { Database } from '../db/types.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../errors.ts';
import { createAnswerCache, whenDone } from '../answer-cache.ts';
import { addressKey } from '../client-address.ts';
import { COMPRESS_THRESHOLD } from '../compression.ts';
import { lazyAnswerWriter } from '../serializer.ts';
import { rowGatesFor } from '../db/row-gates.ts';
import type { FullListLimits } from '../config.ts';
import { createFullLists } from './full-list.ts';
import { editTask, postTask, removeTask } from './tasks.service.ts';
import type { TaskMatchWorker } from './task-match-jobs.ts';
import {
  countTasks,
  getTask,
  listTasks,
  placeBid,
  readersOfContacts,
  taskAnswerKey,
  TASK_ANSWER_TABLES,
} from './tasks.store.ts';

export interface TasksRoutesOptions {
  auth: Auth;
  db: Kysely<Database>;
}

/** Issue 50: woken after a post or edit commits, to make the matched alerts it owes. */
type MatchJobs = Pick<TaskMatchWorker, 'wake'>;

export interface CachedReadsOptions extends TasksRoutesOptions {
  /** How many answers of each read the process keeps (config TASK_CACHE_SIZE, SEARCH_CACHE_SIZE). */
  cacheSize: number;
}

/**
 * A handler's promise of what was sent: a reply sent at once (answer-cache.ts, Sending) as a
 * promise that settles once it is done, or the read's own promise.
 */
function settled<T>(sending: FastifyReply | Promise<T>): Promise<T | void> {
  return sending instanceof Promise ? sending : whenDone(sending);
}

/** A task read that found the task hidden or removed (issue 20): answered per reader, never kept. */
class ModeratedTask extends Error {
  readonly authorId: string;
  constructor(authorId: string) {
    super('moderated task');
    this.authorId = authorId;
  }
}

/** The refusals of the task API: every one is JSON `{message}`; 409 is a state that refuses it. */
export const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/** The task API of spec §7 under /api. Handlers validate, call the store, shape the answer. */
export const tasksRoutes: FastifyPluginAsyncZod<
  CachedReadsOptions & {
    fullLists: FullListLimits;
    rowWaitMs: number;
    matchJobs: MatchJobs;
    firstAnswers?: FirstAnswers | undefined;
  }
> = async (app, options) => {
  const { auth, db, cacheSize, fullLists: fullListLimits, rowWaitMs, matchJobs } = options;
  // A task and the home list are the most read answers (docs/decisions/017-answer-cache.md).
  const tasks = createAnswerCache(db, 'task', cacheSize, TASK_ANSWER_TABLES);
  // What a task read's answer depends on for its reader (null: no one), and the key it is kept by.
  const readOptionsOf = (reader: unknown) => ({ includeEmail: reader !== null });
  const taskKeyOf = (id: string, reader: unknown) => taskAnswerKey(id, readOptionsOf(reader));
  // A task kept for its reader is sent before Fastify (first-answers.ts), as sendTask sends it.
  options.firstAnswers?.route({
    url: '/api/tasks/:id',
    prefix: '/api/tasks/',
    keptFor: (id, readerId) => tasks.keptFor(taskKeyOf(id, readerId), readerId),
  });
  const lists = createAnswerCache(db, 'list', cacheSize, TASK_ANSWER_TABLES, { compresses: true });
  const fullLists = createFullLists(db, fullListLimits);
  // A task's writes one at a time per instance: a held row costs one connection (row-gates.ts).
  const tasksWritten = rowGatesFor(db, rowWaitMs);
  /** A counter bid on task `id` by `userId`: 1, or throws why, having changed nothing. */
  const bid = (id: string, userId: string) => tasksWritten.run(id, () => placeBid(db, id, userId));
  // Sent before Fastify where it succeeds (first-answers.ts), by the route's own serializer.
  const writeBid = lazyAnswerWriter(bidPlacedSchema, '/api/tasks/:id/bids', 'PATCH');
  options.firstAnswers?.write({
    url: '/api/tasks/:id/bids',
    prefix: '/api/tasks/',
    suffix: '/bids',
    write: async (id, userId) => writeBid({ modifiedCount: await bid(id, userId) }),
  });
  /** GET /api/tasks's answer as `user` reads it. */
  const sendList = (
    request: { query: TaskListQuery; ip: string },
    reply: FastifyReply,
    user: SessionUser | null,
  ) => {
    const { email } = request.query;
    // Issue 2: `email` names only the signed-in user's own tasks; anything else is a 403.
    if (email !== undefined && user?.email.toLowerCase() !== email.toLowerCase()) {
      throw new AppError('forbidden', TASK_FIELD_MESSAGES.emailNotYours);
    }
    if (request.query.offset !== undefined && request.query.limit === undefined) {
      throw new AppError('bad_request', TASK_FIELD_MESSAGES.offsetInvalid);
    }
    // Each page walks every task before it: deep pages only of one's own tasks.
    if (email === undefined && (request.query.offset ?? 0) > LIST_OFFSET_MAX) {
      throw new AppError('bad_request', TASK_FIELD_MESSAGES.offsetTooDeep);
    }
    const options = readOptionsOf(user);
    // Every task at once: streamed, a few at a time (full-list.ts). A user's own tasks are
    // theirs alone to wait for: they never queue behind anonymous full lists (issue 47).
    if (request.query.limit === undefined) {
      const readOptions = { ...options, viewerId: user?.id ?? null };
      // By address, an IPv6 client by its /64: one host holds a whole /64.
      const client = email === undefined ? addressKey(request.ip) : null;
      // Settles once the whole list is sent (its promise adopts the reply, which is thenable).
      return fullLists.send(reply, request.query, readOptions, client).then(() => {});
    }
    const key = taskAnswerKey(request.query, options);
    const read = (viewerId: string | null) =>
      listTasks(db, request.query, { ...options, viewerId });
    // A user's own list is theirs alone (refused to others above) and its key holds their
    // email: read once, as its owner, rather than as nobody first and then again as them.
    if (email !== undefined && user) return lists.send(reply, key, () => read(user.id));
    return lists.sendTo(reply, key, user?.id ?? null, read, readersOfContacts);
  };

  app.get(
    '/api/tasks',
    {
      // A full list can run to many kilobytes: worth compressing, unlike one task.
      compress: { threshold: COMPRESS_THRESHOLD },
      schema: {
        summary: 'List tasks (the heavy call: every task at once)',
        description:
          "All tasks, newest first, for clients written to the spec (§7). Without `limit` it answers every task, about 650 bytes each (some 65 MB at 100,000 tasks), streamed, and only a few such answers run at once on an instance and per client address (FULL_LIST_CONCURRENCY, FULL_LIST_PER_CLIENT; 429 with Retry-After beyond them; a user's own list, with `email`, is not counted); a reader that takes nothing for FULL_LIST_STALL_SECONDS is cut off: use GET /api/tasks/search for pages with a total. `email` lists only the signed-in user's own tasks; `limit` with `offset` reads a list a page at a time (`offset` at most 10,000, except on one's own list); `status=open` only the tasks that take offers (open, deadline not passed). Posters' emails are included only for signed-in readers, masked for all but each task's poster and hired freelancer.",
        querystring: taskListQuerySchema,
        response: { 200: z.array(taskSchema), ...errors },
      },
    },
    (request, reply) => {
      // As GET /api/tasks/:id: a kept page for a reader known at once is sent at once.
      const user = userNowOrLater(auth, request);
      if (user instanceof Promise) {
        return user.then((known) => settled(sendList(request, reply, known)));
      }
      const sending = sendList(request, reply, user);
      return sending instanceof Promise ? sending : (sending as unknown as Promise<void>);
    },
  );

  app.get(
    '/api/tasks/count',
    {
      schema: {
        summary: 'How many tasks there are',
        description:
          "Every task, open or not: the dashboard overview's Total Tasks, exact at any size (a search counts only up to its cap).",
        response: { 200: taskCountSchema, ...errors },
      },
    },
    async () => ({ total: await countTasks(db) }),
  );

  app.get(
    '/api/tasks/allowance',
    {
      schema: {
        summary: 'How many tasks the signed-in account may still post today',
        description:
          'An account less than a day old may post NEW_ACCOUNT_TASKS_PER_DAY tasks in 24 hours (POST /api/tasks answers 429 beyond them): `remaining` says how many are left, null where no limit applies.',
        response: { 200: taskAllowanceSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const limits = auth.newAccountLimits;
      const remaining = await newAccountRemaining(db, user.id, 'task', limits);
      return { remaining, perDay: limits.tasksPerDay };
    },
  );

  const readersOfTask = (task: Task) => readersOfContacts([task]);
  /** GET /api/tasks/:id's answer as `user` reads it. */
  const sendTask = (reply: FastifyReply, id: string, user: SessionUser | null) => {
    const options = readOptionsOf(user);
    // Issue 20: a task hidden or removed is its author's and the admins' to read, no one else's.
    // The read itself tells (the row's moderation), and refuses: such an answer is never kept.
    const read = async (viewerId: string | null) => {
      const task = await getTask(db, id, { ...options, viewerId });
      if (task.moderation) throw new ModeratedTask(task.userId);
      return task;
    };
    const key = taskKeyOf(id, user);
    const sending = tasks.sendTo(reply, key, user?.id ?? null, read, readersOfTask);
    if (!(sending instanceof Promise)) return sending;
    return sending.catch((error: unknown) => {
      if (!(error instanceof ModeratedTask)) throw error;
      if (!user || (user.id !== error.authorId && user.role !== ADMIN_ROLE)) {
        throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
      }
      return getTask(db, id, { ...options, viewerId: user.id });
    });
  };

  app.get(
    '/api/tasks/:id',
    {
      // One task is never compressed: no hook of @fastify/compress on the most read route.
      compress: false,
      schema: {
        summary: 'Get one task',
        params: taskIdParamsSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    (request, reply) => {
      // A reader known at once (no session, or one the session cache answers) is sent a kept
      // answer without waiting on a promise (answer-cache.ts, Sending).
      const user = userNowOrLater(auth, request);
      if (user instanceof Promise) {
        return user.then((known) => settled(sendTask(reply, request.params.id, known)));
      }
      const sending = sendTask(reply, request.params.id, user);
      // Fastify waits on a reply returned (it is thenable) as on a promise, without one.
      return sending instanceof Promise ? sending : (sending as unknown as Promise<void>);
    },
  );

  app.post(
    '/api/tasks',
    {
      schema: {
        summary: 'Post a task (signed in)',
        description:
          'The poster is the signed-in user; userEmail and userName in the body are ignored.',
        body: taskInputSchema,
        response: { 201: insertedSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireWriter(auth, request);
      await assertNewAccountAllowance(db, user.id, 'task', auth.newAccountLimits);
      const insertedId = await postTask(db, request.body, user.id);
      matchJobs.wake();
      return reply.status(201).send({ insertedId });
    },
  );

  app.put(
    '/api/tasks/:id',
    {
      schema: {
        summary: 'Edit a task (its poster only, while open)',
        params: taskIdParamsSchema,
        body: taskInputSchema,
        response: { 200: updatedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const { id } = request.params;
      const updated = await tasksWritten.run(id, () => editTask(db, id, request.body, user.id));
      matchJobs.wake();
      return updated;
    },
  );

  app.patch(
    '/api/tasks/:id/bids',
    {
      schema: {
        summary: 'Place a bid (signed in; open, unexpired tasks only)',
        params: taskIdParamsSchema,
        response: { 200: bidPlacedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const { id } = request.params;
      return { modifiedCount: await bid(id, user.id) };
    },
  );

  app.delete(
    '/api/tasks/:id',
    {
      schema: {
        summary: 'Delete a task (its poster only, while open)',
        params: taskIdParamsSchema,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const { id } = request.params;
      return { deletedCount: await tasksWritten.run(id, () => removeTask(db, id, user.id)) };
    },
  );
};
