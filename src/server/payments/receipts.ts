import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PAYMENT_MESSAGES,
  type CardShown,
  type PaymentMode,
  type Receipt,
  type Seller,
} from '../../shared/payments.ts';
import type { Database, ReceiptTable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { ADMIN_ROLE } from '../auth/auth.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { receiptMail } from '../mail/receipt-mails.ts';

type Db = Kysely<Database>;

/** What a receipt copies when it is written: the task's title outlives the task. */
interface ReceiptContent {
  taskTitle: string | null;
  lines: { label: string; amountCents: number }[];
  /** A payment: the card it was taken from (issue 47). */
  card?: CardShown | undefined;
}

export interface ReceiptInput extends ReceiptContent {
  kind: ReceiptTable['kind'];
  payerId: string | null;
  payeeId: string | null;
  taskId?: string | null;
  paymentId?: string | null;
  payoutId?: string | null;
  totalCents: number;
}

/** R-20261125-7K3QX9MD: the day, and eight characters no one guesses. */
function receiptNumber(at: string): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const random = [...crypto.randomBytes(8)].map((byte) => alphabet[byte % 32]).join('');
  return `R-${at.slice(0, 10).replaceAll('-', '')}-${random}`;
}

/**
 * Writes a receipt in the transaction of the movement it is for, and its mail to the party it
 * is for (issue 47); returns its number.
 */
export async function writeReceipt(db: Db, input: ReceiptInput): Promise<string> {
  const at = new Date().toISOString();
  const number = receiptNumber(at);
  const content: ReceiptContent = {
    taskTitle: input.taskTitle,
    lines: input.lines,
    ...(input.card ? { card: input.card } : {}),
  };
  await db
    .insertInto('receipts')
    .values({
      id: crypto.randomUUID(),
      number,
      kind: input.kind,
      payer_id: input.payerId,
      payee_id: input.payeeId,
      task_id: input.taskId ?? null,
      payment_id: input.paymentId ?? null,
      payout_id: input.payoutId ?? null,
      lines: JSON.stringify(content),
      total_cents: input.totalCents,
      created_at: at,
    })
    .execute();
  const recipientId = input.kind === 'payment' ? input.payerId : input.payeeId;
  const recipient =
    recipientId &&
    (await db
      .selectFrom('user')
      .select(['id', 'name', 'email'])
      .where('id', '=', recipientId)
      .executeTakeFirst());
  if (recipient) await enqueueMail(db, receiptMail({ ...input, number }, recipient));
  return number;
}

// Receipts written before issue 47 said "held" in a line; their status says what holds now.
const HELD_LINE = 'Total charged, held until the work is done';
const withoutHeld = (line: { label: string; amountCents: number }) =>
  line.label === HELD_LINE ? { ...line, label: 'Total charged' } : line;

const PLATFORM = { _id: null, name: 'Tasklane' };
const DELETED = 'Deleted user';

/** A receipt, for its two parties and admins; anyone else gets the same 404 as for none. */
export async function readReceipt(
  db: Db,
  number: string,
  viewer: { id: string; role?: string | null | undefined },
  { mode, seller }: { mode: PaymentMode; seller: Seller },
): Promise<Receipt> {
  const row = await db
    .selectFrom('receipts')
    .selectAll()
    .where('number', '=', number)
    .executeTakeFirst();
  const isParty = row && (row.payer_id === viewer.id || row.payee_id === viewer.id);
  if (!row || (!isParty && viewer.role !== ADMIN_ROLE)) {
    throw new AppError('not_found', PAYMENT_MESSAGES.receiptNotFound);
  }
  const ids = [row.payer_id, row.payee_id].filter((id): id is string => !!id);
  const users = ids.length
    ? await db.selectFrom('user').select(['id', 'name']).where('id', 'in', ids).execute()
    : [];
  const party = (id: string | null) =>
    id === null
      ? PLATFORM
      : { _id: id, name: users.find((user) => user.id === id)?.name ?? DELETED };
  const content = JSON.parse(row.lines) as ReceiptContent;
  // What became of the money since (issue 47: a payment released is not "held" any more).
  const [payment, payout] = await Promise.all([
    row.kind === 'payment' && row.payment_id
      ? db
          .selectFrom('payments')
          .select('status')
          .where('id', '=', row.payment_id)
          .executeTakeFirst()
      : undefined,
    row.kind === 'payout' && row.payout_id
      ? db.selectFrom('payouts').select('status').where('id', '=', row.payout_id).executeTakeFirst()
      : undefined,
  ]);
  return {
    number: row.number,
    kind: row.kind,
    totalCents: Number(row.total_cents),
    createdAt: row.created_at,
    taskTitle: content.taskTitle,
    taskId: row.task_id,
    from: party(row.payer_id),
    to: party(row.payee_id),
    lines: content.lines.map(withoutHeld),
    mode,
    status:
      payment?.status ??
      payout?.status ??
      (row.kind === 'release' ? 'released' : row.kind === 'refund' ? 'refunded' : row.kind),
    card: content.card ?? null,
    seller,
  };
}

/** The receipts one user is a party to, newest first. */
export async function receiptsOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom('receipts')
    .selectAll()
    .where((eb) => eb.or([eb('payer_id', '=', userId), eb('payee_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    number: row.number,
    kind: row.kind,
    totalCents: Number(row.total_cents),
    createdAt: row.created_at,
    taskTitle: (JSON.parse(row.lines) as ReceiptContent).taskTitle,
    paymentId: row.payment_id,
    payoutId: row.payout_id,
    payerId: row.payer_id,
  }));
}
