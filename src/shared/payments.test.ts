import { describe, expect, it } from 'vitest';
import { formatCents, PAYMENT_MESSAGES, testCardSchema } from './payments.ts';

/** Issue 47: one money formatter, and the card form's expiry as people type it. */
describe('formatCents', () => {
  it('writes a negative amount with a minus sign before the dollar', () => {
    expect(formatCents(-1100)).toBe('−$11.00');
    expect(formatCents(104_999_895)).toBe('$1,049,998.95');
    expect(formatCents(0)).toBe('$0.00');
  });
});

describe('the test card', () => {
  const card = (expiry: string) => testCardSchema.safeParse({ number: '4242', expiry, cvc: '1' });
  const parsed = (expiry: string) =>
    testCardSchema.parse({ number: '4242 4242 4242 4242', expiry, cvc: '123' });

  it('takes the expiry as 1229 or 12/29, and reads it as MM/YY', () => {
    expect(parsed('1229').expiry).toBe('12/29');
    expect(parsed('12/29').expiry).toBe('12/29');
    expect(parsed(' 12 / 29 ').expiry).toBe('12/29');
  });

  it('refuses an expiry that is no month', () => {
    for (const expiry of ['1329', '12/2029', '122', 'ab/cd']) {
      const issues = card(expiry).error?.issues.filter((issue) => issue.path[0] === 'expiry');
      expect(issues?.map((issue) => issue.message)).toEqual([PAYMENT_MESSAGES.expiry]);
    }
  });
});
