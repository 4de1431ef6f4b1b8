import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { FirstAnswers } from '../first-answers.ts';
import { publishEvents, type BusEvent } from './event-bus.ts';

/**
 * Which task a successful write changed what its page shows of (issue 17): offers made, edited,
 * withdrawn, accepted or declined, status changes, delivery, questions and replies, reviews,
 * bids. Told from the route that ran, after its answer was sent, so after its commit: the
 * services need not know. Routes under a task name it; an offer's or a question's is read.
 */
const TASK_ROUTES = /^\/api\/tasks\/:id(\/|$)/;
const OFFER_ROUTES = /^\/api\/offers\/:id(\/|$)/;
const QUESTION_ROUTES = /^\/api\/questions\/:id(\/|$)/;

/** Changes of one task within this long go out as one event. */
export const TASK_CHANGE_WINDOW_MS = 200;

async function changedTaskOf(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<string | undefined> {
  const route = request.routeOptions.url ?? '';
  const id = (request.params as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return undefined;
  if (TASK_ROUTES.test(route)) return id;
  if (OFFER_ROUTES.test(route)) {
    const offer = await db
      .selectFrom('offers')
      .select('task_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return offer?.task_id;
  }
  if (QUESTION_ROUTES.test(route)) {
    const question = await db
      .selectFrom('questions')
      .select('task_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return question?.task_id;
  }
  return undefined;
}

/**
 * Announces the tasks a change made outside any request changed (the sweeps: auto-completion,
 * reviews made public), inside its transaction: sent once it commits, never if it rolls back.
 */
export async function publishTaskChanges(
  db: Kysely<Database>,
  taskIds: Iterable<string>,
): Promise<void> {
  await publishEvents(db, taskEvents(taskIds));
}

const taskEvents = (taskIds: Iterable<string>): BusEvent[] =>
  [...new Set(taskIds)].map((id) => ({ name: 'task', id, userIds: [] }));

/**
 * Announces on the event bus (every instance's open task pages) each task a successful write
 * through this app changed, at most once per task every TASK_CHANGE_WINDOW_MS: a burst of bids
 * is one event, and the tasks of a window go out in one statement.
 */
export function announceTaskChanges(
  app: FastifyInstance,
  db: Kysely<Database>,
  firstAnswers?: FirstAnswers,
): void {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const events = taskEvents(pending);
    pending.clear();
    publishEvents(db, events).catch((error: unknown) =>
      app.log.warn({ err: error }, 'task changes not announced'),
    );
  };
  const changed = (taskId: string) => {
    pending.add(taskId);
    timer ??= setTimeout(flush, TASK_CHANGE_WINDOW_MS).unref();
  };
  // A bid answered before Fastify (first-answers.ts) changed its task as the route's would.
  firstAnswers?.onAnswered((method, _url, route, status, _ms, taskId) => {
    if (method !== 'GET' && status < 400 && TASK_ROUTES.test(route)) changed(taskId);
  });
  app.addHook('onResponse', (request, reply, done) => {
    done();
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    if (!isWrite || reply.statusCode >= 400) return;
    changedTaskOf(db, request)
      .then((taskId) => {
        if (taskId) changed(taskId);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'task change not found'));
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
}
