import crypto from 'node:crypto';
import { FILE_CAPS } from '../../shared/files.ts';
import { filesOfItems, setItemFiles } from '../files/files.service.ts';
import type { Kysely } from 'kysely';
import {
  CONVERSATION_MESSAGES,
  MESSAGES_LIMIT,
  QUESTIONS_LIMIT,
  type Message,
  type Question,
} from '../../shared/conversations.ts';
import { OFFER_MESSAGES } from '../../shared/offers.ts';
import { TASK_FIELD_MESSAGES } from '../../shared/tasks.ts';
import { uniqueNow } from '../db/clock.ts';
import type { Database, Position } from '../db/types.ts';
import { markDirectoryFiguresDue } from '../profiles/directory-entries.ts';
import { AppError } from '../errors.ts';
import { publishEvent } from '../events/event-bus.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findOffer } from '../offers/offers.store.ts';
import { moderationStateOf } from '../../shared/moderation-state.ts';
import { accountStateOf } from '../moderation/account-state.ts';
import { assertNotBlocked } from '../moderation/blocks.ts';
import { readTaskFacts, type StoredTaskFacts } from '../tasks/task-status.ts';
import { textFor } from './contact-masking.ts';
import {
  countWrite,
  findMessageInContext,
  findQuestion,
  insertMessage,
  insertQuestion,
  insertReply,
  listMessages,
  listQuestions,
  listReplies,
  messagesAfter,
  type MessageInContext,
  type MessageRow,
} from './conversations.store.ts';

/**
 * Questions on a task and each offer's private conversation (issue 10): who may read and write
 * them, the per-user flood limit, masking of contact details when read (contact-masking.ts),
 * and the notifications and live events each write causes, in the write's transaction.
 */

type Db = Kysely<Database>;
const M = CONVERSATION_MESSAGES;

/** How many questions, replies and messages together a user may write per window. */
export interface WriteLimit {
  max: number;
  windowMs: number;
}

async function assertNotTooFast(db: Db, userId: string, limit: WriteLimit): Promise<void> {
  const count = await countWrite(db, userId, new Date(), limit.windowMs);
  if (count > limit.max) throw new AppError('too_many_requests', M.tooFast);
}

/** The task, or a 404; one hidden or removed (issue 20) is its author's and the admins' alone. */
async function taskOrNotFound(
  db: Db,
  taskId: string,
  readerId: string,
  isAdmin = false,
): Promise<StoredTaskFacts> {
  const task = await readTaskFacts(db, taskId);
  const mayRead = task && (!task.moderation || isAdmin || task.userId === readerId);
  if (!mayRead) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  return task;
}

/** What every written text has: its id, author and time. */
interface Written {
  id: string;
  author_id: string;
  text: string;
  created_at: string;
}

/**
 * Counts the write against the author's limit, then saves it with what it causes (rows,
 * notifications, events) in one transaction. Returns the new id.
 */
async function write(
  db: Db,
  limit: WriteLimit,
  authorId: string,
  text: string,
  save: (trx: Db, written: Written) => Promise<void>,
): Promise<string> {
  await assertNotTooFast(db, authorId, limit);
  const written = {
    id: crypto.randomUUID(),
    author_id: authorId,
    text,
    created_at: uniqueNow(),
  };
  await db.transaction().execute((trx) => save(trx, written));
  return written.id;
}

const summary = (
  id: string,
  row: {
    author_name: string;
    author_image: string | null;
    author_banned: boolean | number | null;
    author_ban_expires: Date | string | null;
  },
) => ({
  _id: id,
  name: row.author_name,
  image: row.author_image,
  ...accountStateOf(row.author_banned, row.author_ban_expires),
});

/** Any signed-in user asks the task's poster a question; the poster is notified. */
export async function askQuestion(
  db: Db,
  taskId: string,
  askerId: string,
  text: string,
  limit: WriteLimit,
): Promise<string> {
  const task = await taskOrNotFound(db, taskId, askerId);
  await assertNotBlocked(db, askerId, task.userId);
  return write(db, limit, askerId, text, async (trx, { author_id, ...question }) => {
    await insertQuestion(trx, { ...question, task_id: taskId, asker_id: author_id });
    const recipients = [task.userId];
    const questionId = question.id;
    await notify(trx, [{ type: 'question_asked', task, actorId: askerId, recipients, questionId }]);
  });
}

/** The poster or the asker replies in a question's thread; the other one is notified. */
export async function replyToQuestion(
  db: Db,
  questionId: string,
  authorId: string,
  text: string,
  limit: WriteLimit,
): Promise<string> {
  const question = await findQuestion(db, questionId);
  if (!question) throw new AppError('not_found', M.questionNotFound);
  const task = await taskOrNotFound(db, question.task_id, authorId);
  if (authorId !== task.userId && authorId !== question.asker_id) {
    throw new AppError('forbidden', M.notInThread);
  }
  // The thread is between the poster and the asker: a block between them closes it.
  const other = authorId === task.userId ? question.asker_id : task.userId;
  await assertNotBlocked(db, authorId, other);
  return write(db, limit, authorId, text, async (trx, reply) => {
    await insertReply(trx, { ...reply, question_id: questionId });
    // Issue 50: a reply of theirs changes their response time in the directory (swept soon).
    await markDirectoryFiguresDue(trx, [authorId]);
    const recipients = [task.userId, question.asker_id];
    await notify(trx, [
      { type: 'question_replied', task, actorId: authorId, recipients, questionId },
    ]);
  });
}

/**
 * Whether `readerId` sees a written text (issue 20): one hidden by reports or removed is its
 * author's and the admins' alone, marked with its state.
 */
function moderatedFor(
  row: { moderation: string | null; moderation_reason: string | null },
  authorId: string,
  readerId: string,
  isAdmin: boolean,
) {
  if (!row.moderation) return { visible: true };
  const visible = isAdmin || authorId === readerId;
  return { visible, moderation: moderationStateOf(row.moderation, row.moderation_reason) };
}

/** The task's questions, newest first, each with its replies oldest first, masked for the reader. */
export async function listTaskQuestions(
  db: Db,
  taskId: string,
  readerId: string,
  isAdmin = false,
): Promise<Question[]> {
  const task = await taskOrNotFound(db, taskId, readerId, isAdmin);
  const questions = (await listQuestions(db, taskId, QUESTIONS_LIMIT)).filter(
    (question) => moderatedFor(question, question.asker_id, readerId, isAdmin).visible,
  );
  const replies = (
    await listReplies(
      db,
      questions.map((question) => question.id),
    )
  ).filter((reply) => moderatedFor(reply, reply.author_id, readerId, isAdmin).visible);
  return questions.map((question) => ({
    _id: question.id,
    taskId: question.task_id,
    text: textFor(task, question.asker_id, readerId, question.text),
    createdAt: question.created_at,
    asker: summary(question.asker_id, question),
    replies: replies
      .filter((reply) => reply.question_id === question.id)
      .map((reply) => ({
        _id: reply.id,
        questionId: reply.question_id,
        text: textFor(task, reply.author_id, readerId, reply.text),
        createdAt: reply.created_at,
        author: summary(reply.author_id, reply),
        ...stateOf(reply),
      })),
    ...stateOf(question),
  }));
}

/** The moderation field of a text its reader may see: present only when it is moderated. */
const stateOf = (row: { moderation: string | null; moderation_reason: string | null }) =>
  row.moderation ? { moderation: moderationStateOf(row.moderation, row.moderation_reason) } : {};

/** The offer and its task when `userId` is in its conversation (the poster or the author). */
async function conversationOf(db: Db, offerId: string, userId: string) {
  const offer = await findOffer(db, offerId);
  if (!offer) throw new AppError('not_found', OFFER_MESSAGES.offerNotFound);
  const task = await taskOrNotFound(db, offer.task_id, userId);
  if (userId !== task.userId && userId !== offer.bidder_id) {
    throw new AppError('forbidden', M.notInConversation);
  }
  return { offer, task, userIds: [task.userId, offer.bidder_id] };
}

/** A message in an offer's conversation: both parties' streams get it, the other is notified. */
export async function sendMessage(
  db: Db,
  offerId: string,
  authorId: string,
  text: string,
  limit: WriteLimit,
  fileIds?: readonly string[],
): Promise<string> {
  const { task, userIds } = await conversationOf(db, offerId, authorId);
  const other = userIds.find((id) => id !== authorId) ?? authorId;
  await assertNotBlocked(db, authorId, other);
  return write(db, limit, authorId, text, async (trx, message) => {
    await insertMessage(trx, { ...message, offer_id: offerId });
    await markDirectoryFiguresDue(trx, [authorId]);
    // Issue 49: its files, the author's own ready uploads, attached in its transaction.
    await setItemFiles(trx, {
      ownerId: authorId,
      purpose: 'message',
      item: { type: 'message', id: message.id },
      groups: [{ ids: fileIds, max: FILE_CAPS.message, what: 'files' }],
    });
    // The author's own streams too: their other tabs show what they sent.
    await publishEvent(trx, { name: 'message', id: message.id, userIds });
    await notify(trx, [
      { type: 'message_received', task, actorId: authorId, recipients: userIds, offerId },
    ]);
  });
}

function toMessage(row: MessageRow, taskId: string, text: string): Message {
  return {
    _id: row.id,
    offerId: row.offer_id,
    taskId,
    text,
    createdAt: row.created_at,
    author: summary(row.author_id, row),
    ...stateOf(row),
  };
}

/** An offer's conversation, oldest first (the latest MESSAGES_LIMIT), masked for the reader. */
export async function listOfferMessages(
  db: Db,
  offerId: string,
  readerId: string,
  isAdmin = false,
): Promise<Message[]> {
  const { task } = await conversationOf(db, offerId, readerId);
  const rows = (await listMessages(db, offerId, MESSAGES_LIMIT)).filter(
    (row) => moderatedFor(row, row.author_id, readerId, isAdmin).visible,
  );
  const files = await filesOfItems(
    db,
    'message',
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const message = toMessage(row, task.id, textFor(task, row.author_id, readerId, row.text));
    const attached = files.get(row.id);
    return attached ? { ...message, files: [...attached.photos, ...attached.files] } : message;
  });
}

/** A message for a stream: where it stands, whose streams it goes to, and how each reads it. */
export interface StreamMessage {
  position: Position;
  userIds: string[];
  readBy(readerId: string): Message;
}

function toStreamMessage(row: MessageInContext): StreamMessage {
  const task = { userId: row.poster_id, assigneeId: row.assignee_id, status: row.task_status };
  return {
    position: { at: row.created_at, id: row.id },
    userIds: [row.poster_id, row.bidder_id],
    readBy: (readerId) =>
      toMessage(row, row.task_id, textFor(task, row.author_id, readerId, row.text)),
  };
}

/** The new message for the streams, or undefined when it is gone (its writer rolled back). */
export async function messageEvent(db: Db, id: string): Promise<StreamMessage | undefined> {
  const row = await findMessageInContext(db, id);
  return row && toStreamMessage(row);
}

/** Messages of the user's conversations after `after`, oldest first. */
export async function messageEventsAfter(
  db: Db,
  userId: string,
  after: Position,
  limit: number,
): Promise<StreamMessage[]> {
  // A replay leaves out what the reader may not see (issue 20); what a stream sends as it is
  // written is new, so never moderated yet.
  return (await messagesAfter(db, userId, after, limit))
    .filter((row) => moderatedFor(row, row.author_id, userId, false).visible)
    .map(toStreamMessage);
}
