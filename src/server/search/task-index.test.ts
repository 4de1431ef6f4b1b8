import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskSearchQuerySchema, type TaskSearchResult } from '../../shared/search.ts';
import { call, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { SEARCH_TOTAL_CAP } from '../../shared/search-rules.ts';
import { indexQueryOf, searchTasks, taskIndexOf } from './search.store.ts';
import { TaskIndex, type IndexedTask } from './task-index.ts';
import { TaskIndexSync } from './task-index-sync.ts';
import { KEPT_CHANGES } from '../db/migrations/0016-search-index-changes.ts';

/**
 * Issue 18's index in memory (task-index.ts, decision 032) on this project's engine: it answers
 * as the engine's own full-text search does, and follows every task posted, changed or deleted
 * and every poster banned, through `task_changes` (migration 0016), whoever writes them.
 */

let t: TestApp;
let poster: TestUser;
let bidders: TestUser[];

const WORDS = ['logo', 'logos', 'lodge', 'website', 'redesign', 'bakery', 'café'];
const CATEGORIES = ['Design', 'Writing', 'Web Development'];

beforeAll(async () => {
  t = await createTestApp();
  poster = await t.signUp({ name: 'Ivy Index' });
  bidders = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
  // Tasks with the words in titles and descriptions, a spread of categories, budgets and bids.
  for (let n = 0; n < 36; n += 1) {
    const title = `${WORDS[n % WORDS.length]} job ${n} ${n % 4 === 0 ? WORDS[(n + 3) % 7] : ''}`;
    const description = `Needs ${WORDS[(n * 5) % 7]} and ${WORDS[(n * 3) % 7]} work, ${n} times.`;
    const taskId = await postTask(t, poster, {
      title,
      description,
      category: CATEGORIES[n % 3],
      budget: 20 + ((n * 37) % 400),
    });
    for (const bidder of bidders.slice(0, n % 4)) await makeOffer(t, bidder, taskId);
  }
  // A word in two tasks of 38: a few matches, which a search tests one by one.
  await postTask(t, poster, { title: 'Quince jam label', budget: 40 });
  await postTask(t, poster, { title: 'Quince orchard logo', category: 'Writing', budget: 90 });
});
afterAll(async () => t?.close());

function parse(queryString: string) {
  return taskSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));
}

const searchBy = (queryString: string, memoryIndex: boolean) =>
  searchTasks(t.db, parse(queryString), { includeEmail: false, memoryIndex });

const ids = (answer: TaskSearchResult) => answer.items.map((task) => task._id);

/** The cut of a search straight on an index: every task it holds, as of today. */
const everyTask = () => ({
  seq: Number.MAX_SAFE_INTEGER,
  today: new Date().toISOString().slice(0, 10),
});

/** A task as the index keeps it, open and due far ahead, posted a minute after the one before. */
const indexedTask = (seq: number, title: string, description: string): IndexedTask => ({
  seq,
  id: `task-${seq}`,
  title,
  description,
  status: 'open',
  category: 'Design',
  budgetCents: 5_000,
  deadline: '2999-01-01',
  bidsCount: 0,
  createdAt: new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString(),
  userId: 'poster',
  hidden: false,
});

const QUERIES = [
  'q=logo',
  'q=lo',
  'q=logos',
  'q=website+redesign',
  'q=bak',
  'q=cafe',
  'q=job+lo&category=Design',
  // Several words: lists of very different lengths (logo in many tasks, quince in 2), three
  // of them, and the orders that walk every task testing each against the matches.
  'q=quince+lo',
  'q=logo+quin',
  'q=job+quince',
  'q=job+logo+lo',
  'q=job+lo&sort=budget_asc',
  'q=logo+job&sort=newest&pageSize=4&page=2',
  'q=redesign+website&status=all',
  'q=job&minBudget=100&maxBudget=300',
  'q=job&pageSize=5&page=3',
  ...['newest', 'deadline', 'budget_asc', 'budget_desc', 'bids'].map(
    (sort) => `q=job&sort=${sort}`,
  ),
  'q=lo&sort=bids&pageSize=4&page=2',
  // A few matches, each order (the many-matches walk is q=job's and q=lo's).
  ...['deadline', 'budget_asc', 'budget_desc', 'newest', 'bids'].map(
    (sort) => `q=quince&sort=${sort}`,
  ),
  ...['deadline', 'budget_asc', 'newest'].map((sort) => `q=bakery&sort=${sort}`),
  'q=cafe&sort=budget_desc&status=all',
  'q=job&status=all',
  'q=nothingmatches',
  // Without words: every task, filtered and ordered.
  '',
  'category=Design&minBudget=100',
  'sort=deadline',
  'status=all&sort=budget_desc&pageSize=7&page=2',
  'maxBudget=250&sort=bids',
  'sort=relevance',
  // Without words, by category: the category's own slots, not every slot.
  'category=Design',
  'category=Writing&sort=budget_asc&minBudget=150&pageSize=4&page=2',
  'category=Writing,Design&sort=budget_desc&maxBudget=300',
  'category=Web%20Development&sort=deadline&pageSize=50',
  'category=Data%20Entry',
  'minBudget=1000&sort=budget_asc',
  'maxBudget=30&sort=budget_desc&status=all',
];

describe('the index in memory answers as the engine does', () => {
  it.each(QUERIES)('%s', async (queryString) => {
    const index = await taskIndexOf(t.db).built(t.db);
    const [fromIndex, fromEngine] = await Promise.all([
      searchBy(queryString, true),
      searchBy(queryString, false),
    ]);
    // The answer is the index's own (not the engine's twice).
    const cut = { seq: index.lastSeq, today: fromIndex.asOf.split('.')[1]! };
    expect(ids(fromIndex)).toEqual(index.search(indexQueryOf(parse(queryString), cut)).ids);
    expect(fromIndex.total).toBe(fromEngine.total);
    expect(fromIndex.totalIsLowerBound).toBe(fromEngine.totalIsLowerBound);
    const ranked = /q=/.test(queryString) && !/sort=/.test(queryString);
    if (ranked && t.engine === 'postgres') {
      // PostgreSQL ranks by ts_rank, the index by FTS5's bm25: the same tasks match, every
      // one of them on one page of 50.
      const whole = new URLSearchParams(queryString);
      whole.delete('page');
      whole.set('pageSize', '50');
      const [all, allFromEngine] = await Promise.all([
        searchBy(whole.toString(), true),
        searchBy(whole.toString(), false),
      ]);
      expect(new Set(ids(all))).toEqual(new Set(ids(allFromEngine)));
    } else {
      expect(fromIndex.items).toEqual(fromEngine.items);
    }
  });
});

describe('the index follows the tasks', () => {
  const find = async (word: string) => ids(await searchBy(`q=${word}`, true));
  /** The poster's edit of a task's words and category, due in a week, $80. */
  const edit = async (
    taskId: string,
    changes: { title: string; category: string; description: string },
  ) => {
    const edited = await call(t, 'PUT', `/api/tasks/${taskId}`, poster, {
      ...changes,
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      budget: 80,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  };

  it('finds a task once posted, by its new words once edited, and never once deleted', async () => {
    const taskId = await postTask(t, poster, { title: 'Quokka portrait' });
    expect(await find('quokka')).toEqual([taskId]);
    await edit(taskId, {
      title: 'Wombat portrait',
      category: 'Design',
      description: 'A painted wombat for the hallway.',
    });
    expect(await find('quokka')).toEqual([]);
    expect(await find('wombat')).toEqual([taskId]);
    expect((await call(t, 'DELETE', `/api/tasks/${taskId}`, poster)).status).toBe(200);
    expect(await find('wombat')).toEqual([]);
  });

  it('reads the log between searches while searches come, not only in a search', async () => {
    const index = await taskIndexOf(t.db).built(t.db);
    const taskId = await postTask(t, poster, { title: 'Okapi poster' });
    // No search after the post: the index applies it on its own.
    await expect
      .poll(() => index.search(indexQueryOf(parse('q=okapi'), everyTask())).ids, {
        timeout: 3000,
      })
      .toEqual([taskId]);
  });

  it('counts a category named twice once', async () => {
    const index = await taskIndexOf(t.db).built(t.db);
    const search = (categories: string[]) =>
      index.search({ ...indexQueryOf(parse('sort=newest&status=all'), everyTask()), categories });
    const once = search(['Design']);
    expect(once.total).toBeGreaterThan(0);
    expect(search(['Design', 'Design'])).toEqual(once);
    expect(search(['Design', 'Writing', 'Design'])).toEqual(search(['Writing', 'Design']));
  });

  it('finds a task under its new category once edited, and no longer under the old one', async () => {
    const taskId = await postTask(t, poster, { title: 'Tapir mascot', category: 'Design' });
    const inCategory = async (category: string) =>
      ids(await searchBy(`category=${category}&status=all&pageSize=50&sort=newest`, true));
    expect(await inCategory('Design')).toContain(taskId);
    await edit(taskId, {
      title: 'Tapir mascot',
      category: 'Writing',
      description: 'A friendly tapir for the team page.',
    });
    expect(await inCategory('Writing')).toContain(taskId);
    expect(await inCategory('Design')).not.toContain(taskId);
    expect(
      ids(await searchBy('category=Writing&status=all&pageSize=50&sort=newest', false)),
    ).toEqual(await inCategory('Writing'));
  });

  it('builds itself again when the log ran further ahead than it applies (rows may be gone)', async () => {
    const sync = new TaskIndexSync();
    const before = await sync.built(t.db);
    // Half as many changes as the log keeps, none a task's: past them, it may have dropped some.
    const count = KEPT_CHANGES / 2 + 1;
    await sql`
      with recursive n (i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})
      insert into task_changes (task_id) select null from n
    `.execute(t.db);
    const taskId = await postTask(t, poster, { title: 'Axolotl sketch' });
    const after = await sync.current(t.db);
    expect(after).not.toBe(before);
    expect(after?.search(indexQueryOf(parse('q=axolotl'), everyTask())).ids).toEqual([taskId]);
    expect(before.search(indexQueryOf(parse('q=axolotl'), everyTask())).ids).toEqual([]);
  });

  it('reads no log after its first build until a search asks (an idle instance stays idle)', async () => {
    // A second copy of the instance's index, built as the warm-up builds it.
    const sync = new TaskIndexSync();
    const index = await sync.built(t.db);
    const taskId = await postTask(t, poster, { title: 'Dugong study' });
    const dugongs = () => index.search(indexQueryOf(parse('q=dugong'), everyTask())).ids;
    // Several rounds of the keep-up timer (50 ms) go by: none runs.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(dugongs()).toEqual([]);
    // A search brings it up to date, then keeps it up.
    await sync.current(t.db);
    expect(dugongs()).toEqual([taskId]);
  });

  it('reads the log again only when the change clock a search brings has moved', async () => {
    // No reads between searches here: what a search finds is what it read itself.
    const sync = new TaskIndexSync({ keepUpMs: 3_600_000 });
    const index = await sync.built(t.db);
    const found = (word: string) => index.search(indexQueryOf(parse(`q=${word}`), everyTask())).ids;
    await sync.current(t.db, { changedAt: 1 });
    const first = await postTask(t, poster, { title: 'Kinkajou drawing' });
    // The same clock: nothing was written since the last read, so the log is not read.
    await sync.current(t.db, { changedAt: 1 });
    expect(found('kinkajou')).toEqual([]);
    // The clock moved: read.
    await sync.current(t.db, { changedAt: 2 });
    expect(found('kinkajou')).toEqual([first]);
    // A later page cut after a task not applied yet (another instance's): read, whatever the clock.
    const second = await postTask(t, poster, { title: 'Kinkajou painting' });
    const { seq } = await t.db
      .selectFrom('tasks')
      .select('seq')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    await sync.current(t.db, { changedAt: 2, atLeastSeq: Number(seq) });
    expect(found('kinkajou')).toEqual([second, first]);
    // Without a clock (the saved searches' alerts), every search reads.
    const third = await postTask(t, poster, { title: 'Kinkajou mural' });
    await sync.current(t.db);
    expect(found('kinkajou')).toEqual([third, second, first]);
  });

  it('orders newest first by created_at even when a task is out of its posting order', async () => {
    const [older, middle, newer] = [
      await postTask(t, poster, { title: 'Ibex sketch one' }),
      await postTask(t, poster, { title: 'Ibex sketch two' }),
      await postTask(t, poster, { title: 'Ibex sketch three' }),
    ];
    const newestFirst = (queryString: string) => searchBy(queryString, true).then(ids);
    expect(await newestFirst('q=ibex&sort=newest')).toEqual([newer, middle, older]);
    // A script moves the middle one's created_at back before every other task.
    await t.db
      .updateTable('tasks')
      .set({
        created_at: sql`${t.engine === 'postgres' ? new Date(0) : new Date(0).toISOString()}`,
      })
      .where('id', '=', middle)
      .execute();
    expect(await newestFirst('q=ibex&sort=newest')).toEqual([newer, older, middle]);
    for (const queryString of ['sort=newest&status=all&pageSize=50', 'q=ibex&sort=newest']) {
      const fromEngine = await searchBy(queryString, false);
      expect(await newestFirst(queryString)).toEqual(ids(fromEngine));
    }
  });

  it('orders by bids as they come, and leaves out hidden tasks and banned posters', async () => {
    const quiet = await postTask(t, poster, { title: 'Narwhal mural' });
    const busy = await postTask(t, poster, { title: 'Narwhal mural, bigger' });
    await makeOffer(t, bidders[0]!, quiet);
    expect(ids(await searchBy('q=narwhal&sort=bids', true))).toEqual([quiet, busy]);
    await makeOffer(t, bidders[1]!, busy);
    await makeOffer(t, bidders[2]!, busy);
    expect(ids(await searchBy('q=narwhal&sort=bids', true))).toEqual([busy, quiet]);

    await t.db.updateTable('tasks').set({ moderation: 'hidden' }).where('id', '=', busy).execute();
    expect(await find('narwhal')).toEqual([quiet]);

    const other = await t.signUp();
    const theirs = await postTask(t, other, { title: 'Narwhal cake' });
    expect(await find('narwhal+cake')).toEqual([theirs]);
    const ban = (banned: boolean) =>
      t.db
        .updateTable('user')
        .set({ banned: sql<boolean>`${t.engine === 'postgres' ? banned : Number(banned)}` })
        .where('id', '=', other.id)
        .execute();
    await ban(true);
    expect(await find('narwhal+cake')).toEqual([]);
    await ban(false);
    expect(await find('narwhal+cake')).toEqual([theirs]);
  });
});

describe('a ranked search of more matches than it ranks', () => {
  // Relevance ranks the newest SEARCH_TOTAL_CAP matches (decision 012). A prefix of two terms
  // matches from two lists, each in slot order but not the two together: the walk down the
  // matches must not take the older list's tasks for the newest.
  const OLD = 1_200;

  // Old tasks hold one word in their titles (ranked high), new ones the other in their
  // descriptions; each word both the first and the second of the prefix's terms.
  it.each([
    ['alpine', 'alpha'],
    ['alpha', 'alpine'],
  ])('old %s in titles, new %s in descriptions', (oldWord, newWord) => {
    const index = new TaskIndex();
    index.startBuilding();
    for (let seq = 1; seq <= 2 * OLD; seq += 1) {
      index.upsert(
        seq <= OLD
          ? indexedTask(seq, `${oldWord} hut ${seq}`, 'A cabin.')
          : indexedTask(seq, `Job ${seq}`, `Some ${newWord} work.`),
      );
    }
    index.finishBuilding();
    const answer = index.search(indexQueryOf(parse('q=alp&pageSize=12'), everyTask()));
    expect(answer.total).toBe(SEARCH_TOTAL_CAP);
    expect(answer.totalIsLowerBound).toBe(true);
    const newest = new Set(
      Array.from({ length: SEARCH_TOTAL_CAP }, (_, n) => `task-${2 * OLD - n}`),
    );
    expect(answer.ids).toHaveLength(12);
    expect(answer.ids.filter((id) => !newest.has(id))).toEqual([]);
  });
});

describe('several words matched, however many searches came before', () => {
  it('finds the same tasks once the searches are numbered past what a mark holds', () => {
    const index = new TaskIndex();
    index.startBuilding();
    // Two words in 200 of 300 tasks: walked down the order, each tested against the marks.
    for (let seq = 1; seq <= 300; seq += 1) {
      index.upsert(indexedTask(seq, `Garden job ${seq}`, seq % 3 ? 'With hedges.' : 'No plants.'));
    }
    index.finishBuilding();
    const query = indexQueryOf(parse('q=garden+hedge&sort=newest&pageSize=5'), everyTask());
    const before = index.search(query);
    expect(before.total).toBe(200);
    expect(before.ids).toEqual(['task-299', 'task-298', 'task-296', 'task-295', 'task-293']);
    // A mark is 32 bits: 2^31 searches of several words come in 25 days at 1,000 a second.
    (index as unknown as { searchNumber: number }).searchNumber = 2 ** 31 - 2;
    for (let search = 0; search < 4; search += 1) expect(index.search(query)).toEqual(before);
  });
});

describe('prefixes of words that come after the first prefix search', () => {
  const task = (seq: number, title: string) => indexedTask(seq, title, 'One small job.');
  /** The tasks a prefix finds, newest first: every one (as many as a few pages hold). */
  const found = (index: TaskIndex, prefix: string) => {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const query = parse(`q=${prefix}&sort=newest&pageSize=50&page=${page}`);
      const answer = index.search(indexQueryOf(query, everyTask()));
      ids.push(...answer.ids);
      if (answer.ids.length < 50) return ids;
    }
  };

  // New words are put in the terms' order one by one (a move of the list each), or, when more
  // come at once than that is worth, the order is made again: both find the same tasks.
  it.each([
    ['a few, each put in its place', 4],
    ['more than are put in place one by one (the order made again)', 300],
  ])('%s', (_, count) => {
    const index = new TaskIndex();
    index.startBuilding();
    index.upsert(task(1, 'Maple table'));
    index.upsert(task(2, 'Mango crate'));
    index.finishBuilding();
    expect(found(index, 'ma')).toEqual(['task-2', 'task-1']);
    // Words before, between and after those already held, and one each prefix shares.
    const words = ['aardvark', 'manatee', 'mantle', 'zebra'];
    for (let n = 0; n < count; n += 1) {
      const extra = count > words.length ? ` quagga${String(n).padStart(3, '0')}x` : '';
      index.upsert(task(3 + n, `${words[n % words.length]}${extra}`));
    }
    const ofWord = (word: string) =>
      Array.from({ length: count }, (_, n) => n)
        .filter((n) => words[n % words.length] === word)
        .map((n) => `task-${3 + n}`)
        .reverse();
    expect(found(index, 'man')).toEqual(
      [...ofWord('mantle'), ...ofWord('manatee'), 'task-2'].sort(
        (a, b) => Number(b.slice(5)) - Number(a.slice(5)),
      ),
    );
    expect(found(index, 'aar')).toEqual(ofWord('aardvark'));
    expect(found(index, 'zeb')).toEqual(ofWord('zebra'));
    expect(found(index, 'map')).toEqual(['task-1']);
    if (count > words.length) expect(found(index, 'quagga29')).toHaveLength(10);
    // A word added after that search is found too.
    index.upsert(task(1_000, 'Mandrill poster'));
    expect(found(index, 'mand')).toEqual(['task-1000']);
  });
});

describe('the tasks a search keeps, as sets kept up to date', () => {
  /** The ids an open search finds on `today`, with `params`, newest first. */
  const openOn = (index: TaskIndex, today: string, params = '') =>
    index.search(
      indexQueryOf(parse(`sort=newest&pageSize=50${params}`), {
        seq: Number.MAX_SAFE_INTEGER,
        today,
      }),
    ).ids;
  const task = (seq: number, changes: Partial<IndexedTask>): IndexedTask => ({
    ...indexedTask(seq, `Task ${seq}`, 'Words.'),
    ...changes,
  });

  // A search's filters are sets of slots kept as tasks change (slot-filter.ts): those that
  // take offers on a day (two days kept), each category's, those in search at all. Each change
  // after they were made must show in the next search, whichever day it asks about.
  it('follows deadlines across days, edits, bans and hiding after the sets were made', () => {
    const index = new TaskIndex();
    index.upsert(task(1, { deadline: '2026-12-10' }));
    index.upsert(task(2, { deadline: '2026-12-20', userId: 'other', budgetCents: 30_000 }));
    index.upsert(task(3, { deadline: '2026-12-20', status: 'assigned' }));
    index.upsert(task(4, { deadline: '2026-12-20', hidden: true }));
    index.upsert(task(5, { deadline: '2026-12-20', category: 'Writing' }));
    expect(openOn(index, '2026-12-05')).toEqual(['task-5', 'task-2', 'task-1']);
    expect(openOn(index, '2026-12-15')).toEqual(['task-5', 'task-2']);
    // A later page of a search begun the day before keeps its day.
    expect(openOn(index, '2026-12-05')).toEqual(['task-5', 'task-2', 'task-1']);
    expect(openOn(index, '2026-12-25')).toEqual([]);
    expect(openOn(index, '2026-12-05', '&category=Writing')).toEqual(['task-5']);
    // Changes after the days' sets were made.
    index.upsert(task(1, { deadline: '2026-12-30', category: 'Writing' }));
    index.upsert(task(5, { deadline: '2026-12-20', status: 'assigned' }));
    expect(openOn(index, '2026-12-15')).toEqual(['task-2', 'task-1']);
    expect(openOn(index, '2026-12-25')).toEqual(['task-1']);
    expect(openOn(index, '2026-12-15', '&category=Writing')).toEqual(['task-1']);
    expect(openOn(index, '2026-12-15', '&category=Design')).toEqual(['task-2']);
    expect(openOn(index, '2026-12-15', '&minBudget=100')).toEqual(['task-2']);
    index.setBanned('other', true);
    expect(openOn(index, '2026-12-15')).toEqual(['task-1']);
    expect(openOn(index, '2026-12-15', '&status=all')).toEqual(['task-5', 'task-3', 'task-1']);
    index.setBanned('other', false);
    index.upsert(task(4, { deadline: '2026-12-20', hidden: false }));
    index.remove('task-1');
    expect(openOn(index, '2026-12-15')).toEqual(['task-4', 'task-2']);
    expect(openOn(index, '2026-12-15', '&status=all')).toEqual([
      'task-5',
      'task-4',
      'task-3',
      'task-2',
    ]);
    // A task posted after the sets were made is in them.
    index.upsert(task(6, { deadline: '2026-12-16' }));
    expect(openOn(index, '2026-12-15')).toEqual(['task-6', 'task-4', 'task-2']);
    expect(openOn(index, '2026-12-17')).toEqual(['task-4', 'task-2']);
  });
});

describe("a prefix's tasks, kept between searches", () => {
  const found = (index: TaskIndex, queryString: string) =>
    index.search(indexQueryOf(parse(`${queryString}&pageSize=50`), everyTask())).ids;

  // A prefix of several terms is searched from their lists merged, kept until a task's text
  // with one of them changes: each change below must show in the next search.
  it.each([
    ['as many as the index keeps', undefined],
    ['none kept beyond the one searched', 0],
  ])('finds tasks posted, edited and deleted after the prefix was searched: %s', (_, bytes) => {
    const index = new TaskIndex({ prefixCacheBytes: bytes });
    index.startBuilding();
    index.upsert(indexedTask(1, 'Walrus poster', 'A walrus on a rock.'));
    index.upsert(indexedTask(2, 'Walruses mural', 'Three walruses.'));
    index.upsert(indexedTask(3, 'Seal sketch', 'A seal.'));
    index.finishBuilding();
    for (const sort of ['relevance', 'newest', 'bids']) {
      expect(found(index, `q=walr&sort=${sort}`)).toHaveLength(2);
    }
    // A new term under the prefix, and one it already had.
    index.upsert(indexedTask(4, 'Walrusy cake', 'Walrus-ish.'));
    index.upsert(indexedTask(5, 'Seal cake', 'Walruses too.'));
    expect(found(index, 'q=walr&sort=newest')).toEqual(['task-5', 'task-4', 'task-2', 'task-1']);
    // Edited out of the prefix, and into it.
    index.upsert(indexedTask(1, 'Seal poster', 'A seal on a rock.'));
    index.upsert(indexedTask(3, 'Walrus sketch', 'A seal.'));
    expect(found(index, 'q=walr&sort=newest')).toEqual(['task-5', 'task-4', 'task-3', 'task-2']);
    index.remove('task-2');
    expect(found(index, 'q=walr&sort=newest')).toEqual(['task-5', 'task-4', 'task-3']);
    expect(found(index, 'q=seal+walr&sort=newest')).toEqual(['task-5', 'task-3']);
    // Ranked as the words are now: the title's weighs four times the description's.
    expect(found(index, 'q=walr')).toEqual(['task-4', 'task-3', 'task-5']);
    // A task posted without the prefix's words keeps the entry, and is no match of it.
    const byBids = found(index, 'q=walr&sort=bids');
    index.upsert(indexedTask(6, 'Otter mural', 'Otters.'));
    expect(found(index, 'q=walr&sort=bids')).toEqual(byBids);
    expect(found(index, 'q=walr&sort=newest')).toEqual(['task-5', 'task-4', 'task-3']);
  });

  // The entries' memory is bounded: the least recently searched go first, and a change to a
  // task's words gives back what its prefixes held.
  it('keeps no more than its bound, and counts what it gives back', () => {
    const index = new TaskIndex({ prefixCacheBytes: 1_000 });
    index.startBuilding();
    const words = ['amber', 'ample', 'cedar', 'cello', 'delta', 'dense', 'olive', 'olden'];
    words.forEach((word, at) => index.upsert(indexedTask(at + 1, `${word} job`, 'Work.')));
    index.finishBuilding();
    // Four one-term prefixes (the postings themselves, 128 + 4 bytes of bits each) and four
    // two-term ones (merged, 16 bytes more), walked by bids: 1,120 bytes, more than the bound.
    for (const prefix of ['amb', 'am', 'ced', 'ce', 'oli', 'ol', 'del', 'de']) {
      expect(found(index, `q=${prefix}&sort=bids`).length).toBeGreaterThan(0);
      expect(index.prefixMemory.bytes).toBeLessThanOrEqual(1_000 + 128 + 2 * 8 + 8);
    }
    const { bytes, entries } = index.prefixMemory;
    expect(entries).toBeGreaterThan(1);
    expect(entries).toBeLessThan(8);
    // 'del' and 'de' were searched last: a new word under them gives back their memory.
    index.upsert(indexedTask(9, 'delve job', 'Work.'));
    expect(index.prefixMemory.entries).toBe(entries - 2);
    expect(index.prefixMemory.bytes).toBeLessThan(bytes);
    index.remove('task-1');
    index.remove('task-2');
    index.remove('task-9');
    for (let seq = 3; seq <= words.length; seq += 1) index.remove(`task-${seq}`);
    expect(index.prefixMemory).toEqual({ bytes: 0, entries: 0 });
  });
});

describe('the rows a page shows, kept beside the index until the log names them', () => {
  const kept = () => taskIndexOf(t.db).rows;
  const page = async (queryString: string, includeEmail = false, viewerId?: string) =>
    (await searchTasks(t.db, parse(queryString), { includeEmail, viewerId })).items;

  it('answers what a task and its users are now, whoever changed them, and keeps the rest', async () => {
    const owner = await t.signUp({ name: 'Gus Gharial' });
    const helper = bidders[0]!;
    const taskId = await postTask(t, owner, { title: 'Gharial poster' });
    const otherId = await postTask(t, owner, { title: 'Gharial mural' });
    const shown = async () =>
      (await page('q=gharial&status=all')).find((task) => task._id === taskId)!;
    expect((await shown()).userName).toBe('Gus Gharial');
    expect(kept().has(taskId) && kept().has(otherId)).toBe(true);

    // A bid, through the API.
    await makeOffer(t, helper, taskId);
    expect((await shown()).bidsCount).toBe(1);

    // A script's writes to what a search does not read, but a task's answer shows.
    await t.db
      .updateTable('tasks')
      .set({ assignee_id: helper.id })
      .where('id', '=', taskId)
      .execute();
    expect((await shown()).assignee?._id).toBe(helper.id);
    expect(kept().has(otherId)).toBe(true);
    await t.db
      .updateTable('user')
      .set({ image: 'https://images.example.com/gharial.png' })
      .where('id', '=', helper.id)
      .execute();
    expect((await shown()).assignee?.image).toBe('https://images.example.com/gharial.png');
    await t.db
      .updateTable('tasks')
      .set({ delivered_at: '2026-01-02T03:04:05.000Z' })
      .where('id', '=', taskId)
      .execute();
    expect((await shown()).deliveredAt).toBe('2026-01-02T03:04:05.000Z');

    // The poster's own name and email: every task of theirs.
    await t.db
      .updateTable('user')
      .set({ name: 'Gus Renamed' })
      .where('id', '=', owner.id)
      .execute();
    expect((await page('q=gharial&status=all')).map((task) => task.userName)).toEqual([
      'Gus Renamed',
      'Gus Renamed',
    ]);
    await t.db
      .updateTable('user')
      .set({ email: 'gus.renamed@example.com' })
      .where('id', '=', owner.id)
      .execute();
    const signedIn = await page('q=gharial&status=all', true, owner.id);
    expect(signedIn.map((task) => task.userEmail)).toEqual([
      'gus.renamed@example.com',
      'gus.renamed@example.com',
    ]);

    // Every answer the same as the engine's own search, which reads every row.
    for (const queryString of ['q=gharial&status=all', 'q=gharial&status=all&sort=newest']) {
      const fromEngine = await searchTasks(t.db, parse(queryString), {
        includeEmail: true,
        memoryIndex: false,
      });
      expect(await page(queryString, true)).toEqual(fromEngine.items);
    }
  });
});
