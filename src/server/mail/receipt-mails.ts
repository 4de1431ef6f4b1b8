import { BRAND } from '../../shared/brand.ts';
import { receiptLink } from '../../shared/links.ts';
import { formatCents } from '../../shared/payments.ts';
import type { ReceiptTable } from '../db/types.ts';
import type { MailRequest } from './outbox.ts';

/**
 * Issue 47: every receipt is mailed to the party it is for (a payment to its payer; a refund, a
 * release or a payout to whom it pays), written to the outbox in the transaction that writes
 * the receipt, so a dispute's decision mails the receipts of what it moved. Like security
 * mails, receipts cannot be turned off.
 */
const HEADINGS: Record<ReceiptTable['kind'], string> = {
  payment: 'Payment received',
  refund: 'Refund',
  release: 'Money released to you',
  payout: 'Payout',
};

export interface ReceiptMailInput {
  number: string;
  kind: ReceiptTable['kind'];
  taskTitle: string | null;
  lines: readonly { label: string; amountCents: number }[];
  totalCents: number;
}

export function receiptMail(
  receipt: ReceiptMailInput,
  to: { id: string; name: string; email: string },
): MailRequest {
  const heading = HEADINGS[receipt.kind];
  const total = formatCents(receipt.totalCents);
  return {
    kind: 'receipt',
    to: to.email,
    userId: to.id,
    content: {
      subject: `${BRAND} receipt ${receipt.number}: ${heading.toLowerCase()}, ${total}`,
      preview: `${heading}: ${total}${receipt.taskTitle ? ` for “${receipt.taskTitle}”` : ''}.`,
      heading,
      paragraphs: [
        `Hi ${to.name},`,
        ...(receipt.taskTitle ? [`Task: “${receipt.taskTitle}”.`] : []),
        ...receipt.lines.map((line) => `${line.label}: ${formatCents(line.amountCents)}`),
        `Total: ${total}`,
      ],
      action: { label: 'View the receipt', url: receiptLink(receipt.number) },
      reason: `You get this email because money moved on your ${BRAND} account. Receipts cannot be turned off.`,
    },
  };
}
