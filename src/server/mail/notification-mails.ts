import type { Kysely } from 'kysely';
import { BRAND } from '../../shared/brand.ts';
import {
  MAIL_DEFAULTS,
  MAIL_KIND_LABELS,
  MAIL_KIND_OF,
  MESSAGE_MAIL_DELAY_MS,
  type MailKind,
  type MailMode,
} from '../../shared/mail-preferences.ts';
import type { NotificationType } from '../../shared/notifications.ts';
import type { Database } from '../db/types.ts';
import { enqueueMail } from './outbox.ts';

type Db = Kysely<Database>;

/** A notification just written: what its mail says and where it leads. */
export interface NotifiedRow {
  id: string;
  user_id: string;
  type: NotificationType;
  text: string;
  /** A path of the web app; the sender makes it absolute on PUBLIC_URL. */
  link: string;
}

/** Each user's mode for each kind, defaults filled in. */
export async function mailModesOf(
  db: Db,
  userIds: readonly string[],
): Promise<(userId: string, kind: MailKind) => MailMode> {
  const rows = userIds.length
    ? await db
        .selectFrom('mail_preferences')
        .select(['user_id', 'kind', 'mode'])
        .where('user_id', 'in', [...userIds])
        .execute()
    : [];
  const modes = new Map(rows.map((row) => [`${row.user_id}|${row.kind}`, row.mode]));
  return (userId, kind) => modes.get(`${userId}|${kind}`) ?? MAIL_DEFAULTS[kind];
}

/**
 * Issue 19: the mails of notifications just written, in the same transaction, for the
 * recipients who chose instant mail for their kind. A private message's waits ten minutes and
 * goes only if the notification is still unread then (the sender checks); the daily digest
 * kinds wait for the digest.
 */
export async function mailNotifications(db: Db, rows: readonly NotifiedRow[]): Promise<void> {
  if (!rows.length) return;
  const userIds = [...new Set(rows.map((row) => row.user_id))];
  const [users, modeOf] = await Promise.all([
    db.selectFrom('user').select(['id', 'email', 'name']).where('id', 'in', userIds).execute(),
    mailModesOf(db, userIds),
  ]);
  const byId = new Map(users.map((user) => [user.id, user]));
  for (const row of rows) {
    const kind = MAIL_KIND_OF[row.type];
    const user = byId.get(row.user_id);
    if (!kind || !user || modeOf(user.id, kind) !== 'instant') continue;
    const delayMs = kind === 'message' ? MESSAGE_MAIL_DELAY_MS : 0;
    await enqueueMail(db, {
      kind,
      to: user.email,
      userId: user.id,
      notificationId: row.id,
      sendAt: delayMs ? new Date(Date.now() + delayMs) : undefined,
      content: {
        subject: row.text,
        preview: `${MAIL_KIND_LABELS[kind]} on ${BRAND}.`,
        heading: row.text,
        paragraphs: [`Hi ${user.name},`, row.text, `Open it on ${BRAND} to see it all and answer.`],
        action: { label: `Open in ${BRAND}`, url: row.link },
        reason: `You get this email because you chose instant emails for “${MAIL_KIND_LABELS[kind]}”. Change this in your email settings.`,
      },
    });
  }
}
