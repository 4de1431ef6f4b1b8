import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES, SEARCH_TOTAL_CAP, type TaskSearchResult } from '../../shared/search.ts';
import { CONTACT_MASKS } from '../../shared/conversations.ts';
import { TASK_FIELD_MESSAGES, type Task } from '../../shared/tasks.ts';
import { call, hiredTask, postTask } from '../../../tests/support/marketplace.ts';
import {
  settleChanges,
  useTestApp,
  daysFromToday,
  type TestUser,
} from '../../../tests/support/test-app.ts';

/**
 * GET /api/tasks/search (issue 11) on this project's engine (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL). Each test searches for a word of its own, so the tasks of other tests in
 * the file never get in the way.
 */

const t = useTestApp();
const [poster, reader] = t.users('Sam Search', 'Rita Reader');

/** A word no other test uses: letters only, so it is one word to both engines. */
function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  const random = crypto.randomBytes(8);
  return `zq${Array.from(random, (byte) => letters[byte % letters.length]).join('')}`;
}

async function search(query: string | URLSearchParams, user?: TestUser) {
  const answer = await call(t, 'GET', `/api/tasks/search?${query.toString()}`, user);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as TaskSearchResult;
}

const titles = (result: TaskSearchResult) => result.items.map((task) => task.title);
const ids = (result: TaskSearchResult) => result.items.map((task) => task._id);

/** Posts tasks one after another (newest last), each with `word` in its description. */
async function postAll(word: string, tasks: Record<string, unknown>[]): Promise<string[]> {
  const posted: string[] = [];
  for (const task of tasks) {
    posted.push(await postTask(t, poster, { description: `Tagged ${word}.`, ...task }));
  }
  return posted;
}

/** The ids in the order every list uses: newest first, ties by id (tasks posted in one ms). */
async function newestFirst(taskIds: string[]): Promise<string[]> {
  const rows = await t.db
    .selectFrom('tasks')
    .select('id')
    .where('id', 'in', taskIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

async function setTaskRow(id: string, values: { deadline?: string; created_at?: string }) {
  await t.db.updateTable('tasks').set(values).where('id', '=', id).execute();
}

describe('words', () => {
  it('ranks a task with the word in its title above one with it only in the description', async () => {
    const word = uniqueWord();
    await postAll(word, [
      { title: 'Only the description mentions it', description: `Something about ${word}.` },
      { title: `A ${word} in the title`, description: 'Nothing else.' },
      {
        title: `${word} ${word} everywhere`,
        description: `${word} in the title and the description, ${word} again.`,
      },
    ]);
    const result = await search(`q=${word}`);
    expect(result.total).toBe(3);
    expect(titles(result)).toEqual([
      `${word} ${word} everywhere`,
      `A ${word} in the title`,
      'Only the description mentions it',
    ]);
    // relevance is the default with words, and can be asked for by name.
    expect(titles(await search(`q=${word}&sort=relevance`))).toEqual(titles(result));
  });

  it('requires every word, and takes the last one as a prefix so results follow typing', async () => {
    const word = uniqueWord();
    await postAll(word, [
      { title: `Logo for a bakery ${word}` },
      { title: `Logo for a gym ${word}` },
      { title: `Menu for a bakery ${word}` },
    ]);
    const typed = async (text: string) =>
      titles(await search(new URLSearchParams({ q: `${word} ${text}` }))).sort();
    expect(await typed('logo bakery')).toEqual([`Logo for a bakery ${word}`]);
    expect(await typed('logo bak')).toEqual([`Logo for a bakery ${word}`]);
    // A last word of one letter is not a prefix yet (it would match most tasks): results
    // narrow from the second letter on.
    expect(await typed('logo b')).toEqual([`Logo for a bakery ${word}`, `Logo for a gym ${word}`]);
    expect(await typed('lo')).toEqual([`Logo for a bakery ${word}`, `Logo for a gym ${word}`]);
    expect(await typed('bakery')).toEqual([
      `Logo for a bakery ${word}`,
      `Menu for a bakery ${word}`,
    ]);
    // Only the last word is a prefix: "bak" in the middle is a word of its own.
    expect(await typed('bak logo')).toEqual([]);
    // English word forms match (both engines stem), and case does not matter.
    expect(await typed('LOGOS')).toEqual([`Logo for a bakery ${word}`, `Logo for a gym ${word}`]);
    expect(await typed('bakeries')).toEqual([
      `Logo for a bakery ${word}`,
      `Menu for a bakery ${word}`,
    ]);
  });

  it('splits words at punctuation the same way in tasks and in queries', async () => {
    const word = uniqueWord();
    await postAll(word, [{ title: `Fix a Node.js e-mail form ${word}` }]);
    for (const text of ['node', 'js', 'node.js', 'mail', 'e-mail', 'NODE JS e mail']) {
      const result = await search(new URLSearchParams({ q: `${word} ${text}` }));
      expect(result.total, text).toBe(1);
    }
  });

  it('folds accents: cafe finds Café and café finds cafe', async () => {
    const word = uniqueWord();
    await postAll(word, [{ title: `Café menu ${word}` }, { title: `Cafe sign ${word}` }]);
    for (const text of ['cafe', 'café', 'CAFÉ']) {
      const result = await search(new URLSearchParams({ q: `${word} ${text}` }));
      expect(result.total, text).toBe(2);
      // The answer's UTF-8 bytes, written on a read worker, arrive as the title was posted.
      expect(titles(result).sort(), text).toEqual([`Cafe sign ${word}`, `Café menu ${word}`]);
    }
  });

  it('treats any input as words: quotes, operators of either engine and other scripts are safe', async () => {
    const word = uniqueWord();
    const [plain] = await postAll(word, [
      {
        title: `Translate ${word} into Greek`,
        // Every word the inputs below hold, so each of them finds this task.
        description:
          'Ελληνικά κείμενα και 日本語 and emoji 🎉. Or not, near the title: nothing to drop from the table of tasks.',
      },
    ]);
    const inputs = [
      `"${word}`,
      `${word}"`,
      `${word} OR translate`,
      `${word} AND NOT nothing`,
      `${word} NEAR(translate greek)`,
      `${word}* translate*`,
      `title:${word}`,
      `${word} -translate`,
      `${word} & | ! ( ) : * ' \\ ^ { } [ ] ;`,
      `${word}'); drop table tasks; --`,
      `${word} ελληνικά`,
      `${word} 日本語`,
      `${word} 🎉`,
      `  ${word}  `,
    ];
    for (const q of inputs) {
      const result = await search(new URLSearchParams({ q }));
      expect(ids(result), q).toEqual([plain]);
    }
    // Text with no letters or digits at all is no words: every task, newest first.
    const none = await search(new URLSearchParams({ q: `"*" ( ) :: -` }));
    expect(none.total).toBeGreaterThan(0);
    expect(await search(new URLSearchParams({ q: `${word} zzzznothing` }))).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('answers tasks exactly as the other task calls do, emails only to signed-in readers', async () => {
    const word = uniqueWord();
    const [id] = await postAll(word, [{ title: `Same shape ${word}`, budget: 49.99 }]);
    for (const user of [undefined, reader]) {
      const one = await call(t, 'GET', `/api/tasks/${id}`, user);
      const found = await search(`q=${word}`, user);
      expect(found.items).toEqual([one.body]);
    }
    const signedOut = (await search(`q=${word}`)).items[0] as Task;
    expect(signedOut).not.toHaveProperty('userEmail');
    // Issue 47: as written only for the poster (and a hired freelancer).
    expect((await search(`q=${word}`, reader)).items[0]?.userEmail).toBe(CONTACT_MASKS.email);
    expect((await search(`q=${word}`, poster)).items[0]?.userEmail).toBe(poster.email);
  });
});

describe('the index follows every insert, edit and delete', () => {
  it('finds a task as soon as it is posted, by its new words once edited, and never once deleted', async () => {
    const before = uniqueWord();
    const after = uniqueWord();
    expect((await search(`q=${before}`)).total).toBe(0);
    const id = await postTask(t, poster, { title: `Poster for ${before}` });
    expect(ids(await search(`q=${before}`))).toEqual([id]);

    const edited = await call(t, 'PUT', `/api/tasks/${id}`, poster, {
      title: 'Poster for a concert',
      category: 'Design',
      description: `Now about ${after}.`,
      deadline: daysFromToday(30),
      budget: 80,
    });
    expect(edited.status).toBe(200);
    expect((await search(`q=${before}`)).total).toBe(0);
    expect(ids(await search(`q=${after}`))).toEqual([id]);
    expect(ids(await search(`q=${after} concert`))).toEqual([id]);

    // A change to other columns (a bid) leaves the words as they were.
    expect((await call(t, 'PATCH', `/api/tasks/${id}/bids`, reader)).status).toBe(200);
    expect((await search(`q=${after}`)).items[0]?.bidsCount).toBe(1);

    expect((await call(t, 'DELETE', `/api/tasks/${id}`, poster)).status).toBe(200);
    expect(await search(`q=${after}`)).toMatchObject({ items: [], total: 0 });
    expect((await search(`q=concert`)).items.map((task) => task._id)).not.toContain(id);
  });
});

describe('filters', () => {
  it('category: one, several (repeated or comma separated), or All', async () => {
    const word = uniqueWord();
    await postAll(word, [
      { title: 'Design job', category: 'Design' },
      { title: 'Writing job', category: 'Writing' },
      { title: 'Marketing job', category: 'Marketing' },
    ]);
    const found = async (query: string) => titles(await search(`q=${word}&${query}`)).sort();
    expect(await found('category=Design')).toEqual(['Design job']);
    expect(await found('category=Design&category=Writing')).toEqual(['Design job', 'Writing job']);
    expect(await found('category=Design,Marketing')).toEqual(['Design job', 'Marketing job']);
    expect(await found('category=All')).toHaveLength(3);
    expect(await found(`category=${encodeURIComponent('Data Entry')}`)).toEqual([]);
  });

  it('minBudget and maxBudget bound the budget, both inclusive, in USD with cents', async () => {
    const word = uniqueWord();
    await postAll(word, [
      { title: 'b10', budget: 10 },
      { title: 'b99.99', budget: 99.99 },
      { title: 'b100', budget: 100 },
      { title: 'b500', budget: 500 },
    ]);
    const found = async (query: string) =>
      titles(await search(`q=${word}&sort=budget_asc&${query}`));
    expect(await found('minBudget=100')).toEqual(['b100', 'b500']);
    expect(await found('maxBudget=99.99')).toEqual(['b10', 'b99.99']);
    expect(await found('minBudget=99.99&maxBudget=100')).toEqual(['b99.99', 'b100']);
    expect(await found('minBudget=100&maxBudget=100')).toEqual(['b100']);
    expect(await found('minBudget=&maxBudget=')).toHaveLength(4);
  });

  it('deadlineFrom and deadlineTo bound the deadline, both inclusive', async () => {
    const word = uniqueWord();
    const days = [3, 10, 20];
    await postAll(
      word,
      days.map((day) => ({ title: `due in ${day}`, deadline: daysFromToday(day) })),
    );
    const found = async (query: string) => titles(await search(`q=${word}&sort=deadline&${query}`));
    expect(await found(`deadlineFrom=${daysFromToday(10)}`)).toEqual(['due in 10', 'due in 20']);
    expect(await found(`deadlineTo=${daysFromToday(10)}`)).toEqual(['due in 3', 'due in 10']);
    expect(await found(`deadlineFrom=${daysFromToday(4)}&deadlineTo=${daysFromToday(19)}`)).toEqual(
      ['due in 10'],
    );
  });

  it('status open (the default) leaves out expired, assigned and completed tasks; all keeps them', async () => {
    const freelancer = await t.signUp({ name: 'Fay Freelancer' });
    const word = uniqueWord();
    const [open, expired] = await postAll(word, [{ title: 'open' }, { title: 'expired' }]);
    await setTaskRow(expired!, { deadline: daysFromToday(-1) });
    const { taskId: assigned } = await hiredTask(t, poster, freelancer, 'assigned');
    const { taskId: completed } = await hiredTask(t, poster, freelancer, 'completed');
    for (const id of [assigned, completed]) {
      await t.db
        .updateTable('tasks')
        .set({ title: `hired ${word}` })
        .where('id', '=', id)
        .execute();
    }

    expect(ids(await search(`q=${word}`))).toEqual([open]);
    expect(ids(await search(`q=${word}&status=open`))).toEqual([open]);
    const all = await search(`q=${word}&status=all&sort=newest`);
    expect(new Set(ids(all))).toEqual(new Set([open, expired, assigned, completed]));
    expect(all.items.find((task) => task._id === expired)?.expired).toBe(true);
  });

  it('words and every filter together', async () => {
    const word = uniqueWord();
    const [match] = await postAll(word, [
      { title: `Logo ${word}`, category: 'Design', budget: 200, deadline: daysFromToday(15) },
      { title: `Logo ${word}`, category: 'Writing', budget: 200, deadline: daysFromToday(15) },
      { title: `Logo ${word}`, category: 'Design', budget: 900, deadline: daysFromToday(15) },
      { title: `Logo ${word}`, category: 'Design', budget: 200, deadline: daysFromToday(40) },
      { title: `Banner ${word}`, category: 'Design', budget: 200, deadline: daysFromToday(15) },
    ]);
    const query = new URLSearchParams({
      q: `${word} logo`,
      category: 'Design',
      minBudget: '100',
      maxBudget: '500',
      deadlineFrom: daysFromToday(10),
      deadlineTo: daysFromToday(20),
      status: 'open',
    });
    expect(await search(query)).toMatchObject({ total: 1, items: [{ _id: match }] });
  });
});

describe('sorts', () => {
  it('newest, deadline, budget both ways and bids, ties newest first', async () => {
    const word = uniqueWord();
    const specs = [
      { title: 'A', budget: 300, deadline: daysFromToday(9), bids: 2 },
      { title: 'B', budget: 50, deadline: daysFromToday(3), bids: 0 },
      { title: 'C', budget: 300, deadline: daysFromToday(3), bids: 5 },
      { title: 'D', budget: 800, deadline: daysFromToday(30), bids: 2 },
    ];
    const posted = await postAll(
      word,
      specs.map(({ bids: _bids, ...task }) => task),
    );
    for (const [index, spec] of specs.entries()) {
      // Distinct posting times, one minute apart, A the oldest.
      await setTaskRow(posted[index]!, {
        created_at: new Date(Date.UTC(2030, 0, 1, 0, index)).toISOString(),
      });
      for (let bid = 0; bid < spec.bids; bid += 1) {
        expect((await call(t, 'PATCH', `/api/tasks/${posted[index]}/bids`, reader)).status).toBe(
          200,
        );
      }
    }
    const order = async (sort: string) => titles(await search(`q=${word}&sort=${sort}`)).join('');
    expect(await order('newest')).toBe('DCBA');
    expect(await order('deadline')).toBe('CBAD'); // C and B due the same day: C is newer
    expect(await order('budget_asc')).toBe('BCAD'); // A and C the same budget
    expect(await order('budget_desc')).toBe('DCAB');
    expect(await order('bids')).toBe('CDAB'); // D and A both 2 bids
    // Without words, newest is the default; relevance without words is newest too.
    expect(titles(await search(`category=Design&status=all`)).length).toBeGreaterThan(0);
    const withoutWords = await search(`minBudget=49&maxBudget=801&status=all&pageSize=50`);
    const createdAt = await t.db
      .selectFrom('tasks')
      .select(['id', 'created_at'])
      .where('id', 'in', ids(withoutWords))
      .execute();
    const created = new Map(createdAt.map((row) => [row.id, row.created_at]));
    const times = ids(withoutWords).map((id) => created.get(id) ?? '');
    expect(times).toEqual([...times].sort().reverse());
    expect(
      ids(await search(`minBudget=49&maxBudget=801&status=all&pageSize=50&sort=relevance`)),
    ).toEqual(ids(withoutWords));
  });
});

describe('pages', () => {
  it('pages through every match once, in order, with the total on each page', async () => {
    const word = uniqueWord();
    const posted = await postAll(
      word,
      Array.from({ length: 7 }, (_, index) => ({ title: `Task ${index}` })),
    );
    const first = await search(`q=${word}&sort=newest&pageSize=3`);
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    const seen = [...ids(first)];
    for (const page of [2, 3]) {
      const next = await search(`q=${word}&sort=newest&pageSize=3&page=${page}&asOf=${first.asOf}`);
      expect(next).toMatchObject({ total: 7, page, pageSize: 3, asOf: first.asOf });
      seen.push(...ids(next));
    }
    expect(seen).toEqual(await newestFirst(posted));
    // Past the last page: no items, the same total.
    expect(await search(`q=${word}&pageSize=3&page=4`)).toMatchObject({ items: [], total: 7 });
    // The default page size is 12.
    expect((await search(`q=${word}`)).pageSize).toBe(12);
  });

  it('with asOf, tasks posted between pages neither repeat nor hide a task; without it they shift', async () => {
    const word = uniqueWord();
    const posted = await postAll(
      word,
      Array.from({ length: 6 }, (_, index) => ({ title: `Old ${index}` })),
    );
    const first = await search(`q=${word}&pageSize=3`);
    // Two newer tasks arrive while the reader looks at page 1.
    await postAll(word, [{ title: 'New 1' }, { title: 'New 2' }]);
    const second = await search(`q=${word}&pageSize=3&page=2&asOf=${first.asOf}`);
    expect([...ids(first), ...ids(second)]).toEqual(await newestFirst(posted));
    expect(second.total).toBe(6);
    // Without asOf, page 2 starts with what page 1 already showed.
    const shifted = await search(`q=${word}&pageSize=3&page=2`);
    expect(ids(shifted)[0]).toBe(ids(first)[1]);
    expect(shifted.total).toBe(8);
  });

  it('each answer can be read again by its asOf while tasks are being posted at the same time', async () => {
    const word = uniqueWord();
    await postAll(
      word,
      Array.from({ length: 5 }, (_, index) => ({ title: `Seed ${index}` })),
    );
    // 20 posts and 20 searches at once: each search answer is a snapshot of some moment.
    const posts = Array.from({ length: 20 }, (_, index) =>
      postTask(t, poster, { title: `Racing ${index}`, description: `Tagged ${word}.` }),
    );
    const searches = Array.from({ length: 20 }, () => search(`q=${word}&pageSize=50`));
    const [, answers] = await Promise.all([Promise.all(posts), Promise.all(searches)]);
    for (const answer of answers) {
      const again = await search(`q=${word}&pageSize=50&asOf=${answer.asOf}`);
      expect(ids(again)).toEqual(ids(answer));
      expect(again.total).toBe(answer.total);
      // Pages of 4 as of that answer cover exactly the same tasks in the same order.
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(answer.total / 4); page += 1) {
        paged.push(...ids(await search(`q=${word}&pageSize=4&page=${page}&asOf=${answer.asOf}`)));
      }
      expect(paged).toEqual(ids(answer));
    }
    expect((await search(`q=${word}`)).total).toBe(25);
  });
});

describe('kept answers never outlive a write', () => {
  it('answers afresh after any write of this process: a bid shows in the very next search', async () => {
    const word = uniqueWord();
    const [id] = await postAll(word, [{ title: `Cached ${word}` }]);
    const first = await search(`q=${word}`);
    expect(await search(`q=${word}`)).toEqual(first);
    expect((await call(t, 'PATCH', `/api/tasks/${id}/bids`, reader)).status).toBe(200);
    expect((await search(`q=${word}`)).items[0]?.bidsCount).toBe(1);
    // A task posted is found by the next search, and by the next page of a kept answer's search.
    await postAll(word, [{ title: `Later ${word}` }]);
    expect(titles(await search(`q=${word}`))).toContain(`Later ${word}`);
  });
});

describe('Server-Timing', () => {
  /** A search's Server-Timing parts, in ms, as the header says them (search.routes.ts). */
  const partsOf = (header: unknown) => {
    const match =
      /^search;dur=(\d+\.\d\d), wait;dur=(\d+\.\d\d), read;dur=(\d+\.\d\d), db;dur=(\d+\.\d\d)$/.exec(
        String(header),
      );
    expect(match, String(header)).not.toBeNull();
    const [search, wait, read, db] = (match ?? []).slice(1).map(Number);
    return { search: search!, wait: wait!, read: read!, db: db! };
  };

  it("says the server's part of a search's time and its parts, in ms; an answer kept from the same search does not", async () => {
    const word = uniqueWord();
    await postAll(word, [{ title: `Timed ${word}` }]);
    // The post no longer ticks the clock, so the search below is kept (settleChanges).
    await settleChanges(t.db);
    const started = performance.now();
    const searched = await t.request('GET', `/api/tasks/search?q=${word}`);
    const measured = performance.now() - started;
    expect(searched.statusCode).toBe(200);
    const parts = partsOf(searched.headers['server-timing']);
    // A time the search really took: more than nothing, and within the request's whole time as
    // the test measured it around the call (the last digit rounded). Its parts are within it:
    // the wait before the read, the read, and of the read the database's part, more than
    // nothing, as the new task's row was not kept.
    expect(parts.search).toBeGreaterThan(0);
    expect(parts.search).toBeLessThanOrEqual(measured + 0.005);
    expect(parts.wait + parts.read).toBeLessThanOrEqual(parts.search + 0.01);
    expect(parts.read).toBeGreaterThan(0);
    expect(parts.db).toBeGreaterThan(0);
    expect(parts.db).toBeLessThanOrEqual(parts.read + 0.005);
    expect(titles(searched.json())).toEqual([`Timed ${word}`]);
    // Nothing changed: the kept answer is sent, with no search to time.
    const kept = await t.request('GET', `/api/tasks/search?q=${word}`);
    expect(kept.json()).toEqual(searched.json());
    expect(kept.headers['server-timing']).toBeUndefined();
    // Another search that shows the same task: its row is kept now, so no wait for the database.
    const again = await t.request('GET', `/api/tasks/search?q=${word}&sort=newest`);
    expect(titles(again.json())).toEqual([`Timed ${word}`]);
    const againParts = partsOf(again.headers['server-timing']);
    expect(againParts.read).toBeGreaterThan(0);
    expect(againParts.db).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('describes the search, its parameters and the saved searches; GET /api/tasks as the heavy call', async () => {
    type Operation = { summary?: string; parameters?: { name: string }[] };
    const spec = (await call(t, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const paths = spec.paths;
    const search = paths['/api/tasks/search']?.get;
    expect(search?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining([
        'q',
        'category',
        'minBudget',
        'maxBudget',
        'deadlineFrom',
        'deadlineTo',
        'status',
        'sort',
        'page',
        'pageSize',
        'asOf',
      ]),
    );
    for (const [path, method] of [
      ['/api/me/saved-searches', 'get'],
      ['/api/me/saved-searches', 'post'],
      ['/api/me/saved-searches/{id}', 'delete'],
    ] as const) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toEqual(expect.any(String));
    }
    expect(paths['/api/tasks']?.get?.summary).toMatch(/heavy/);
  });
});

describe('bad parameters answer 400 {message}', () => {
  const cases: [string, string][] = [
    [`q=${'a'.repeat(201)}`, SEARCH_MESSAGES.qInvalid],
    ['category=Gardening', SEARCH_MESSAGES.categoryInvalid],
    ['category=Design&category=Cooking', SEARCH_MESSAGES.categoryInvalid],
    ['minBudget=cheap', SEARCH_MESSAGES.budgetInvalid],
    ['maxBudget=-5', SEARCH_MESSAGES.budgetInvalid],
    ['maxBudget=1000001', SEARCH_MESSAGES.budgetInvalid],
    ['minBudget=500&maxBudget=100', SEARCH_MESSAGES.budgetRange],
    ['deadlineFrom=2030-02-30', SEARCH_MESSAGES.dateInvalid],
    ['deadlineTo=tomorrow', SEARCH_MESSAGES.dateInvalid],
    ['deadlineFrom=2030-05-02&deadlineTo=2030-05-01', SEARCH_MESSAGES.dateRange],
    ['status=closed', SEARCH_MESSAGES.statusInvalid],
    ['sort=cheapest', SEARCH_MESSAGES.sortInvalid],
    ['page=0', SEARCH_MESSAGES.pageInvalid],
    ['page=1.5', SEARCH_MESSAGES.pageInvalid],
    ['page=10001', SEARCH_MESSAGES.pageInvalid],
    ['pageSize=0', SEARCH_MESSAGES.pageSizeInvalid],
    ['pageSize=51', SEARCH_MESSAGES.pageSizeInvalid],
    ['asOf=yesterday', SEARCH_MESSAGES.asOfInvalid],
    ['asOf=12.2030-02-30', SEARCH_MESSAGES.asOfInvalid],
    ['q=a&q=b', SEARCH_MESSAGES.qInvalid],
  ];
  it.each(cases)('%s', async (query, message) => {
    const answer = await call(t, 'GET', `/api/tasks/search?${query}`);
    expect(answer).toEqual({ status: 400, body: { message } });
  });

  it('GET /api/tasks/search is not read as the task id "search"', async () => {
    const answer = await call(t, 'GET', '/api/tasks/search');
    expect(answer.status).toBe(200);
    expect((await call(t, 'GET', '/api/tasks/searching')).body).toEqual({
      message: TASK_FIELD_MESSAGES.taskNotFound,
    });
  });
});

describe('counts up to 1,000 (SEARCH_TOTAL_CAP)', () => {
  /** `count` tasks with `word`, straight into the table (the API would take a while), oldest first. */
  async function insertMany(word: string, count: number, titleOf: (index: number) => string) {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: count }, (_, index) => ({
      id: crypto.randomUUID(),
      title: titleOf(index),
      category: 'Writing',
      description: `Tagged ${word}.`,
      deadline: daysFromToday(60),
      budget_cents: 5000,
      user_id: poster.id,
      created_at: new Date(start + index * 1000).toISOString(),
      updated_at: new Date(start + index * 1000).toISOString(),
    }));
    for (let index = 0; index < rows.length; index += 200) {
      await t.db
        .insertInto('tasks')
        .values(rows.slice(index, index + 200))
        .execute();
    }
    return rows.map((row) => row.id);
  }

  it('says 1,000 and totalIsLowerBound beyond it; ranks the newest 1,000; exact below it', async () => {
    const word = uniqueWord();
    const cap = SEARCH_TOTAL_CAP;
    // The oldest task has the word in its title: ranked first if every match were ranked.
    const posted = await insertMany(word, cap + 10, (index) =>
      index === 0 ? `Oldest ${word}` : `Task ${index}`,
    );
    const [newest] = posted.slice(-1);
    posted.reverse();

    const byRelevance = await search(`q=${word}`);
    expect(byRelevance).toMatchObject({ total: cap, totalIsLowerBound: true });
    expect(byRelevance.items).toHaveLength(12);
    expect(titles(byRelevance)).not.toContain(`Oldest ${word}`);
    // The last page of the thousand, and nothing after it.
    const lastPage = Math.ceil(cap / 50);
    const last = await search(`q=${word}&pageSize=50&page=${lastPage}&asOf=${byRelevance.asOf}`);
    expect(last.items).toHaveLength(cap - (lastPage - 1) * 50);
    expect(
      (await search(`q=${word}&pageSize=50&page=${lastPage + 1}&asOf=${byRelevance.asOf}`)).items,
    ).toEqual([]);

    // Other orders stay exact over every match: only the count stops.
    const oldestFirst = await search(`q=${word}&sort=newest&pageSize=50&page=21`);
    expect(oldestFirst).toMatchObject({ total: cap, totalIsLowerBound: true });
    expect(ids(oldestFirst)).toEqual(posted.slice(1000, 1010));
    expect(ids(await search(`q=${word}&sort=newest&pageSize=1`))).toEqual([newest]);
    // Without words too.
    expect(await search('status=all&pageSize=1')).toMatchObject({
      total: cap,
      totalIsLowerBound: true,
    });

    // Below the cap: the exact count.
    const narrow = uniqueWord();
    await insertMany(narrow, 3, (index) => `Narrow ${index}`);
    expect(await search(`q=${narrow}`)).toMatchObject({ total: 3, totalIsLowerBound: false });
    expect(await search(`q=${narrow}&sort=deadline`)).toMatchObject({
      total: 3,
      totalIsLowerBound: false,
    });
  });
});
