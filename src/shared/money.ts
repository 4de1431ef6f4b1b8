/** USD amounts are stored as integer cents (DESIGN.md "Data"): one conversion from dollars. */
export const toCents = (usd: number): number => Math.round(usd * 100);

/**
 * Issue 21: money is whole cents (USD), and a fee is rounded once, the same way everywhere (the
 * ledger, and the offer form's "You'll receive", issue 47): percent in basis points, half a cent
 * and up rounded up, all in integers (no floating point between the amount and the fee).
 */
export function feeCents(amountCents: number, percent: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`an amount is whole non-negative cents, not ${amountCents}`);
  }
  const basisPoints = Math.round(percent * 100);
  if (basisPoints < 0 || basisPoints > 10_000) throw new RangeError(`a fee of ${percent}%`);
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}
