import { feeCents } from '../../shared/money.ts';

/** What a poster pays to hire at `amountCents`, and what the freelancer gets when released. */
export function hireAmounts(
  amountCents: number,
  clientFeePercent: number,
  freelancerFeePercent: number,
) {
  const clientFee = feeCents(amountCents, clientFeePercent);
  const freelancerFee = feeCents(amountCents, freelancerFeePercent);
  return {
    amount: amountCents,
    clientFee,
    total: amountCents + clientFee,
    freelancerFee,
    toFreelancer: amountCents - freelancerFee,
    revenue: clientFee + freelancerFee,
  };
}

/** What was agreed when a payment was taken (payments table). */
export interface PaidTerms {
  amountCents: number;
  clientFeeCents: number;
  totalCents: number;
  clientFeeBp: number;
  freelancerFeeBp: number;
}

/**
 * Where a held payment goes when `shareCents` of the offer's amount is the freelancer's: all of
 * it on release, none on a refund, part on a split (issue 21). The freelancer's fee is taken
 * from the share; the client's fee is kept on the share alone (all of it on release, none on a
 * refund); the rest goes back to the poster. The three parts always add up to the total.
 */
export function settlementOf(terms: PaidTerms, shareCents: number) {
  if (!Number.isSafeInteger(shareCents) || shareCents < 0 || shareCents > terms.amountCents) {
    throw new RangeError(`a share of ${shareCents} cents of ${terms.amountCents}`);
  }
  const freelancerFee = feeCents(shareCents, terms.freelancerFeeBp / 100);
  const clientFee =
    shareCents === terms.amountCents
      ? terms.clientFeeCents
      : feeCents(shareCents, terms.clientFeeBp / 100);
  return {
    toFreelancer: shareCents - freelancerFee,
    revenue: freelancerFee + clientFee,
    refund: terms.totalCents - shareCents - clientFee,
  };
}
