import { describe, expect, it } from 'vitest';
import { DIRECTORY_SORTS, type DirectorySort } from '../../shared/freelancer-directory.ts';
import { SEARCH_TOTAL_CAP } from '../../shared/search-rules.ts';
import { createRandom } from '../seed/bulk-tasks.ts';
import { MAX_WORD_WEIGHT, type DirectoryCard } from './directory-entries.ts';
import {
  DirectoryIndex,
  type DirectoryEntry,
  type DirectoryFilters,
  type DirectoryIndexOptions,
} from './directory-index.ts';

/**
 * The directory index (directory-index.ts) at a few thousand people, beside a plain reading of
 * the rules: the ways a search takes only with many matches (a category's and "available now"'s
 * bits, relevance's newest thousand counted in buckets) answer what the rules say, before and
 * after people change, leave and come back.
 */

const CARD: DirectoryCard = { name: 'Someone', image: null, headline: null, skills: [] };
const WORDS = ['logo', 'logos', 'lettering', 'react', 'reader', 'copy', 'copywriting', 'seo'];
const GROUPS = [['a', 'b', 'c'], ['c', 'd'], ['e']];

/**
 * `count` people; their words' weights up to `maxWeight` (a profile's words are at most
 * MAX_WORD_WEIGHT; "seo" heavier, as no word is, for the posting read slot by slot).
 */
function people(count: number, seed: number, maxWeight = MAX_WORD_WEIGHT): DirectoryEntry[] {
  const random = createRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const KEYS = ['a', 'b', 'c', 'd', 'e'];
  return Array.from({ length: count }, (_, i) => ({
    userId: `u${String(i).padStart(5, '0')}`,
    listed: random() < 0.9,
    available: random() < 0.3,
    rateCents: random() < 0.2 ? null : 1_000 + Math.floor(random() * 15_000),
    ratingAverage: Math.floor(random() * 11) / 2,
    ratingCount: Math.floor(random() * 5),
    jobsCompleted: Math.floor(random() * 8),
    responseMinutes: Math.floor(random() * 300),
    // Ties of time on purpose: the user id breaks them.
    updatedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 400) * 60_000).toISOString(),
    skillKeys: [...new Set(Array.from({ length: Math.floor(random() * 3) }, () => pick(KEYS)))],
    words: [
      ...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(WORDS))),
    ].map((word) => ({
      word,
      weight: 1 + Math.floor(random() * (word === 'seo' ? 9 : maxWeight)),
    })),
    rateUnit: null,
    card: CARD,
  }));
}

/** The rules, read plainly: who passes, in which order, the page and the count. */
function expected(
  entries: readonly DirectoryEntry[],
  filters: DirectoryFilters,
  sort: DirectorySort,
  limit: number,
  offset: number,
) {
  const passes = (e: DirectoryEntry) =>
    e.listed &&
    (!filters.available || e.available) &&
    (filters.maxRateCents === undefined ||
      (e.rateCents !== null && e.rateCents <= filters.maxRateCents)) &&
    (filters.minRating === undefined || e.ratingAverage >= filters.minRating) &&
    !filters.excluded?.has(e.userId) &&
    filters.skillGroups.every((group) => group.some((key) => e.skillKeys.includes(key))) &&
    filters.words.every((word) => e.words.some((held) => held.word.startsWith(word)));
  const newest = (a: DirectoryEntry, b: DirectoryEntry): number =>
    a.updatedAt !== b.updatedAt
      ? a.updatedAt > b.updatedAt
        ? -1
        : 1
      : a.userId > b.userId
        ? -1
        : 1;
  const orders: Record<
    Exclude<DirectorySort, 'relevance'>,
    (a: DirectoryEntry, b: DirectoryEntry) => number
  > = {
    newest,
    rating: (a, b) =>
      b.ratingAverage - a.ratingAverage || b.ratingCount - a.ratingCount || newest(a, b),
    completed: (a, b) => b.jobsCompleted - a.jobsCompleted || newest(a, b),
    response: (a, b) => a.responseMinutes - b.responseMinutes || newest(a, b),
  };
  const matches = entries.filter(passes);
  let page: DirectoryEntry[];
  if (sort === 'relevance' && filters.words.length > 0) {
    const score = (e: DirectoryEntry) =>
      filters.words.reduce(
        (sum, word) =>
          sum +
          Math.max(0, ...e.words.filter((held) => held.word.startsWith(word)).map((w) => w.weight)),
        0,
      );
    const newestFirst = matches.toSorted(newest).slice(0, SEARCH_TOTAL_CAP);
    page = newestFirst
      .map((entry, at) => ({ entry, at, score: score(entry) }))
      .sort((a, b) => b.score - a.score || a.at - b.at)
      .map(({ entry }) => entry);
  } else {
    page = matches.toSorted(orders[sort === 'relevance' ? 'newest' : sort]);
  }
  return {
    ids: page.slice(offset, offset + limit).map((e) => e.userId),
    counted: Math.min(matches.length, SEARCH_TOTAL_CAP + 1),
  };
}

const SEARCHES: Array<Omit<DirectoryFilters, 'skillGroups'> & { skillGroups?: string[][] }> = [
  { words: [] },
  { words: ['lo'] },
  { words: ['logo'] },
  { words: ['l', 'r'] },
  { words: ['copy'], available: true },
  { words: ['re'], skillGroups: [GROUPS[0]!] },
  { words: [], skillGroups: [GROUPS[0]!] },
  { words: [], skillGroups: [GROUPS[0]!, GROUPS[1]!], available: true },
  { words: [], available: true },
  { words: [], available: true, maxRateCents: 6_000 },
  { words: ['s'], maxRateCents: 9_000, minRating: 3 },
  { words: [], skillGroups: [GROUPS[2]!] },
  { words: ['lo'], skillGroups: [GROUPS[1]!], available: true, minRating: 2 },
];

function compareAll(index: DirectoryIndex, entries: readonly DirectoryEntry[]) {
  const excluded = new Set(['u00007', 'u00100', 'u01000']);
  for (const search of SEARCHES) {
    const filters = { skillGroups: [], ...search, excluded };
    for (const sort of DIRECTORY_SORTS) {
      // Pages deep in the thousand too: every one of them counts, not only the best.
      for (const [limit, offset] of [
        [20, 0],
        [12, 36],
        [30, 980],
      ] as const) {
        const label = JSON.stringify({ ...search, sort, offset });
        expect(index.search(filters, sort, limit, offset), label).toEqual(
          expected(entries, filters, sort, limit, offset),
        );
      }
    }
  }
}

describe('the directory in memory at a few thousand people', () => {
  it('answers as the rules read, on every way, before and after people change', () => {
    const ways: DirectoryIndexOptions[] = [
      {},
      { selectUpTo: 300, walkFirst: 600 },
      { bitsFrom: 1 },
      // Every posting scored from its weights' bit planes.
      { bitsFrom: 1, planesOver: 0 },
    ];
    for (const options of ways) {
      const entries = people(6_000, 7);
      const index = new DirectoryIndex(options);
      index.startBuilding();
      for (const entry of entries) index.put(entry);
      index.finishBuilding();
      compareAll(index, entries);

      // Searched once (bits made for groups and postings), then people change: their bits
      // follow (weights' planes too), a removed one's slot is taken by a newcomer, whose
      // weights the planes cannot hold (its words' postings are read slot by slot again).
      const later = people(600, 8);
      for (let i = 0; i < later.length; i += 1) {
        const at = i * 9;
        const changed = { ...later[i]!, userId: entries[at]!.userId };
        entries[at] = changed;
        index.put(changed);
      }
      for (const at of [5, 50, 500, 5_000]) index.remove(entries[at]!.userId);
      const left = entries.filter((_, at) => ![5, 50, 500, 5_000].includes(at));
      const newcomers = people(2, 9, 9).map((e, i) => ({ ...e, userId: `new${i}`, listed: true }));
      for (const entry of newcomers) index.put(entry);
      compareAll(index, [...left, ...newcomers]);
    }
  });
});

describe('the way a relevance search takes', () => {
  it('walks down the order where most candidates pass, and not where a sample says few do', () => {
    // 20,000 people: a walk can end within a quarter of them when a fifth of candidates pass.
    const entries = people(20_000, 11);
    const index = new DirectoryIndex({ selectUpTo: 300, walkFirst: 600 });
    index.startBuilding();
    for (const entry of entries) index.put(entry);
    index.finishBuilding();
    const search = (maxRateCents: number) => {
      const filters = { words: ['l'], skillGroups: [], maxRateCents };
      const before = index.walked;
      expect(index.search(filters, 'relevance', 20, 0)).toEqual(
        expected(entries, filters, 'relevance', 20, 0),
      );
      return index.walked - before;
    };
    // Every rate passes (seven in ten candidates): the newest thousand met down the order.
    expect(search(16_000)).toBeGreaterThan(0);
    // One rate in a hundred passes: read in slot order, with no walk given up on.
    expect(search(1_150)).toBe(0);
  });
});
