import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  Database,
  MessageTable,
  Position,
  QuestionReplyTable,
  QuestionTable,
} from '../db/types.ts';

/** SQL of questions, replies, private messages and the write counter (issue 10). Rules: conversations.service.ts. */

type Db = Kysely<Database>;

/** Ids are UUIDs; anything else names nothing, so it is a 404 without a query. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Author {
  author_name: string;
  author_image: string | null;
  /** Issue 20: whether the author is suspended or banned, for the mark others see. */
  author_banned: boolean | number | null;
  author_ban_expires: Date | string | null;
}

const AUTHOR_COLUMNS = [
  'user.name as author_name',
  'user.image as author_image',
  'user.banned as author_banned',
  'user.banExpires as author_ban_expires',
] as const;
export type QuestionRow = Selectable<QuestionTable> & Author;
export type ReplyRow = Selectable<QuestionReplyTable> & Author;
export type MessageRow = Selectable<MessageTable> & Author;
/** A message with what the masking rule and the stream need of its offer and task. */
export type MessageInContext = MessageRow & {
  task_id: string;
  bidder_id: string;
  poster_id: string;
  assignee_id: string | null;
  task_status: Selectable<Database['tasks']>['status'];
};

export async function insertQuestion(db: Db, row: Insertable<QuestionTable>): Promise<void> {
  await db.insertInto('questions').values(row).execute();
}

export async function findQuestion(
  db: Db,
  id: string,
): Promise<Selectable<QuestionTable> | undefined> {
  if (!ID.test(id)) return undefined;
  return db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertReply(db: Db, row: Insertable<QuestionReplyTable>): Promise<void> {
  await db.insertInto('question_replies').values(row).execute();
}

/** The task's questions, newest first, with each asker's public name and photo. */
export async function listQuestions(db: Db, taskId: string, limit: number): Promise<QuestionRow[]> {
  return db
    .selectFrom('questions')
    .innerJoin('user', 'user.id', 'questions.asker_id')
    .selectAll('questions')
    .select(AUTHOR_COLUMNS)
    .where('questions.task_id', '=', taskId)
    .orderBy('questions.created_at', 'desc')
    .orderBy('questions.id', 'desc')
    .limit(limit)
    .execute();
}

/** The replies to these questions, oldest first. */
export async function listReplies(db: Db, questionIds: readonly string[]): Promise<ReplyRow[]> {
  if (questionIds.length === 0) return [];
  return db
    .selectFrom('question_replies')
    .innerJoin('user', 'user.id', 'question_replies.author_id')
    .selectAll('question_replies')
    .select(AUTHOR_COLUMNS)
    .where('question_replies.question_id', 'in', [...questionIds])
    .orderBy('question_replies.created_at')
    .orderBy('question_replies.id')
    .execute();
}

export async function insertMessage(db: Db, row: Insertable<MessageTable>): Promise<void> {
  await db.insertInto('messages').values(row).execute();
}

/** The latest `limit` messages of an offer's conversation, oldest first. */
export async function listMessages(db: Db, offerId: string, limit: number): Promise<MessageRow[]> {
  const latest = await db
    .selectFrom('messages')
    .innerJoin('user', 'user.id', 'messages.author_id')
    .selectAll('messages')
    .select(AUTHOR_COLUMNS)
    .where('messages.offer_id', '=', offerId)
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(limit)
    .execute();
  return latest.reverse();
}

/**
 * The latest `limitPerOffer` messages of each of these offers' conversations, oldest first (the
 * operators' disputes queue reads many at once; issue 47).
 */
export async function listMessagesOfOffers(
  db: Db,
  offerIds: readonly string[],
  limitPerOffer: number,
): Promise<MessageRow[]> {
  if (offerIds.length === 0) return [];
  const ranked = db
    .selectFrom('messages')
    .innerJoin('user', 'user.id', 'messages.author_id')
    .selectAll('messages')
    .select(AUTHOR_COLUMNS)
    .select(
      sql<number>`row_number() over (partition by messages.offer_id order by messages.created_at desc, messages.id desc)`.as(
        'latest_rank',
      ),
    )
    .where('messages.offer_id', 'in', [...offerIds]);
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .selectAll()
    .where('latest_rank', '<=', limitPerOffer)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(({ latest_rank: _rank, ...row }) => row);
}

function selectMessagesInContext(db: Db) {
  return db
    .selectFrom('messages')
    .innerJoin('user', 'user.id', 'messages.author_id')
    .innerJoin('offers', 'offers.id', 'messages.offer_id')
    .innerJoin('tasks', 'tasks.id', 'offers.task_id')
    .selectAll('messages')
    .select(AUTHOR_COLUMNS)
    .select([
      'offers.task_id',
      'offers.bidder_id',
      'tasks.user_id as poster_id',
      'tasks.assignee_id',
      'tasks.status as task_status',
    ]);
}

export async function findMessageInContext(
  db: Db,
  id: string,
): Promise<MessageInContext | undefined> {
  return selectMessagesInContext(db).where('messages.id', '=', id).executeTakeFirst();
}

/** Messages of the user's conversations after `after`, oldest first (a stream's replay). */
export async function messagesAfter(
  db: Db,
  userId: string,
  after: Position,
  limit: number,
): Promise<MessageInContext[]> {
  return selectMessagesInContext(db)
    .where(({ eb, refTuple, tuple }) =>
      eb(refTuple('messages.created_at', 'messages.id'), '>', tuple(after.at, after.id)),
    )
    .where((eb) => eb.or([eb('offers.bidder_id', '=', userId), eb('tasks.user_id', '=', userId)]))
    .orderBy('messages.created_at')
    .orderBy('messages.id')
    .limit(limit)
    .execute();
}

/**
 * Counts one more conversation write of the user in the current window and returns the count:
 * one upsert, so writes racing on any instance are all counted (the row's lock orders them).
 * A window older than `windowMs` starts again at 1.
 */
export async function countWrite(
  db: Db,
  userId: string,
  now: Date,
  windowMs: number,
): Promise<number> {
  const at = now.toISOString();
  const windowOver = sql<boolean>`conversation_rate_limits.window_started_at <= ${new Date(now.getTime() - windowMs).toISOString()}`;
  const row = await db
    .insertInto('conversation_rate_limits')
    .values({ user_id: userId, window_started_at: at, count: 1 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when(windowOver)
          .then(1)
          .else(eb('conversation_rate_limits.count', '+', 1))
          .end(),
        window_started_at: eb
          .case()
          .when(windowOver)
          .then(at)
          .else(eb.ref('conversation_rate_limits.window_started_at'))
          .end(),
      })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
