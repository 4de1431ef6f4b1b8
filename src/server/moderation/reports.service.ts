import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { megabytes } from '../../shared/files.ts';
import { offerLink, profileLink, questionLink, taskLink } from '../../shared/links.ts';
import {
  REPORT_MESSAGES,
  type ReportInput,
  type ReportItemType,
  type ReportReason,
  type ReportUncountedBecause,
} from '../../shared/moderation.ts';
import { isDeletedAddress } from '../accounts/deleted-accounts.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { publishTaskChanges } from '../events/task-changes.ts';
import { isPublicImage, itemFilesSummary } from '../files/files.service.ts';
import { markRemoved } from '../files/files.store.ts';
import { markDirectoryFiguresDue } from '../profiles/directory-entries.ts';
import { keepPublicRatings } from '../reviews/reviews.store.ts';
import { setTaskFiles } from '../tasks/tasks.store.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import { recordAdminAction } from './moderation.service.ts';
import {
  assertReportAllowance,
  countedPeople,
  detectSurge,
  isInSurge,
  peopleToHide,
  uncountedBecause,
  type ReportOrigin,
  type ReportRules,
} from './report-weight.ts';

type Db = Kysely<Database>;

/** A reported item as the rules and the operator's queue read it. */
export interface ReportedItem {
  type: ReportItemType;
  id: string;
  authorId: string;
  authorName: string;
  moderation: string | null;
  /** How notices name it: "the task “Fix my sink”". */
  label: string;
  /** Where it is shown in the app. */
  link: string;
  /** What it says, for the operator. */
  content: string;
  /** Who may see it at all besides everyone (a private message: its two parties). */
  parties?: readonly string[];
  /** A review not yet public cannot be reported by anyone. */
  isPublic: boolean;
  /** Whether the task it was written on is hidden or removed: then nobody else sees it. */
  inModeratedTask?: boolean;
  /** The task whose page shows it, told when it is hidden, shown again or removed. */
  taskId?: string;
}

/** The item, or undefined when there is none. */
export async function reportedItem(
  db: Db,
  type: ReportItemType,
  id: string,
): Promise<ReportedItem | undefined> {
  const author = (authorId: string) =>
    db.selectFrom('user').select('name').where('id', '=', authorId).executeTakeFirst();
  const item = await ITEM_KINDS[type].read(db, id);
  if (!item) return undefined;
  return { ...item, authorName: (await author(item.authorId))?.name ?? 'Deleted user' };
}

type ItemFacts = Omit<ReportedItem, 'authorName'>;

/** What a question, a reply or a message shares: words written on a task's page. */
interface WrittenOnTask {
  author_id: string;
  text: string;
  moderation: string | null;
  task_id: string;
  title: string;
  task_moderation: string | null;
}

function writtenOnTask(
  type: ReportItemType,
  id: string,
  row: WrittenOnTask,
  label: string,
  link: string,
): ItemFacts {
  return {
    type,
    id,
    isPublic: true,
    authorId: row.author_id,
    moderation: row.moderation,
    label: `${label} “${row.title}”`,
    taskId: row.task_id,
    inModeratedTask: row.task_moderation !== null,
    link,
    content: row.text,
  };
}

const TASK_COLUMNS = [
  'tasks.id as task_id',
  'tasks.title',
  'tasks.moderation as task_moderation',
] as const;

/**
 * Every kind of item that can be reported, in one table: where its moderation columns live
 * (every table here has `moderation` and `moderation_reason`, migrations 0012 and 0020), how it
 * is read for the rules and the operator's queue, and what else changes with its moderation.
 */
const ITEM_KINDS: {
  [K in ReportItemType]: {
    table: keyof Database;
    read(db: Db, id: string): Promise<ItemFacts | undefined>;
    /** In the transaction that hid, showed again or removed it. */
    moderated?(db: Db, id: string, moderation: 'hidden' | 'removed' | null): Promise<void>;
  };
} = {
  task: {
    table: 'tasks',
    async read(db, id) {
      const row = await db
        .selectFrom('tasks')
        .select(['title', 'description', 'user_id', 'moderation'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          type: 'task',
          id,
          isPublic: true,
          authorId: row.user_id,
          moderation: row.moderation,
          label: `the task “${row.title}”`,
          taskId: id,
          link: taskLink(id),
          content: `${row.title}\n\n${row.description}`,
        }
      );
    },
  },
  question: {
    table: 'questions',
    async read(db, id) {
      const row = await db
        .selectFrom('questions')
        .innerJoin('tasks', 'tasks.id', 'questions.task_id')
        .select(['questions.asker_id as author_id', 'questions.text', 'questions.moderation'])
        .select(TASK_COLUMNS)
        .where('questions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return writtenOnTask('question', id, row, 'a question on', questionLink(row.task_id, id));
    },
  },
  reply: {
    table: 'question_replies',
    async read(db, id) {
      const row = await db
        .selectFrom('question_replies')
        .innerJoin('questions', 'questions.id', 'question_replies.question_id')
        .innerJoin('tasks', 'tasks.id', 'questions.task_id')
        .select(['question_replies.author_id', 'question_replies.text'])
        .select(['question_replies.moderation', 'questions.id as question_id'])
        .select(TASK_COLUMNS)
        .where('question_replies.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const link = questionLink(row.task_id, row.question_id);
      return writtenOnTask('reply', id, row, 'a reply on', link);
    },
  },
  message: {
    table: 'messages',
    async read(db, id) {
      const row = await db
        .selectFrom('messages')
        .innerJoin('offers', 'offers.id', 'messages.offer_id')
        .innerJoin('tasks', 'tasks.id', 'offers.task_id')
        .select(['messages.author_id', 'messages.text', 'messages.moderation'])
        .select(['offers.id as offer_id', 'offers.bidder_id', 'tasks.user_id as poster_id'])
        .select(TASK_COLUMNS)
        .where('messages.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const link = offerLink(row.task_id, row.offer_id);
      return {
        ...writtenOnTask('message', id, row, 'a message about', link),
        parties: [row.bidder_id, row.poster_id],
      };
    },
  },
  review: {
    table: 'reviews',
    async read(db, id) {
      const row = await db
        .selectFrom('reviews')
        .innerJoin('tasks', 'tasks.id', 'reviews.task_id')
        .select(['reviews.reviewer_id', 'reviews.reviewee_id', 'reviews.rating'])
        .select(['reviews.comment', 'reviews.moderation', 'reviews.published_at', 'tasks.title'])
        .where('reviews.id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          type: 'review',
          id,
          authorId: row.reviewer_id,
          moderation: row.moderation,
          label: `a review on “${row.title}”`,
          link: profileLink(row.reviewee_id),
          content: `${row.rating}/5${row.comment ? `: ${row.comment}` : ''}`,
          isPublic: row.published_at !== null,
        }
      );
    },
    // A review hidden, removed or restored counts at once in its reviewee's kept rating (issue
    // 51's task answers), and in the directory's figures at the sweep's next pass (issue 50).
    async moderated(db, id) {
      const row = await db
        .selectFrom('reviews')
        .select('reviewee_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return;
      await keepPublicRatings(db, [row.reviewee_id], new Date());
      await markDirectoryFiguresDue(db, [row.reviewee_id]);
    },
  },
  user: {
    table: 'user',
    async read(db, id) {
      const row = await db
        .selectFrom('user')
        .select(['name', 'email', 'moderation'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || isDeletedAddress(row.email)) return undefined;
      return {
        type: 'user',
        id,
        isPublic: true,
        authorId: id,
        moderation: row.moderation,
        label: `the profile of ${row.name}`,
        link: profileLink(id),
        content: row.name,
      };
    },
  },
  file: {
    table: 'files',
    read: readFileItem,
    // Issue 49: a removed file is never served again (the sweep deletes its bytes); the
    // task's row keeps its first shown photo and the count of its shown files.
    async moderated(db, id, moderation) {
      const [row] =
        moderation === 'removed'
          ? await markRemoved(db, { ids: [id] })
          : await db.selectFrom('files').selectAll().where('id', '=', id).execute();
      if (row?.attached_type !== 'task' || row.attached_id === null) return;
      await setTaskFiles(db, row.attached_id, await itemFilesSummary(db, 'task', row.attached_id));
    },
  },
};

/**
 * Issue 49: a file, reported where it is shown (a task's photo or document, a file of a message,
 * a profile's photo or portfolio piece); the id is the file's. Whoever sees what holds it sees
 * the file: the task's readers, the message's two parties, everyone for a profile.
 */
async function readFileItem(db: Db, id: string): Promise<ItemFacts | undefined> {
  const row = await db
    .selectFrom('files')
    .select(['owner_id', 'kind', 'purpose', 'mime', 'size_bytes', 'original_name', 'status'])
    .select(['attached_type', 'attached_id', 'moderation'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const name = `the file “${row.original_name}”`;
  const isAttached = row.status === 'attached' && row.attached_id !== null;
  // What holds it, as its own kind reads it: the file is seen where that is.
  const holder =
    isAttached && row.attached_type === 'task'
      ? await ITEM_KINDS.task.read(db, row.attached_id!)
      : isAttached && row.attached_type === 'message'
        ? await ITEM_KINDS.message.read(db, row.attached_id!)
        : await ITEM_KINDS.user.read(db, row.owner_id);
  // An avatar is shown as soon as it is ready (its address is the profile's photo URL).
  const isShown = isAttached
    ? row.attached_type !== 'delivery'
    : row.status === 'ready' && row.purpose === 'avatar' && isPublicImage(row);
  return {
    type: 'file',
    id,
    authorId: row.owner_id,
    moderation: row.moderation,
    label: holder ? `${name} on ${holder.label}` : name,
    link: holder?.link ?? profileLink(row.owner_id),
    content: `${row.original_name} (${row.mime ?? 'unknown type'}, ${megabytes(row.size_bytes)})`,
    isPublic: isShown && holder !== undefined,
    inModeratedTask:
      holder !== undefined &&
      holder.type !== 'user' &&
      (holder.moderation !== null || holder.inModeratedTask === true),
    ...(holder?.parties ? { parties: holder.parties } : {}),
    ...(holder?.taskId ? { taskId: holder.taskId } : {}),
  };
}

/** Sets the item's moderation ('hidden', 'removed' or null), `onlyFrom` the state it must be in. */
export async function setModeration(
  db: Db,
  type: ReportItemType,
  id: string,
  moderation: 'hidden' | 'removed' | null,
  reason: string | null,
  onlyFrom?: 'hidden' | null,
): Promise<boolean> {
  // Every table of ITEM_KINDS has these two columns (migration 0012); Kysely cannot know which.
  const table = ITEM_KINDS[type].table as 'tasks';
  let update = db
    .updateTable(table)
    .set({ moderation, moderation_reason: reason })
    .where('id', '=', id);
  if (onlyFrom !== undefined) {
    update =
      onlyFrom === null
        ? update.where('moderation', 'is', null)
        : update.where('moderation', '=', onlyFrom);
  }
  const result = await update.executeTakeFirst();
  const isChanged = Number(result.numUpdatedRows) > 0;
  if (isChanged) await ITEM_KINDS[type].moderated?.(db, id, moderation);
  return isChanged;
}

/**
 * A signed-in user reports an item they can see: once per item; not their own; at most
 * `rules.perDay` a day. Every report is queued for the operators; the item is hidden once its
 * counted reports come from enough different people (issue 20, and issue 47's costs:
 * report-weight.ts, decision 054).
 */
export async function createReport(
  db: Db,
  reporterId: string,
  input: ReportInput,
  origin: ReportOrigin,
  rules: ReportRules,
): Promise<void> {
  const item = await reportedItem(db, input.itemType, input.itemId);
  const canSee =
    item &&
    item.moderation === null &&
    !item.inModeratedTask &&
    item.isPublic &&
    (!item.parties || item.parties.includes(reporterId));
  if (!canSee) throw new AppError('not_found', REPORT_MESSAGES.notFound);
  if (item.authorId === reporterId) throw new AppError('forbidden', REPORT_MESSAGES.own);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await assertReportAllowance(trx, reporterId, rules.perDay, now);
    const inSurge = await isInSurge(trx, reporterId, origin, now);
    const uncounted = await uncountedBecause(trx, reporterId, rules, now, inSurge);
    const inserted = await trx
      .insertInto('reports')
      .values({
        id: crypto.randomUUID(),
        reporter_id: reporterId,
        item_type: item.type,
        item_id: item.id,
        author_id: item.authorId,
        reason: input.reason,
        note: input.note || null,
        created_at: now.toISOString(),
        client_address: origin.address,
        device: origin.device,
        uncounted_because: uncounted,
      })
      .onConflict((oc) => oc.columns(['reporter_id', 'item_type', 'item_id']).doNothing())
      .executeTakeFirst();
    if (!Number(inserted.numInsertedOrUpdatedRows))
      throw new AppError('conflict', REPORT_MESSAGES.already);
    if (inSurge || (await detectSurge(trx, reporterId, origin, rules, now))) return;
    if (uncounted) return;
    await hideIfReportedEnough(trx, item, rules.toHide);
  });
}

/** Hides the item when its counted reports come from enough people. */
async function hideIfReportedEnough(trx: Db, item: ReportedItem, toHide: number) {
  const people = await countedPeople(trx, item.type, item.id);
  if (people < (await peopleToHide(trx, item.authorId, toHide))) return;
  const hidden = await setModeration(trx, item.type, item.id, 'hidden', null, null);
  // Open pages of the task read it again (and find it gone), once this commits.
  if (hidden && item.taskId) await publishTaskChanges(trx, [item.taskId]);
}

/** One item of the operator's queue: its open reports, grouped. */
export interface QueuedItem {
  itemType: ReportItemType;
  itemId: string;
  label: string;
  link: string;
  content: string;
  author: { _id: string; name: string };
  moderation: string | null;
  reportCount: number;
  firstReportedAt: string;
  reasons: Partial<Record<ReportReason, number>>;
  notes: {
    reporter: { _id: string; name: string };
    reason: string;
    note: string | null;
    uncountedBecause: ReportUncountedBecause | null;
  }[];
}

/** Open reports grouped by item: most reported first, then the oldest. */
export async function reportQueue(db: Db, limit = 100): Promise<QueuedItem[]> {
  const groups = await db
    .selectFrom('reports')
    .select(['item_type', 'item_id'])
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<string>('created_at').as('first_at'),
    ])
    .where('status', '=', 'open')
    .groupBy(['item_type', 'item_id'])
    .orderBy('count', 'desc')
    .orderBy('first_at', 'asc')
    .limit(limit)
    .execute();
  const queue: QueuedItem[] = [];
  for (const group of groups) {
    const item = await reportedItem(db, group.item_type, group.item_id);
    if (!item) continue;
    const reports = await db
      .selectFrom('reports')
      .innerJoin('user', 'user.id', 'reports.reporter_id')
      .select([
        'reports.reason',
        'reports.note',
        'reports.uncounted_because',
        'user.id',
        'user.name',
      ])
      .where('reports.item_type', '=', group.item_type)
      .where('reports.item_id', '=', group.item_id)
      .where('reports.status', '=', 'open')
      .orderBy('reports.created_at')
      .execute();
    const reasons: Partial<Record<ReportReason, number>> = {};
    for (const report of reports) {
      const reason = report.reason as ReportReason;
      reasons[reason] = (reasons[reason] ?? 0) + 1;
    }
    queue.push({
      itemType: item.type,
      itemId: item.id,
      label: item.label,
      link: item.link,
      content: item.content,
      author: { _id: item.authorId, name: item.authorName },
      moderation: item.moderation,
      reportCount: Number(group.count),
      firstReportedAt: group.first_at,
      reasons,
      notes: reports.map((report) => ({
        reporter: { _id: report.id, name: report.name },
        reason: report.reason,
        note: report.note,
        uncountedBecause: report.uncounted_because,
      })),
    });
  }
  return queue;
}

export const DECISION_NOTICES = {
  dismiss: 'we found nothing against our rules, so it stays.',
  remove: 'we removed it. Thank you for helping keep Tasklane safe.',
} as const;

/**
 * An admin decides on an item: `dismiss` closes its open reports and shows it again if reports
 * hid it; `remove` takes it down for good, with the reason its author is told (a removed task's
 * pending offers are declined, and it cannot be hired). The reporters are told the outcome,
 * never who else reported. One audit line.
 */
export async function decideOnItem(
  db: Db,
  adminId: string,
  type: ReportItemType,
  id: string,
  decision: 'dismiss' | 'remove',
  reason: string,
): Promise<ReportedItem> {
  const item = await reportedItem(db, type, id);
  if (!item) throw new AppError('not_found', REPORT_MESSAGES.notFound);
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    if (decision === 'dismiss') {
      await setModeration(trx, type, id, null, null, 'hidden');
    } else {
      await setModeration(trx, type, id, 'removed', reason);
      if (type === 'task') {
        await trx
          .updateTable('offers')
          .set({ status: 'declined', declined_because: null, updated_at: at })
          .where('task_id', '=', id)
          .where('status', '=', 'pending')
          .execute();
      }
      await notifyUser(trx, {
        userId: item.authorId,
        type: 'moderation_notice',
        text: `Tasklane removed ${item.label}: “${reason}”`,
        link: item.link,
      });
    }
    const reporters = await trx
      .updateTable('reports')
      .set({ status: decision === 'dismiss' ? 'dismissed' : 'actioned', closed_at: at })
      .where('item_type', '=', type)
      .where('item_id', '=', id)
      .where('status', '=', 'open')
      .returning('reporter_id')
      .execute();
    for (const { reporter_id } of reporters) {
      await notifyUser(trx, {
        userId: reporter_id,
        type: 'report_outcome',
        text: `We looked at your report on ${item.label}: ${DECISION_NOTICES[decision]}`,
        link: decision === 'dismiss' ? item.link : '/dashboard/notifications',
      });
    }
    if (item.taskId) await publishTaskChanges(trx, [item.taskId]);
    await recordAdminAction(trx, {
      adminId,
      action: decision,
      targetType: type,
      targetId: id,
      reason,
      details: { reportsClosed: reporters.length, author: item.authorId },
    });
  });
  return item;
}

/**
 * Issue 47's undo, one admin action: the reporters of an item are taken as a group, and all their
 * open reports (on any item) are closed as dismissed; every item those reports had hidden that
 * the remaining counted reports would not hide is shown again. Nobody is notified (a group that
 * abuses reports learns nothing); one audit line lists the reporters and what was restored.
 */
export async function restoreGroupHides(
  db: Db,
  adminId: string,
  type: ReportItemType,
  id: string,
  reason: string,
  toHide: number,
): Promise<{ items: number; reports: number; reporters: number }> {
  return db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('reports')
      .select('reporter_id')
      .where('item_type', '=', type)
      .where('item_id', '=', id)
      .where('status', '=', 'open')
      .execute();
    if (!group.length) throw new AppError('not_found', REPORT_MESSAGES.nothingToRestore);
    const reporterIds = group.map((row) => row.reporter_id);
    const closed = await trx
      .updateTable('reports')
      .set({ status: 'dismissed', closed_at: new Date().toISOString() })
      .where('reporter_id', 'in', reporterIds)
      .where('status', '=', 'open')
      .returning(['item_type', 'item_id'])
      .execute();
    const affected = new Map(closed.map((row) => [`${row.item_type}:${row.item_id}`, row]));
    const restored: { type: ReportItemType; id: string }[] = [];
    const taskIds = new Set<string>();
    for (const row of affected.values()) {
      const item = await reportedItem(trx, row.item_type, row.item_id);
      if (item?.moderation !== 'hidden') continue;
      const people = await countedPeople(trx, item.type, item.id);
      if (people >= (await peopleToHide(trx, item.authorId, toHide))) continue;
      if (!(await setModeration(trx, item.type, item.id, null, null, 'hidden'))) continue;
      restored.push({ type: item.type, id: item.id });
      if (item.taskId) taskIds.add(item.taskId);
    }
    // Open pages of those tasks read them again once this commits: one publication for all.
    if (taskIds.size) await publishTaskChanges(trx, taskIds);
    await recordAdminAction(trx, {
      adminId,
      action: 'restore-group',
      targetType: type,
      targetId: id,
      reason,
      details: { reporters: reporterIds, restored, reportsClosed: closed.length },
    });
    return { items: restored.length, reports: closed.length, reporters: reporterIds.length };
  });
}

/** An admin warns a user: a notice they read in the app, and an audit line. */
export async function warnUser(db: Db, adminId: string, userId: string, reason: string) {
  await db.transaction().execute(async (trx) => {
    await notifyUser(trx, {
      userId,
      type: 'moderation_notice',
      text: `Tasklane warns you: “${reason}”`,
      link: profileLink(userId),
    });
    await recordAdminAction(trx, {
      adminId,
      action: 'warn',
      targetType: 'user',
      targetId: userId,
      reason,
    });
  });
}
