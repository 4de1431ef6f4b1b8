import type { Kysely } from 'kysely';
import { BRAND } from '../../shared/brand.ts';
import { MAIL_KIND_LABELS, MAIL_KIND_OF, type MailKind } from '../../shared/mail-preferences.ts';
import type { NotificationType } from '../../shared/notifications.ts';
import type { Database } from '../db/types.ts';
import { mailModesOf } from './notification-mails.ts';
import { enqueueMail } from './outbox.ts';

type Db = Kysely<Database>;

export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** At most this many notifications are listed in one digest; the rest are counted. */
const DIGEST_ITEMS_MAX = 20;

const typesOf = (kind: MailKind) =>
  (Object.keys(MAIL_KIND_OF) as NotificationType[]).filter((type) => MAIL_KIND_OF[type] === kind);

/**
 * Issue 19: the daily digest. For each user and each kind they get daily (saved searches by
 * default), one mail a day lists the notifications of that kind that came since the last one
 * and are still unread. The user's row in mail_digests is moved forward by a conditional
 * upsert in the same transaction as the mail: instances sweeping at once send each digest once.
 * Returns how many digests were written.
 */
export async function sendDailyDigests(db: Db, now = new Date()): Promise<number> {
  // Who may be due: unread notifications of the last two days (a digest covers at most a day
  // and a sweep's delay).
  const twoDaysAgo = new Date(now.getTime() - 2 * DIGEST_INTERVAL_MS).toISOString();
  const recent = await db
    .selectFrom('notifications')
    .select(['user_id', 'type'])
    .where('created_at', '>', twoDaysAgo)
    .where('read_at', 'is', null)
    .groupBy(['user_id', 'type'])
    .execute();
  const userIds = [...new Set(recent.map((row) => row.user_id))];
  if (!userIds.length) return 0;
  const modeOf = await mailModesOf(db, userIds);
  const due = new Set<string>();
  for (const row of recent) {
    const kind = MAIL_KIND_OF[row.type];
    if (kind && modeOf(row.user_id, kind) === 'daily') due.add(`${row.user_id}|${kind}`);
  }
  let written = 0;
  for (const key of due) {
    const [userId, kind] = key.split('|') as [string, MailKind];
    if (await writeDigest(db, userId, kind, now)) written += 1;
  }
  return written;
}

async function writeDigest(db: Db, userId: string, kind: MailKind, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const dayAgo = new Date(now.getTime() - DIGEST_INTERVAL_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('mail_digests')
      .select('sent_at')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (last && last.sent_at > dayAgo) return false;
    const since = last?.sent_at ?? dayAgo;
    const items = await trx
      .selectFrom('notifications')
      .select(['text', 'link'])
      .where('user_id', '=', userId)
      .where('type', 'in', typesOf(kind))
      .where('created_at', '>', since)
      .where('read_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
    const user = await trx
      .selectFrom('user')
      .select(['email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!items.length || !user) return false;
    // Claim the day: only the transaction that moves the row forward from what it read sends.
    const claimed = await trx
      .insertInto('mail_digests')
      .values({ user_id: userId, kind, sent_at: at })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'kind'])
          .doUpdateSet({ sent_at: at })
          .where('mail_digests.sent_at', '<=', dayAgo),
      )
      .executeTakeFirst();
    if (!Number(claimed.numInsertedOrUpdatedRows ?? 0)) return false;
    const shown = items.slice(0, DIGEST_ITEMS_MAX);
    const more = items.length - shown.length;
    await enqueueMail(trx, {
      kind,
      to: user.email,
      userId,
      content: {
        subject: `Your daily ${BRAND} digest: ${MAIL_KIND_LABELS[kind]} (${items.length})`,
        preview: shown[0]!.text,
        heading: MAIL_KIND_LABELS[kind],
        paragraphs: [
          `Hi ${user.name}, here is what came since your last digest:`,
          ...shown.map((item) => `• ${item.text}`),
          ...(more > 0 ? [`…and ${more} more.`] : []),
        ],
        action: { label: `See them in ${BRAND}`, url: '/notifications' },
        reason: `You get this email once a day because you chose a daily digest for “${MAIL_KIND_LABELS[kind]}”. Change this in your email settings.`,
      },
    });
    return true;
  });
}
