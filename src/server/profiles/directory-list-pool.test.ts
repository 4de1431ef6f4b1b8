import { describe, expect, it } from 'vitest';
import type { DirectoryCard } from './directory-entries.ts';
import { DirectoryIndex, ListPool, type DirectoryEntry } from './directory-index.ts';

/** What a card shows (these tests search for the order, not the card). */
const CARD: DirectoryCard = { name: 'Someone', image: null, headline: null, skills: [] };

/** A listed profile, not available, unrated, with no rate, words or skills unless given. */
const plainEntry = (
  fields: Pick<DirectoryEntry, 'userId' | 'updatedAt'> & Partial<DirectoryEntry>,
): DirectoryEntry => ({
  listed: true,
  available: false,
  rateCents: null,
  ratingAverage: 0,
  ratingCount: 0,
  jobsCompleted: 0,
  responseMinutes: 60,
  skillKeys: [],
  words: [],
  rateUnit: null,
  card: CARD,
  ...fields,
});

/**
 * The directory index's shared pools (directory-index.ts): lists that outgrow their room move
 * and keep their values, deletes leave the rest, compaction keeps every list; and the index on
 * them follows words added to, taken from and reused by slots after a build, and keeps each
 * profile's place in the newest's order as profiles move, come and go.
 */

const contents = (pool: ListPool, list: number) => {
  const start = pool.start(list);
  const values = [...pool.values.subarray(start, start + pool.length(list))];
  const weights = pool.weights && [...pool.weights.subarray(start, start + pool.length(list))];
  const places = pool.places && [...pool.places.subarray(start, start + pool.length(list))];
  return { values, weights, places };
};

describe('the directory index pools', () => {
  it('keeps each list as its values are pushed past its room, deleted and compacted', () => {
    const pool = new ListPool(true, true);
    const lists = [pool.add(), pool.add(), pool.add()];
    const expected: number[][] = [[], [], []];
    // Interleaved: each list outgrows its room many times, the pool reallocated on the way.
    for (let value = 0; value < 3_000; value += 1) {
      const list = value % 3 === 2 && value > 100 ? 0 : value % 3;
      expect(pool.push(lists[list]!, value, value % 7, value * 2)).toBe(expected[list]!.length);
      expected[list]!.push(value);
    }
    for (const value of [0, 3, 2_997, 6]) {
      const at = expected[0]!.indexOf(value);
      const last = expected[0]!.at(-1)!;
      // The last takes the place, and says so (-1: the deleted one was the last).
      expect(pool.deleteAt(lists[0]!, at)).toBe(at === expected[0]!.length - 1 ? -1 : last);
      expected[0]![at] = last;
      expected[0]!.pop();
    }
    pool.clear(lists[1]!);
    expected[1] = [];
    for (const tight of [false, true]) {
      pool.compact(0, tight);
      for (const list of lists) {
        const { values, weights, places } = contents(pool, list);
        expect(values).toEqual(expected[list]);
        expect(weights).toEqual(expected[list]!.map((value) => value % 7));
        expect(places).toEqual(expected[list]!.map((value) => value * 2));
      }
    }
    pool.setPlace(lists[0]!, expected[0]![5]!, -7);
    expect(contents(pool, lists[0]!).places![5]).toBe(-7);
    pool.push(lists[1]!, 42, 300);
    expect(contents(pool, lists[1]!)).toEqual({ values: [42], weights: [255], places: [0] });
  });

  it('follows words added, removed and taken again by reused slots after a build', () => {
    const index = new DirectoryIndex({ selectUpTo: 4, walkFirst: 8 });
    const entry = (i: number, words: string[]) =>
      plainEntry({
        userId: `u${String(i).padStart(3, '0')}`,
        available: true,
        updatedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
        skillKeys: i % 2 ? ['logo-design'] : [],
        words: words.map((word, at) => ({ word, weight: 1 + at })),
      });
    const people = new Map<number, string[]>();
    const put = (i: number, words: string[]) => {
      people.set(i, words);
      index.put(entry(i, words));
    };
    index.startBuilding();
    for (let i = 0; i < 20; i += 1) put(i, i % 4 ? ['logo', `own${i}`] : ['react']);
    index.finishBuilding();
    // After the build each posting has no room left: these grow them past it.
    for (let i = 20; i < 60; i += 1) put(i, ['logo', 'lettering']);
    for (const i of [1, 2, 25, 40]) {
      index.remove(entry(i, []).userId);
      people.delete(i);
    }
    const slots = index.slots;
    put(60, ['react', 'logo']);
    put(61, ['lettering']);
    put(3, ['react']);
    expect(index.slots).toBe(slots);
    for (const word of ['logo', 'react', 'lett', 'own', 'own1']) {
      const expected = [...people]
        .filter(([, words]) => words.some((held) => held.startsWith(word)))
        .map(([i]) => entry(i, []).userId)
        .sort()
        .reverse();
      const { ids, counted } = index.search({ words: [word], skillGroups: [] }, 'newest', 100, 0);
      expect([ids, counted]).toEqual([expected, expected.length]);
    }
    const withSkill = index.search({ words: [], skillGroups: [['logo-design']] }, 'newest', 100, 0);
    expect(withSkill.ids).toEqual(
      [...people.keys()]
        .filter((i) => i % 2)
        .map((i) => entry(i, []).userId)
        .sort()
        .reverse(),
    );
  });

  it('orders by `updatedAt` as text where it is not ISO text as toISOString writes it', () => {
    const index = new DirectoryIndex();
    const times = [
      '2026-01-05T10:00:00.000Z',
      '2026-01-05 10:00:00',
      '2026-01-05T09:59:59.999Z',
      '2026-01-05T10:00:00Z',
      '2026-01-06',
      '2026-01-05T10:00:00.000Z',
    ];
    times.forEach((updatedAt, i) => index.put(plainEntry({ userId: `u${i}`, updatedAt })));
    // As the databases order the text: newest first, then the greatest user id.
    const expected = times
      .map((updatedAt, i) => ({ updatedAt, id: `u${i}` }))
      .sort((a, b) =>
        a.updatedAt === b.updatedAt ? (a.id > b.id ? -1 : 1) : a.updatedAt > b.updatedAt ? -1 : 1,
      )
      .map(({ id }) => id);
    expect(index.search({ words: [], skillGroups: [] }, 'newest', 10, 0).ids).toEqual(expected);
  });

  it('keeps each order as it grows past its room, profiles put and removed one by one', () => {
    const index = new DirectoryIndex();
    const kept = new Map<string, number>();
    for (let i = 0; i < 1_500; i += 1) {
      const userId = `u${String(i).padStart(4, '0')}`;
      const jobs = (i * 7919) % 13;
      kept.set(userId, jobs);
      index.put(
        plainEntry({
          userId,
          jobsCompleted: jobs,
          updatedAt: new Date(Date.UTC(2026, 0, 1, 0, (i * 31) % 997)).toISOString(),
        }),
      );
    }
    for (let i = 0; i < 1_500; i += 7) {
      const userId = `u${String(i).padStart(4, '0')}`;
      index.remove(userId);
      kept.delete(userId);
    }
    const byJobs = index.search({ words: [], skillGroups: [] }, 'completed', 2_000, 0).ids;
    expect(byJobs).toHaveLength(kept.size);
    expect(byJobs.map((id) => kept.get(id))).toEqual([...kept.values()].sort((a, b) => b - a));
  });
});

describe("the directory index's places in the newest order", () => {
  it('stay right as profiles move, come and go after a build, searched between the changes', () => {
    // Few enough matches that a search compares them by places (not by walking an order).
    const index = new DirectoryIndex({ selectUpTo: 4_000, walkFirst: 0 });
    const people = new Map<string, { at: number; jobs: number; skilled: boolean }>();
    const put = (i: number, at: number) => {
      const userId = `u${String(i).padStart(4, '0')}`;
      const person = { at, jobs: i % 5, skilled: i % 3 !== 0 };
      people.set(userId, person);
      index.put(
        plainEntry({
          userId,
          jobsCompleted: person.jobs,
          updatedAt: new Date(Date.UTC(2026, 0, 1) + at * 60_000).toISOString(),
          skillKeys: person.skilled ? ['logo design'] : [],
          words: [{ word: 'logo', weight: person.skilled ? 3 : 1 }],
        }),
      );
    };
    index.startBuilding();
    for (let i = 0; i < 300; i += 1) put(i, (i * 37) % 200);
    index.finishBuilding();
    const newest = (a: string, b: string) => {
      const [x, y] = [people.get(a)!, people.get(b)!];
      return x.at !== y.at ? y.at - x.at : a > b ? -1 : 1;
    };
    const expectOrders = () => {
      const skilled = [...people.keys()].filter((id) => people.get(id)!.skilled);
      const search = (sort: 'newest' | 'completed' | 'relevance', words: string[] = []) =>
        index.search({ words, skillGroups: [['logo design']] }, sort, 1_000, 0).ids;
      expect(search('newest')).toEqual(skilled.toSorted(newest));
      expect(search('completed')).toEqual(
        skilled.toSorted((a, b) => people.get(b)!.jobs - people.get(a)!.jobs || newest(a, b)),
      );
      expect(search('relevance', ['logo'])).toEqual(skilled.toSorted(newest));
    };
    expectOrders();
    // A profile saved becomes the newest, or moves back, or stays; new ones; some removed.
    let next = 300;
    for (let step = 0; step < 120; step += 1) {
      const ids = [...people.keys()];
      const id = ids[(step * 53) % ids.length]!;
      const i = Number(id.slice(1));
      if (step % 4 === 0) put(i, 1_000 + step);
      else if (step % 4 === 1) put(i, (step * 11) % 200);
      else if (step % 4 === 2) put(next++, (step * 7) % 300);
      else {
        index.remove(id);
        people.delete(id);
      }
      if (step % 3 !== 0) expectOrders();
    }
    expectOrders();
  });
});
