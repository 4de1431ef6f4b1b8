import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  DIRECTORY_SORTS,
  directoryQuerySchema,
  type DirectoryQuery,
} from '../../shared/freelancer-directory.ts';
import { CURATED_SKILLS, skillKey } from '../../shared/freelancer-profiles.ts';
import { isPostgres } from '../db/engine.ts';
import { deletedAddress } from '../accounts/deleted-accounts.ts';
import { markDirectoryFiguresDue, profileWords, writeProfileWords } from './directory-entries.ts';
import { DirectoryIndexSync } from './directory-index-sync.ts';
import { searchFreelancers } from './freelancer-directory.ts';

/**
 * Issue 50's directory in memory (directory-index.ts, decision 057) on this project's engine:
 * every page and total is the engine's SQL's, for words, skills, categories, ratings, prices,
 * "available now", each sort and page, hidden, banned, deleted and blocked people; and it
 * follows profiles and accounts changed by any writer through `freelancer_changes`.
 */

let t: TestApp;
const PEOPLE = 240;
const HEADLINES = ['Logo design', 'React apps', 'Copywriting', 'Logos and lettering', 'Café menus'];
const idOf = (i: number) => `dir-index-${String(i).padStart(4, '0')}`;
const now = new Date('2026-11-01T12:00:00.000Z');
/** A boolean as the engine keeps it (SQLite: 0 or 1). */
const flag = (value: boolean) => (isPostgres(t.db) ? value : Number(value)) as boolean;

/** A freelancer profile gone, with its words and skills (the account stays). */
async function removeProfile(db: TestApp['db'], userId: string) {
  for (const table of ['freelancer_words', 'freelancer_skills', 'freelancer_profiles'] as const) {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}

/** The i-th person: an account, a profile, its skills and words (the later i, the newer). */
async function addPerson(i: number) {
  const db = t.db;
  const id = idOf(i);
  // Every third pair shares its updated_at: ties broken by the user id.
  const at = new Date(Date.UTC(2026, 9, 1) + Math.floor(i / 2) * 60_000).toISOString();
  await db
    .insertInto('user')
    .values({
      id,
      name: `Index Person ${i}`,
      email: i % 37 === 5 ? deletedAddress(id) : `index.person${i}@example.com`,
      emailVerified: flag(true),
      image: null,
      createdAt: at,
      updatedAt: at,
      moderation: i % 41 === 7 ? 'hidden' : null,
      banned: flag(i % 43 === 9),
    })
    .execute();
  const skills = [0, 1, 2].map((k) => CURATED_SKILLS[(i * (k + 3)) % 30]!);
  const text = {
    headline: `${HEADLINES[i % HEADLINES.length]} ${i % 7 === 0 ? 'react' : ''}`,
    about: `About ${HEADLINES[(i * 3) % HEADLINES.length]}.`,
    skills,
  };
  await db
    .insertInto('freelancer_profiles')
    .values({
      user_id: id,
      headline: text.headline,
      about: text.about,
      skills: JSON.stringify(skills),
      rate_cents: i % 5 === 0 ? null : 1000 + ((i * 733) % 9000),
      rate_unit: i % 5 === 0 ? null : 'hourly',
      languages: '[]',
      time_zone: null,
      links: '{}',
      available: i % 3 === 0 ? 1 : 0,
      updated_at: at,
      rating_average: i % 4 === 0 ? 0 : [3.5, 4, 4.5, 5][i % 4]!,
      rating_count: i % 4 === 0 ? 0 : 1 + (i % 3),
      jobs_completed: i % 6,
      response_minutes: i % 5 === 1 ? 2_147_483_647 : (i * 17) % 300,
      figures_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto('freelancer_skills')
    .values([...new Set(skills)].map((skill) => ({ user_id: id, skill_key: skillKey(skill) })))
    .execute();
  const words = profileWords(text).map((entry) => ({ ...entry, user_id: id }));
  await db.insertInto('freelancer_words').values(words).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  for (let i = 0; i < PEOPLE; i += 1) await addPerson(i);
  await db
    .insertInto('blocks')
    .values([
      { blocker_id: idOf(1), blocked_id: idOf(2), created_at: now.toISOString() },
      { blocker_id: idOf(3), blocked_id: idOf(1), created_at: now.toISOString() },
    ])
    .execute();
});

afterAll(() => t?.close());

/** The queries compared: each sort over a spread of filters and pages. */
function queries(): DirectoryQuery[] {
  const raw: Array<Record<string, string>> = [
    {},
    { q: 'logo' },
    { q: 'lo' },
    { q: 'react logo' },
    { q: 'cafe' },
    { q: 'nothingmatches' },
    { skill: CURATED_SKILLS[3]! },
    { skill: `${CURATED_SKILLS[3]!},${CURATED_SKILLS[12]!}` },
    { category: 'Design' },
    { category: 'Writing', q: 'about' },
    { available: 'true' },
    { maxPrice: '50' },
    { minRating: '4' },
    { minRating: '4.5', maxPrice: '80', available: 'true' },
    { q: 'react', category: 'Web Development', minRating: '3' },
    { page: '2', pageSize: '7' },
    { page: '3', pageSize: '20', q: 'a' },
  ];
  return raw.flatMap((params) =>
    [undefined, ...DIRECTORY_SORTS].map((sort) =>
      directoryQuerySchema.parse(sort ? { ...params, sort } : params),
    ),
  );
}

async function compareAll(sync: DirectoryIndexSync, readerId: string | null) {
  let pages = 0;
  for (const query of queries()) {
    const [engine, index] = await Promise.all([
      searchFreelancers(t.db, query, readerId),
      searchFreelancers(t.db, query, readerId, { memoryIndex: sync }),
    ]);
    expect(index, JSON.stringify(query)).toEqual(engine);
    if (engine.items.length > 0) pages += 1;
  }
  // Most queries find people: the pages compared are not empty ones.
  expect(pages).toBeGreaterThan(queries().length * 0.7);
}

describe('the directory in memory', () => {
  it('answers every page and total as the engine does, for readers and blocked ones', async () => {
    // The default ways, and small bounds that take every way on these few people: matches
    // compared, a walk down the order first, the slots read in order, then a walk of the marked.
    // Postings read as bits from their first slot, and never.
    for (const options of [
      {},
      { selectUpTo: 6, walkFirst: 12 },
      { selectUpTo: 40, walkFirst: 0 },
      { selectUpTo: 6, walkFirst: 12, bitsFrom: 1 },
      { bitsFrom: Infinity },
    ]) {
      const sync = new DirectoryIndexSync(options);
      await sync.built(t.db);
      await compareAll(sync, null);
      await compareAll(sync, idOf(1));
    }
  });

  it('follows profiles saved, figures refreshed, accounts banned, hidden, deleted', async () => {
    // Every posting read as bits, searched before the changes: its bits follow them.
    const sync = new DirectoryIndexSync({ bitsFrom: 1 });
    await sync.built(t.db);
    await compareAll(sync, null);
    const db = t.db;
    const later = new Date(Date.UTC(2026, 10, 2)).toISOString();
    await db.transaction().execute(async (trx) => {
      const text = { headline: 'Lettering zebra', about: null, skills: ['Excel'] };
      await trx
        .updateTable('freelancer_profiles')
        .set({ headline: text.headline, about: null, skills: '["Excel"]', updated_at: later })
        .where('user_id', '=', idOf(10))
        .execute();
      await trx.deleteFrom('freelancer_skills').where('user_id', '=', idOf(10)).execute();
      await trx
        .insertInto('freelancer_skills')
        .values({ user_id: idOf(10), skill_key: skillKey('Excel') })
        .execute();
      await writeProfileWords(trx, (query) => trx.executeQuery(query), idOf(10), text);
    });
    await db
      .updateTable('freelancer_profiles')
      .set({ rating_average: 5, rating_count: 9, jobs_completed: 40, response_minutes: 1 })
      .where('user_id', '=', idOf(20))
      .execute();
    await db
      .updateTable('user')
      .set({ banned: flag(true) })
      .where('id', '=', idOf(30))
      .execute();
    await db.updateTable('user').set({ moderation: 'hidden' }).where('id', '=', idOf(31)).execute();
    await db
      .updateTable('user')
      .set({ banned: flag(false) })
      .where('id', '=', idOf(9))
      .execute();
    await db
      .updateTable('user')
      .set({ email: deletedAddress(idOf(32)) })
      .where('id', '=', idOf(32))
      .execute();
    // A new name and photo reach the cards (the user's trigger of migration 0033).
    await db
      .updateTable('user')
      .set({ name: 'Zed Renamed', image: '/api/files/zed.png' })
      .where('id', '=', idOf(21))
      .execute();
    await removeProfile(db, idOf(33));
    const index = await sync.current(db);
    expect(index?.itemsOf([idOf(21), idOf(33)])).toEqual([
      expect.objectContaining({ _id: idOf(21), name: 'Zed Renamed', image: '/api/files/zed.png' }),
    ]);
    const zebra = directoryQuerySchema.parse({ q: 'zebra' });
    const found = await searchFreelancers(db, zebra, null, { memoryIndex: sync });
    expect(found.items.map((item) => item._id)).toEqual([idOf(10)]);
    await compareAll(sync, null);
    const rated = await searchFreelancers(
      db,
      directoryQuerySchema.parse({ sort: 'completed' }),
      null,
      { memoryIndex: sync },
    );
    expect(rated.items[0]?._id).toBe(idOf(20));
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from freelancer_changes
    `.execute(db);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });

  it('log a change of what the index reads, never a mark of figures due', async () => {
    const db = t.db;
    const logged = async () => {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from freelancer_changes
      `.execute(db);
      return Number(rows[0]?.n);
    };
    const before = await logged();
    // A message's mark (decision 056): the sweep computes the figures, and its write is logged.
    await markDirectoryFiguresDue(db, [idOf(11)]);
    expect(await logged()).toBe(before);
    await db
      .updateTable('freelancer_profiles')
      .set({ jobs_completed: 7 })
      .where('user_id', '=', idOf(11))
      .execute();
    expect(await logged()).toBe(before + 1);
  });

  it("takes a removed profile's slot for the next new one (the index does not grow)", async () => {
    const sync = new DirectoryIndexSync({ selectUpTo: 6, walkFirst: 12 });
    const index = await sync.built(t.db);
    const [slots, size] = [index.slots, index.size];
    // Searched once before: the categories' marks are kept as profiles change.
    await compareAll(sync, null);
    const db = t.db;
    await removeProfile(db, idOf(40));
    await addPerson(PEOPLE);
    // The newest of all, so first by "newest".
    await db
      .updateTable('freelancer_profiles')
      .set({ updated_at: new Date(Date.UTC(2026, 10, 3)).toISOString() })
      .where('user_id', '=', idOf(PEOPLE))
      .execute();
    const newest = await searchFreelancers(
      db,
      directoryQuerySchema.parse({ sort: 'newest' }),
      null,
      { memoryIndex: sync },
    );
    expect(newest.items[0]?._id).toBe(idOf(PEOPLE));
    expect([index.slots, index.size]).toEqual([slots, size]);
    await compareAll(sync, null);
    await compareAll(sync, idOf(1));
  });
});
