import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { accounts, balanceOf, checkLedger, recordMovement, UnbalancedError } from './ledger.ts';
import { feeCents } from '../../shared/money.ts';
import { hireAmounts } from './money.ts';

/**
 * Issue 21, the books: fees rounded once in whole cents; movements that sum to zero, recorded
 * once per reference; balances as sums of entries; and `npm run ledger:check` finding what is
 * wrong. Both engines.
 */
let t: TestApp;
beforeAll(async () => {
  // These books are written by hand, with escrows no payment explains: not checked on close.
  t = await createTestApp({}, { checkBooks: false });
});
afterAll(async () => t.close());

describe('fees', () => {
  it('are whole cents, half a cent and up rounded up, in integers', () => {
    expect(feeCents(1000, 5)).toBe(50);
    expect(feeCents(999, 5)).toBe(50); // 49.95
    expect(feeCents(1010, 2.5)).toBe(25); // 25.25
    expect(feeCents(1030, 2.5)).toBe(26); // 25.75
    expect(feeCents(1, 10)).toBe(0); // 0.1
    expect(feeCents(5, 10)).toBe(1); // 0.5
    expect(feeCents(0, 10)).toBe(0);
    expect(() => feeCents(-1, 5)).toThrow(RangeError);
    expect(() => feeCents(10.5, 5)).toThrow(RangeError);
  });

  it('make up a hire: what the poster pays is what the freelancer and the platform get', () => {
    const hire = hireAmounts(12_000, 5, 10);
    expect(hire).toEqual({
      amount: 12_000,
      clientFee: 600,
      total: 12_600,
      freelancerFee: 1_200,
      toFreelancer: 10_800,
      revenue: 1_800,
    });
    for (const amount of [1, 99, 12_345, 1_000_001]) {
      const { total, toFreelancer, revenue } = hireAmounts(amount, 5, 10);
      expect(toFreelancer + revenue).toBe(total);
    }
  });
});

describe('movements', () => {
  const pay = (taskId: string, userId: string, cents: number, reference: string, db = t.db) =>
    recordMovement(db, {
      kind: 'payment',
      reference,
      taskId,
      entries: [
        { account: accounts.card(userId), amountCents: -cents },
        { account: accounts.escrow(taskId), amountCents: cents },
      ],
    });

  it('move money between accounts; balances are the sums of their entries', async () => {
    await pay('task-1', 'poster-1', 12_600, 'payment:1');
    await recordMovement(t.db, {
      kind: 'release',
      reference: 'release:1',
      taskId: 'task-1',
      entries: [
        { account: accounts.escrow('task-1'), amountCents: -12_600 },
        { account: accounts.available('freelancer-1'), amountCents: 10_800 },
        { account: accounts.revenue, amountCents: 1_800 },
      ],
    });
    expect(await balanceOf(t.db, accounts.escrow('task-1'))).toBe(0);
    expect(await balanceOf(t.db, accounts.available('freelancer-1'))).toBe(10_800);
    expect(await balanceOf(t.db, accounts.card('poster-1'))).toBe(-12_600);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuse entries that do not sum to zero, or are not whole non-zero cents, writing nothing', async () => {
    const bad: Array<Array<{ account: string; amountCents: number }>> = [
      [
        { account: 'a', amountCents: 100 },
        { account: 'b', amountCents: -99 },
      ],
      [
        { account: 'a', amountCents: 10.5 },
        { account: 'b', amountCents: -10.5 },
      ],
      [
        { account: 'a', amountCents: 0 },
        { account: 'b', amountCents: 0 },
      ],
      [{ account: 'a', amountCents: 100 }],
    ];
    for (const entries of bad) {
      await expect(
        recordMovement(t.db, { kind: 'bad', reference: `bad:${Math.random()}`, entries }),
      ).rejects.toThrow(UnbalancedError);
    }
    const kept = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'bad')
      .execute();
    expect(kept).toEqual([]);
  });

  it('happen once per reference, however many times and at once they are asked for', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.transaction().execute((trx) => pay('task-2', 'poster-2', 5_000, 'payment:twice', trx)),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await balanceOf(t.db, accounts.escrow('task-2'))).toBe(5_000);
  });
});

describe('checking the books', () => {
  // Books of their own: the movements above hold money in escrows no payment explains.
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({}, { checkBooks: false });
  });
  afterAll(async () => c.close());
  const runCheck = () =>
    promisify(execFile)(process.execPath, [path.resolve(import.meta.dirname, 'ledger-check.ts')], {
      env: {
        ...process.env,
        DATA_DIR: c.config.dataDir,
        DATABASE_URL: c.config.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
      },
    }).then(
      (done) => ({ code: 0, out: done.stdout + done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => ({
        code: failed.code,
        out: failed.stdout + failed.stderr,
      }),
    );

  it('npm run ledger:check says the books balance, or lists what is wrong and exits 1', async () => {
    const good = await runCheck();
    expect(good).toMatchObject({ code: 0 });
    expect(good.out).toMatch(/The books balance/);

    // What no code path may write: a transaction that does not sum to zero, and a freelancer's
    // balance below zero, written behind the ledger's back.
    await sql`insert into ledger_transactions (id, kind, reference, task_id, created_at)
      values ('broken', 'broken', 'broken', null, '2026-01-01T00:00:00.000Z')`.execute(c.db);
    await sql`insert into ledger_entries (id, transaction_id, account, amount_cents)
      values ('broken-1', 'broken', ${accounts.available('ghost')}, -700),
             ('broken-2', 'broken', ${accounts.revenue}, 500)`.execute(c.db);
    const problems = await checkLedger(c.db);
    expect(problems).toEqual([
      'transaction broken sums to -200 cents, not 0',
      `account ${accounts.available('ghost')} is at -700 cents, below zero`,
    ]);
    const bad = await runCheck();
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('transaction broken sums to -200 cents, not 0');
    await sql`delete from ledger_entries where transaction_id = 'broken'`.execute(c.db);
    await sql`delete from ledger_transactions where id = 'broken'`.execute(c.db);

    // Money in a task's escrow that no held payment explains, and a charge the provider never
    // made: both listed.
    await recordMovement(c.db, {
      kind: 'charge',
      reference: 'lost',
      entries: [
        { account: accounts.card('ghost'), amountCents: -300 },
        { account: accounts.escrow('lost'), amountCents: 300 },
      ],
    });
    const lost = await runCheck();
    expect(lost.code).toBe(1);
    expect(lost.out).toContain(
      `${accounts.escrow('lost')} holds 300 cents, but its payments hold 0`,
    );
    expect(lost.out).toContain('the provider charged 0 cents, the books 300');
  });
});
