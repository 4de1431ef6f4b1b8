import crypto from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { REPORT_MESSAGES, type ReportUncountedBecause } from '../../shared/moderation.ts';
import { ADMIN_REPORTS_LINK } from '../../shared/links.ts';
import { NOTIFICATION_TEXTS } from '../../shared/notifications.ts';
import { ADMIN_ROLE } from '../auth/auth.ts';
import type { ReportRules } from '../config.ts';
import { isPostgres } from '../db/engine.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import { countMadeSince } from '../db/count-since.ts';

/**
 * Issue 47 (decision 054): what hiding an item by reports costs. Which reports count, how many
 * people they are, how many people an author needs against them, and a group's surge.
 */

type Db = Kysely<Database>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Reports from one address or device this close in time are one person's accounts. */
const SAME_PERSON_WINDOW_MS = DAY_MS;
/** A group reporting `surgeItems` items within this is a surge... */
const SURGE_WINDOW_MS = HOUR_MS;
/** ...and its reports count for nothing this long after. */
const SURGE_HOLD_MS = DAY_MS;
/** An author in good standing needs this many times the people to hide their item. */
export const GOOD_STANDING_FACTOR = 2;

export type { ReportRules } from '../config.ts';

/** Where a report came from: the client's address and a device mark, when known. */
export interface ReportOrigin {
  address: string | null;
  device: string | null;
}

/**
 * A reporter past `perDay` reports in the last 24 hours is refused (429). On PostgreSQL the
 * reporter's row is locked first, so that reports sent at once are counted one after another.
 */
export async function assertReportAllowance(
  trx: Db,
  reporterId: string,
  perDay: number,
  now: Date,
): Promise<void> {
  if (isPostgres(trx)) {
    await trx.selectFrom('user').select('id').where('id', '=', reporterId).forUpdate().execute();
  }
  const since = new Date(now.getTime() - DAY_MS);
  if ((await countMadeSince(trx, 'reports', { reporter_id: reporterId }, since)) >= perDay) {
    throw new AppError('too_many_requests', REPORT_MESSAGES.tooMany(perDay));
  }
}

/**
 * The rows of one group, in reports or report_surges: the reporter, or anyone from their address
 * or device.
 */
function ofGroup(reporterId: string, origin: ReportOrigin) {
  return (eb: ExpressionBuilder<Database, 'reports' | 'report_surges'>) => {
    const matches = [eb('reporter_id', '=', reporterId)];
    if (origin.address) matches.push(eb('client_address', '=', origin.address));
    if (origin.device) matches.push(eb('device', '=', origin.device));
    return eb.or(matches);
  };
}

/**
 * Why the reporter's report would not count, or null when it counts; `inSurge` is what
 * isInSurge answered for this report, asked once for this and detectSurge.
 */
export async function uncountedBecause(
  trx: Db,
  reporterId: string,
  rules: ReportRules,
  now: Date,
  inSurge: boolean,
): Promise<ReportUncountedBecause | null> {
  const reporter = await trx
    .selectFrom('user')
    .select(['createdAt', 'emailVerified'])
    .where('id', '=', reporterId)
    .executeTakeFirstOrThrow();
  // SQLite keeps booleans as 0 and 1.
  if (!reporter.emailVerified) return 'unverified';
  const age = now.getTime() - new Date(reporter.createdAt).getTime();
  if (age < rules.minAccountAgeHours * HOUR_MS) return 'new-account';
  return inSurge ? 'surge' : null;
}

/** Whether the reporter, their address or device is in a surge of the last day. */
export async function isInSurge(trx: Db, reporterId: string, origin: ReportOrigin, now: Date) {
  const surge = await trx
    .selectFrom('report_surges')
    .select('id')
    .where('created_at', '>', new Date(now.getTime() - SURGE_HOLD_MS).toISOString())
    .where(ofGroup(reporterId, origin))
    .executeTakeFirst();
  return surge !== undefined;
}

/**
 * After a report of a group not already in a surge (isInSurge): when the group (the reporter,
 * their address or device) has reported `surgeItems` different items in the last hour, the surge
 * is recorded, the group's reports of that hour stop counting and every admin is told, once.
 * Returns whether the report started a surge.
 */
export async function detectSurge(
  trx: Db,
  reporterId: string,
  origin: ReportOrigin,
  rules: ReportRules,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - SURGE_WINDOW_MS).toISOString();
  const items = await trx
    .selectFrom('reports')
    .select(['item_type', 'item_id'])
    .where('created_at', '>', since)
    .where(ofGroup(reporterId, origin))
    .groupBy(['item_type', 'item_id'])
    .limit(rules.surgeItems)
    .execute();
  if (items.length < rules.surgeItems) return false;
  await trx
    .insertInto('report_surges')
    .values({
      id: crypto.randomUUID(),
      reporter_id: reporterId,
      client_address: origin.address,
      device: origin.device,
      item_count: items.length,
      created_at: now.toISOString(),
    })
    .execute();
  await trx
    .updateTable('reports')
    .set({ uncounted_because: 'surge' })
    .where('created_at', '>', since)
    .where('status', '=', 'open')
    .where('uncounted_because', 'is', null)
    .where(ofGroup(reporterId, origin))
    .execute();
  const reporter = await trx
    .selectFrom('user')
    .select('name')
    .where('id', '=', reporterId)
    .executeTakeFirstOrThrow();
  const admins = await trx.selectFrom('user').select('id').where('role', '=', ADMIN_ROLE).execute();
  for (const admin of admins) {
    await notifyUser(trx, {
      userId: admin.id,
      type: 'report_surge',
      text: NOTIFICATION_TEXTS.report_surge({
        name: reporter.name,
        title: `${items.length} items`,
      }),
      link: ADMIN_REPORTS_LINK,
    });
  }
  return true;
}

/**
 * How many people the item's open, counted reports come from: reports that share an address or
 * a device within a day of each other are one person's, and so is anything linked through them.
 */
export async function countedPeople(trx: Db, type: string, id: string): Promise<number> {
  const reports = await trx
    .selectFrom('reports')
    .select(['client_address', 'device', 'created_at'])
    .where('item_type', '=', type as 'task')
    .where('item_id', '=', id)
    .where('status', '=', 'open')
    .where('uncounted_because', 'is', null)
    .execute();
  const parent = reports.map((_, index) => index);
  const root = (index: number): number =>
    parent[index] === index ? index : (parent[index] = root(parent[index]!));
  reports.forEach((a, i) => {
    reports.forEach((b, j) => {
      if (j <= i) return;
      const near =
        Math.abs(Date.parse(a.created_at) - Date.parse(b.created_at)) <= SAME_PERSON_WINDOW_MS;
      const shared =
        (a.client_address !== null && a.client_address === b.client_address) ||
        (a.device !== null && a.device === b.device);
      if (near && shared) parent[root(j)] = root(i);
    });
  });
  return new Set(reports.map((_, index) => root(index))).size;
}

/**
 * How many people must report the author's item to hide it: more for an author in good
 * standing (verified, a completed task as poster or freelancer, no report against them upheld).
 */
export async function peopleToHide(trx: Db, authorId: string, toHide: number): Promise<number> {
  const author = await trx
    .selectFrom('user')
    .select('emailVerified')
    .where('id', '=', authorId)
    .executeTakeFirst();
  if (!author?.emailVerified) return toHide;
  const completed = await trx
    .selectFrom('tasks')
    .select('id')
    .where('status', '=', 'completed')
    .where((eb) => eb.or([eb('user_id', '=', authorId), eb('assignee_id', '=', authorId)]))
    .limit(1)
    .executeTakeFirst();
  if (!completed) return toHide;
  const upheld = await trx
    .selectFrom('reports')
    .select('id')
    .where('author_id', '=', authorId)
    .where('status', '=', 'actioned')
    .limit(1)
    .executeTakeFirst();
  return upheld ? toHide : toHide * GOOD_STANDING_FACTOR;
}
