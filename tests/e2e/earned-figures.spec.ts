import path from 'node:path';
import SQLite from 'better-sqlite3';
import { TRUST_BADGES } from '../../src/client/features/profiles/earned-figures.tsx';
import { writeOverApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import { e2eEnv } from '../support/e2e-env.ts';
import {
  expect,
  expectNoHorizontalScroll,
  hiredTask,
  signUpUsers,
  switchToForest,
  test,
} from '../support/e2e-offers.ts';

/**
 * Issue 50, "earned, not typed": a profile with a known history shows its on-time rate, typical
 * response time, last active day, trust badges (each saying how it is checked) and the client's
 * hire rate, payments made and reviews from freelancers.
 */

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Runs statements on the shared server's database (what time and checks did to the rows). */
function inDatabase(run: (db: SQLite.Database) => void): void {
  const db = new SQLite(path.join(e2eEnv().dataDir, 'tasklane.db'));
  try {
    run(db);
  } finally {
    db.close();
  }
}

const message = (user: SignedUpUser, offerId: string, text: string) =>
  writeOverApi(user, `/api/offers/${offerId}/messages`, text);

/**
 * Two deliveries, one on the deadline day and one a day late; the poster's message answered
 * 90 minutes later; the freelancer's email verified.
 */
async function knownHistory(): Promise<{ poster: SignedUpUser; freelancer: SignedUpUser }> {
  const [poster, freelancer] = await signUpUsers('Opal Ontime', 'Earl Earned');
  const onTime = await hiredTask(poster, freelancer, { until: 'delivered' });
  const late = await hiredTask(poster, freelancer, { until: 'delivered' });
  const question = await message(poster, onTime.offerId, 'Can you add a dark version?');
  const answer = await message(freelancer, onTime.offerId, 'Yes, tomorrow.');
  inDatabase((db) => {
    const deadline = db.prepare('UPDATE tasks SET deadline = ? WHERE id = ?');
    deadline.run(day(0), onTime.taskId);
    deadline.run(day(-1), late.taskId);
    const written = db.prepare('UPDATE messages SET created_at = ? WHERE id = ?');
    written.run(minutesAgo(150), question);
    written.run(minutesAgo(60), answer);
    db.prepare('UPDATE "user" SET "emailVerified" = 1 WHERE id = ?').run(freelancer.id);
  });
  return { poster, freelancer };
}

test('a profile shows the earned figures and how each badge is checked', async ({ page }) => {
  const { poster, freelancer } = await knownHistory();
  await page.goto(`/users/${freelancer.id}`);
  const main = page.getByRole('main');
  await expect(main).toContainText('Last active today');
  const asFreelancer = main.getByRole('region', { name: 'As a freelancer' });
  await expect(asFreelancer).toContainText('On-time delivery50%');
  await expect(asFreelancer).toContainText('Typical response timewithin 2 hours');
  await expect(asFreelancer).toContainText('1 of 2 = 50%');

  const trust = main.getByRole('region', { name: 'Trust' });
  const badge = (key: keyof typeof TRUST_BADGES) =>
    trust.getByRole('listitem').filter({ hasText: TRUST_BADGES[key].label });
  for (const [key, earned] of [
    ['emailVerified', true],
    ['payoutAccountSet', false],
    ['paymentMethodUsed', false],
    ['noUpheldReports', true],
  ] as const) {
    await expect(badge(key)).toHaveAttribute('title', TRUST_BADGES[key].how);
    // Read out: the badge, whether it is earned, and how it is checked.
    await expect(badge(key)).toHaveText(
      `${earned ? '✓' : '–'}${TRUST_BADGES[key].label}${earned ? ': yes' : ': not yet'} ${TRUST_BADGES[key].how}`,
    );
  }

  await page.goto(`/users/${poster.id}`);
  const asClient = page.getByRole('region', { name: 'As a client' });
  await expect(asClient).toContainText('Tasks posted2');
  await expect(asClient).toContainText('Hire rate100%');
  await expect(asClient).toContainText('Payments made0');
  await expect(asClient).toContainText('Reviews from freelancers0');
  await expect(asClient).toContainText('The hire rate is hires ÷ tasks posted: 2 ÷ 2 = 100%.');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the earned figures fit the width and pass axe in both themes', async ({ page }) => {
    const { freelancer } = await knownHistory();
    await page.goto(`/users/${freelancer.id}`);
    await expect(page.getByRole('region', { name: 'Trust' })).toContainText('Email verified');
    await expectNoHorizontalScroll(page, 'earned figures at 375 px');
    await expectNoSeriousA11yViolations(page, 'earned figures at 375 px in winter');
    await switchToForest(page);
    await expectNoSeriousA11yViolations(page, 'earned figures at 375 px in forest');
  });
});
