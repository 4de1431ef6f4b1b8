import { describe, expect, it } from 'vitest';
import {
  SAVED_SEARCH_NAME_MAX_LENGTH,
  SAVED_SEARCHES_MAX,
  SEARCH_MESSAGES,
} from '../../shared/search.ts';
import { SIGN_IN_REQUIRED } from '../errors.ts';
import { call, postTask } from '../../../tests/support/marketplace.ts';
import {
  deleteSavedSearches,
  listSavedSearches,
  SAVED_SEARCHES_PATH,
  saveSearch,
} from '../../../tests/support/saved-searches.ts';
import { useTestApp, daysFromToday, type TestUser } from '../../../tests/support/test-app.ts';
import { findSavedSearchesMatching } from './saved-searches.store.ts';

/** Saved searches (issue 11): /api/me/saved-searches, and the owners a new task matches. */

const t = useTestApp();
const [ann, ben] = t.users('Ann Alert', 'Ben Browse');

const PATH = SAVED_SEARCHES_PATH;
const save = (user: TestUser, name: string, query: Record<string, unknown> = {}) =>
  saveSearch(t, user, name, query);
const list = (user: TestUser) => listSavedSearches(t, user);
const deleteAll = (user: TestUser) => deleteSavedSearches(t, user);

describe('/api/me/saved-searches', () => {
  it('needs a session for every call', async () => {
    for (const [method, path] of [
      ['GET', PATH],
      ['POST', PATH],
      ['DELETE', `${PATH}/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const body = method === 'POST' ? { name: 'Mine', query: {} } : undefined;
      const answer = await call(t, method, path, undefined, body);
      expect(answer, `${method} ${path}`).toEqual({
        status: 401,
        body: { message: SIGN_IN_REQUIRED },
      });
    }
  });

  it('saves a search as the search reads it, lists it newest first, and deletes it', async () => {
    const first = await save(ann, 'Logo jobs', {
      q: '  logo design ',
      category: ['Design', 'Marketing'],
      minBudget: '50',
      maxBudget: 500.5,
      deadlineTo: daysFromToday(30),
      sort: 'budget_desc',
    });
    const second = await save(ann, 'Anything', {});
    const saved = await list(ann);
    expect(saved.map((search) => search._id)).toEqual([second, first]);
    expect(saved[1]).toEqual({
      _id: first,
      name: 'Logo jobs',
      query: {
        q: 'logo design',
        category: ['Design', 'Marketing'],
        minBudget: 50,
        maxBudget: 500.5,
        deadlineTo: daysFromToday(30),
        status: 'open',
        sort: 'budget_desc',
      },
      createdAt: expect.any(String),
    });
    expect(saved[0]?.query).toEqual({ status: 'open' });

    expect(await call(t, 'DELETE', `${PATH}/${first}`, ann)).toEqual({
      status: 200,
      body: { deletedCount: 1 },
    });
    expect((await list(ann)).map((search) => search._id)).toEqual([second]);
    expect(await call(t, 'DELETE', `${PATH}/${first}`, ann)).toEqual({
      status: 404,
      body: { message: SEARCH_MESSAGES.savedSearchNotFound },
    });
    await deleteAll(ann);
  });

  it("keeps each user's own: nobody lists or deletes another's", async () => {
    const annId = await save(ann, 'Mine');
    expect(await list(ben)).toEqual([]);
    for (const id of [annId, 'not-an-id']) {
      expect(await call(t, 'DELETE', `${PATH}/${id}`, ben)).toEqual({
        status: 404,
        body: { message: SEARCH_MESSAGES.savedSearchNotFound },
      });
    }
    expect((await list(ann)).map((search) => search._id)).toEqual([annId]);
    await deleteAll(ann);
  });

  it('refuses a missing, long or taken name, and a query the search would refuse', async () => {
    await save(ann, 'Taken');
    const cases: [unknown, number, string][] = [
      [{ query: {} }, 400, SEARCH_MESSAGES.nameRequired],
      [{ name: '   ', query: {} }, 400, SEARCH_MESSAGES.nameRequired],
      [
        { name: 'x'.repeat(SAVED_SEARCH_NAME_MAX_LENGTH + 1), query: {} },
        400,
        SEARCH_MESSAGES.nameTooLong,
      ],
      [{ name: 'Taken', query: {} }, 409, SEARCH_MESSAGES.nameTaken],
      [{ name: 'Bad', query: { category: ['Gardening'] } }, 400, SEARCH_MESSAGES.categoryInvalid],
      [{ name: 'Bad', query: { minBudget: 9, maxBudget: 1 } }, 400, SEARCH_MESSAGES.budgetRange],
      [{ name: 'Bad', query: { q: 'x'.repeat(201) } }, 400, SEARCH_MESSAGES.qInvalid],
      [{ name: 'Bad', query: { sort: 'cheapest' } }, 400, SEARCH_MESSAGES.sortInvalid],
      [{ name: 'Bad', query: { deadlineFrom: '2030-02-30' } }, 400, SEARCH_MESSAGES.dateInvalid],
    ];
    for (const [body, status, message] of cases) {
      expect(await call(t, 'POST', PATH, ann, body), JSON.stringify(body)).toEqual({
        status,
        body: { message },
      });
    }
    // The same name is another user's to take.
    await save(ben, 'Taken');
    expect((await list(ann)).map((search) => search.name)).toEqual(['Taken']);
    await deleteAll(ann);
    await deleteAll(ben);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} each, even when saves race`, async () => {
    const racing = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 5 }, (_, index) =>
        call(t, 'POST', PATH, ann, { name: `Search ${index}`, query: { q: `word${index}` } }),
      ),
    );
    expect(racing.filter((answer) => answer.status === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    for (const answer of racing.filter((answer) => answer.status !== 201)) {
      expect(answer).toEqual({ status: 409, body: { message: SEARCH_MESSAGES.tooMany } });
    }
    expect(await list(ann)).toHaveLength(SAVED_SEARCHES_MAX);
    // Deleting one makes room for one.
    const [latest] = await list(ann);
    await call(t, 'DELETE', `${PATH}/${latest?._id}`, ann);
    await save(ann, 'One more');
    expect((await call(t, 'POST', PATH, ann, { name: 'Too many', query: {} })).status).toBe(409);
    await deleteAll(ann);
  });
});

describe('findSavedSearchesMatching', () => {
  it('names each owner whose search a new task matches, once, never the poster', async () => {
    const [cara, dan, eve, fay, poster] = await Promise.all(
      ['Cara', 'Dan', 'Eve', 'Fay', 'Pat Poster'].map((name) => t.signUp({ name })),
    );
    const ids = {
      annWords: await save(ann!, 'logo design', { q: 'Logo desig' }),
      annSecond: await save(ann!, 'design jobs', { category: ['Design'] }),
      benOtherCategory: await save(ben, 'writing', { q: 'logo', category: ['Writing'] }),
      caraBudget: await save(cara!, 'big logos', { q: 'logo', minBudget: 500 }),
      danWindow: await save(dan!, 'due this month', {
        deadlineFrom: daysFromToday(0),
        deadlineTo: daysFromToday(30),
      }),
      eveOtherWords: await save(eve!, 'bakery menus', { q: 'bakery menu' }),
      fayAll: await save(fay!, 'the', { q: 'the a', status: 'all', maxBudget: 1000 }),
      posterOwn: await save(poster!, 'my own kind', { q: 'logo' }),
    };
    const taskId = await postTask(t, poster!, {
      title: 'Logo for a bakery',
      description: 'Design a warm, hand-drawn logo.',
      category: 'Design',
      budget: 200,
      deadline: daysFromToday(20),
    });

    const matches = await findSavedSearchesMatching(t.db, taskId);
    expect(new Set(matches.map((match) => match.userId))).toEqual(
      new Set([ann.id, dan!.id, fay!.id]),
    );
    // One per owner: Ann's first saved search that matches.
    expect(matches.find((match) => match.userId === ann.id)).toEqual({
      userId: ann.id,
      savedSearchId: ids.annWords,
      name: 'logo design',
    });
    expect(matches.map((match) => match.userId)).not.toContain(poster!.id);

    // A task that takes no offers (expired) alerts nobody.
    await t.db
      .updateTable('tasks')
      .set({ deadline: daysFromToday(-1) })
      .where('id', '=', taskId)
      .execute();
    expect(await findSavedSearchesMatching(t.db, taskId)).toEqual([]);
    expect(await findSavedSearchesMatching(t.db, '00000000-0000-4000-8000-000000000000')).toEqual(
      [],
    );
  });
});
