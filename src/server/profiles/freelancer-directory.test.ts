import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, hiredTask, postTask } from '../../../tests/support/marketplace.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import {
  DIRECTORY_MESSAGES as M,
  type DirectoryResult,
} from '../../shared/freelancer-directory.ts';
import { EMPTY_FREELANCER_PROFILE } from '../../shared/freelancer-profiles.ts';
import { deletedAddress } from '../accounts/deleted-accounts.ts';
import { refreshStaleDirectoryFigures } from './directory-entries.ts';

/**
 * Issue 50 "The directory": GET /api/freelancers by words, skills, category, rating, price and
 * "available now", in each order and page; never hidden, banned, suspended or deleted
 * accounts, nor anyone blocked either way with the reader. Both engines.
 */
const t = useTestApp();
const [client, reader] = t.users('Cleo Client', 'Rita Reader');
const [ada, ben, cy] = t.users('Ada Apps', 'Ben Brands', 'Cy Copy');
const [dan, eve, fay, gus, hal] = t.users(
  'Dan Hidden',
  'Eve Suspended',
  'Fay Deleted',
  'Gus Blocked',
  'Hal Blocker',
);
t.user({ name: 'Nora No Profile' });
const ivy = t.user({ name: 'Ivy Inks' });

const profile = (fields: Record<string, unknown>) => ({
  ...EMPTY_FREELANCER_PROFILE,
  ...fields,
});

async function save(user: TestUser, fields: Record<string, unknown>) {
  const answer = await call(t, 'PUT', '/api/me/freelancer-profile', user, profile(fields));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** Each review answered by the other side, so both are public at once. */
async function completeAndReview(freelancer: TestUser, rating: number) {
  const { taskId } = await hiredTask(t, client, freelancer, 'completed');
  for (const [user, stars] of [
    [client, rating],
    [freelancer, 5],
  ] as const) {
    const answer = await call(t, 'POST', `/api/tasks/${taskId}/reviews`, user, { rating: stars });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
}

beforeAll(async () => {
  for (const user of [dan, eve, fay, gus, hal]) {
    await save(user, { headline: 'Spreadsheet wizard', skills: ['Excel'] });
  }
  // Saved in this order: the newest profile first is Ada's.
  await save(ben, {
    headline: 'Logos for bakeries, write to ben@example.com',
    about: 'Twenty years of hand lettering.',
    skills: ['Logo design', 'Branding'],
    rate: { amount: 100, unit: 'fixed' },
  });
  await save(cy, {
    headline: 'Copywriter',
    about: 'I also know some React.',
    skills: ['Copywriting'],
    available: true,
  });
  await save(ada, {
    headline: 'React and TypeScript apps',
    about: 'Fast, accessible web apps.',
    skills: ['React', 'TypeScript', 'Node.js', 'SQL', 'Accessibility', 'HTML & CSS', 'PHP'],
    rate: { amount: 40, unit: 'hourly' },
    available: true,
  });
  await completeAndReview(ada, 5);
  await completeAndReview(ada, 4);
  await completeAndReview(ben, 3);
  // The writes marked their figures due: the sweep computes them (each minute in a server).
  await refreshStaleDirectoryFigures(t.db);
});

async function find(query: string, user?: TestUser): Promise<DirectoryResult> {
  const answer = await call(t, 'GET', `/api/freelancers${query}`, user);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as DirectoryResult;
}
const names = async (query: string, user?: TestUser) =>
  (await find(query, user)).items.map((item) => item.name);

describe('GET /api/freelancers', () => {
  it('lists people with a profile, the newest first, each as a card', async () => {
    const answer = await find('?q=&skill=');
    expect(answer.total).toBe(8);
    expect(answer.page).toBe(1);
    expect(answer.pageSize).toBe(12);
    expect(answer.items.map((item) => item.name).slice(0, 3)).toEqual([
      'Ada Apps',
      'Cy Copy',
      'Ben Brands',
    ]);
    expect(answer.items.map((item) => item.name)).not.toContain('Nora No Profile');
    expect(answer.items[0]).toEqual({
      _id: ada.id,
      name: 'Ada Apps',
      image: expect.any(String),
      headline: 'React and TypeScript apps',
      skills: ['React', 'TypeScript', 'Node.js', 'SQL', 'Accessibility', 'HTML & CSS'],
      rate: { amount: 40, unit: 'hourly' },
      available: true,
      rating: { average: 4.5, count: 2 },
      jobsCompleted: 2,
    });
    const benCard = answer.items[2]!;
    expect(benCard.headline).not.toContain('ben@example.com');
    expect(benCard).toMatchObject({ rate: { amount: 100, unit: 'fixed' }, available: false });
  });

  it('finds words in the headline, skills and about in any case, the best match first', async () => {
    expect(await names('?q=typescript')).toEqual(['Ada Apps']);
    // Ada has it in her headline and skills, Cy only in his about.
    expect(await names('?q=REACT')).toEqual(['Ada Apps', 'Cy Copy']);
    expect(await names('?q=react+apps')).toEqual(['Ada Apps']);
    expect(await names('?q=lettering')).toEqual(['Ben Brands']);
    expect(await names('?q=react&sort=newest')).toEqual(['Ada Apps', 'Cy Copy']);
    expect(await names('?q=100%25')).toEqual([]);
    expect(await names('?q=_')).toEqual([]);
  });

  it('filters by skills (each required, any case) and by category', async () => {
    expect(await names('?skill=react')).toEqual(['Ada Apps']);
    expect(await names('?skill=React&skill=node.js')).toEqual(['Ada Apps']);
    expect(await names('?skill=React,Copywriting')).toEqual([]);
    expect(await names('?skill=logo%20%20design')).toEqual(['Ben Brands']);
    expect(await names('?category=Design')).toEqual(['Ben Brands']);
    expect(await names('?category=Writing')).toEqual(['Cy Copy']);
    expect(await names('?category=Web%20Development&skill=php')).toEqual(['Ada Apps']);
  });

  it('filters by rating, price and "available now"', async () => {
    expect(await names('?minRating=4')).toEqual(['Ada Apps']);
    expect(await names('?minRating=4.5')).toEqual(['Ada Apps']);
    expect(await names('?minRating=3&sort=rating')).toEqual(['Ada Apps', 'Ben Brands']);
    expect(await names('?minRating=5')).toEqual([]);
    // Cy states no rate: left out once a price is asked for.
    expect(await names('?maxPrice=40')).toEqual(['Ada Apps']);
    expect(await names('?maxPrice=39.99')).toEqual([]);
    expect(await names('?maxPrice=100')).toEqual(['Ada Apps', 'Ben Brands']);
    expect(await names('?available=true&skill=')).toEqual(['Ada Apps', 'Cy Copy']);
    expect((await find('?available=false')).total).toBe(8);
  });

  it('sorts by rating and by tasks completed, then the newest', async () => {
    const three = '&q=&category=';
    expect((await names(`?sort=rating${three}`)).slice(0, 3)).toEqual([
      'Ada Apps',
      'Ben Brands',
      'Cy Copy',
    ]);
    expect((await names(`?sort=completed${three}`)).slice(0, 3)).toEqual([
      'Ada Apps',
      'Ben Brands',
      'Cy Copy',
    ]);
    expect(await names('?sort=completed&available=true')).toEqual(['Ada Apps', 'Cy Copy']);
  });

  it('sorts by response time: the fastest first, people without one last', async () => {
    // A question on each one's task, answered by them 30 (Ada) and 5 (Cy) minutes later.
    for (const [freelancer, minutes] of [
      [ada, 30],
      [cy, 5],
    ] as const) {
      const taskId = await postTask(t, freelancer);
      const asked = await call(t, 'POST', `/api/tasks/${taskId}/questions`, reader, {
        text: 'Is the deadline firm?',
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const questionId = (asked.body as { insertedId: string }).insertedId;
      const at = new Date(Date.now() - minutes * 60_000).toISOString();
      await t.db
        .updateTable('questions')
        .set({ created_at: at })
        .where('id', '=', questionId)
        .execute();
      const replied = await call(t, 'POST', `/api/questions/${questionId}/replies`, freelancer, {
        text: 'Yes.',
      });
      expect(replied.status, JSON.stringify(replied.body)).toBe(201);
    }
    expect(await refreshStaleDirectoryFigures(t.db)).toBe(2);
    const everyone = await names('?sort=response');
    expect(everyone.slice(0, 3)).toEqual(['Cy Copy', 'Ada Apps', 'Ben Brands']);
    expect(everyone).toHaveLength(8);
    expect(await names('?sort=response&q=react')).toEqual(['Cy Copy', 'Ada Apps']);
  });

  it('pages, with the total of every page', async () => {
    const first = await find('?pageSize=3');
    const second = await find('?pageSize=3&page=2');
    const third = await find('?pageSize=3&page=3');
    expect([first.total, second.total, third.total]).toEqual([8, 8, 8]);
    expect(first.totalIsLowerBound).toBe(false);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([3, 3, 2]);
    const ids = [...first.items, ...second.items, ...third.items].map((item) => item._id);
    expect(new Set(ids).size).toBe(8);
    expect(await find('?page=9')).toMatchObject({ items: [], total: 8, page: 9 });
  });

  it.each([
    ['q', 'x'.repeat(201), M.qInvalid],
    ['skill', 'x'.repeat(41), M.skillInvalid],
    ['skill', Array.from({ length: 11 }, (_, i) => `s${i}`).join(','), M.skillInvalid],
    ['category', 'Cooking', M.categoryInvalid],
    ['minRating', '0', M.minRatingInvalid],
    ['minRating', '6', M.minRatingInvalid],
    ['minRating', 'good', M.minRatingInvalid],
    ['maxPrice', '-1', M.maxPriceInvalid],
    ['available', 'yes', M.availableInvalid],
    ['sort', 'price', M.sortInvalid],
    ['page', '0', M.pageInvalid],
    ['page', '1.5', M.pageInvalid],
    ['pageSize', '51', M.pageSizeInvalid],
  ])('refuses %s=%s with a clear message', async (name, value, message) => {
    const answer = await call(t, 'GET', `/api/freelancers?${name}=${encodeURIComponent(value)}`);
    expect(answer).toEqual({ status: 400, body: { message } });
  });

  it('never lists hidden, banned, suspended or deleted accounts, nor a blocked pair', async () => {
    const spreadsheet = '?q=spreadsheet&sort=newest';
    const everyone = ['Hal Blocker', 'Gus Blocked', 'Fay Deleted', 'Eve Suspended', 'Dan Hidden'];
    expect(await names(spreadsheet)).toEqual(everyone);
    expect(await names(spreadsheet, reader)).toEqual(everyone);

    await t.db.updateTable('user').set({ moderation: 'hidden' }).where('id', '=', dan.id).execute();
    const suspend = t.engine === 'postgres' ? sql<boolean>`true` : sql<boolean>`1`;
    await t.db
      .updateTable('user')
      .set({ banned: suspend, banExpires: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', eve.id)
      .execute();
    await t.db
      .updateTable('user')
      .set({ email: deletedAddress(fay.id) })
      .where('id', '=', fay.id)
      .execute();
    for (const [blocker, blocked] of [
      [reader, gus],
      [hal, reader],
    ] as const) {
      const answer = await call(t, 'POST', `/api/users/${blocked.id}/block`, blocker);
      expect(answer.status).toBe(200);
    }

    expect(await names(spreadsheet)).toEqual(['Hal Blocker', 'Gus Blocked']);
    expect((await find('?skill=excel')).total).toBe(2);
    // The reader blocked Gus, and Hal blocked the reader: neither sees the other.
    expect(await find(spreadsheet, reader)).toMatchObject({ items: [], total: 0 });
    expect(await names('?q=', gus)).not.toContain('Rita Reader');
    expect(await names(spreadsheet, gus)).toEqual(['Hal Blocker', 'Gus Blocked']);
  });

  it('finds words only as others read them: never by a hidden email address or phone number', async () => {
    await save(ivy, {
      headline: 'Watercolour illustrations',
      about: 'Call +1 415 555 0199 or write to ivy.inks@example.com. Café menus and maps.',
      skills: ['Illustration'],
    });
    for (const hidden of [
      'ivy.inks@example.com',
      'inks',
      'example.com',
      '4155550199',
      '415',
      '0199',
      'hidden',
      'phone',
    ]) {
      expect(await names(`?q=${encodeURIComponent(hidden)}`), hidden).toEqual([]);
    }
    for (const shown of ['watercolour', 'MENUS maps', 'cafe', 'café', 'illustr', 'water ill']) {
      expect(await names(`?q=${encodeURIComponent(shown)}`), shown).toEqual(['Ivy Inks']);
    }
    // Her own profile still reads as she wrote it.
    const own = await call(t, 'GET', '/api/me/freelancer-profile', ivy);
    expect((own.body as { about: string }).about).toContain('ivy.inks@example.com');
  });

  it('keeps the sorts and minRating in step with hidden reviews through the daily sweep', async () => {
    expect(await names('?minRating=3&q=lettering')).toEqual(['Ben Brands']);
    // An admin hides Ben's only review: his figures say so once the sweep has passed a day on.
    await t.db
      .updateTable('reviews')
      .set({ moderation: 'hidden' })
      .where('reviewee_id', '=', ben.id)
      .execute();
    const dayOn = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await refreshStaleDirectoryFigures(t.db, dayOn)).toBeGreaterThan(0);
    expect(await names('?minRating=3&q=lettering')).toEqual([]);
    expect((await find('?q=lettering')).items[0]?.rating).toEqual({ average: null, count: 0 });
  });

  it('marks the figures due in the write, and the next sweep counts them, the marked first', async () => {
    const kept = () =>
      t.db
        .selectFrom('freelancer_profiles')
        .select(['rating_count', 'jobs_completed', 'figures_at'])
        .where('user_id', '=', cy.id)
        .executeTakeFirstOrThrow();
    const before = await kept();
    await completeAndReview(cy, 5);
    // The write's transaction only marked the row: before every computed row in the sweep's order.
    const marked = await kept();
    expect(marked).toMatchObject({ rating_count: before.rating_count, jobs_completed: 0 });
    expect(marked.figures_at < before.figures_at).toBe(true);
    const first = await t.db
      .selectFrom('freelancer_profiles')
      .select('user_id')
      .orderBy('figures_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(first.user_id).toBe(cy.id);
    // Its card shows the figures the sort and minRating read: the kept ones, until the sweep.
    const card = async () => {
      const item = (await find('?q=copywriter')).items[0];
      return { rating: item?.rating, jobsCompleted: item?.jobsCompleted };
    };
    expect(await card()).toEqual({ rating: { average: null, count: 0 }, jobsCompleted: 0 });
    expect(await refreshStaleDirectoryFigures(t.db)).toBe(1);
    expect(await kept()).toMatchObject({ rating_count: 1, jobs_completed: 1 });
    expect(await card()).toEqual({ rating: { average: 5, count: 1 }, jobsCompleted: 1 });
    expect((await names('?sort=rating')).slice(0, 2)).toEqual(['Cy Copy', 'Ada Apps']);
    expect(await refreshStaleDirectoryFigures(t.db)).toBe(0);
  });
});
