import type { DirectorySort } from '../../shared/freelancer-directory.ts';
import { SEARCH_TOTAL_CAP } from '../../shared/search-rules.ts';

/**
 * Issue 50, the directory in memory (docs/decisions/057-directory-index.md): every freelancer
 * profile as the directory searches it, in slots. Each sort is an array of slots kept in its
 * order as profiles change; words and skills are lists of slots in slot order. A search marks
 * the people its words and skills let through, then either sorts them (few) or walks the
 * sort's order (many) until it holds the page and the total counted up to SEARCH_TOTAL_CAP.
 * The answers are those of the SQL in freelancer-directory.ts (directory-index.test.ts).
 */

export interface DirectoryEntry {
  userId: string;
  /** Not hidden, banned or suspended, nor deleted. */
  listed: boolean;
  available: boolean;
  rateCents: number | null;
  ratingAverage: number;
  ratingCount: number;
  jobsCompleted: number;
  responseMinutes: number;
  /** `updated_at` as the database orders it (ISO text, or ms on PostgreSQL). */
  updatedAt: string;
  skillKeys: readonly string[];
  words: ReadonlyArray<{ word: string; weight: number }>;
}

export interface DirectoryFilters {
  /** Each a word of the query (folded), matched as a word or the start of one. */
  words: readonly string[];
  /** Groups of skill keys: a person has one of each group. */
  skillGroups: ReadonlyArray<readonly string[]>;
  available?: boolean | undefined;
  maxRateCents?: number | undefined;
  minRating?: number | undefined;
  /** People left out for this reader (blocks either way). */
  excluded?: ReadonlySet<string>;
}

type Order = Exclude<DirectorySort, 'relevance'>;
const ORDERS: readonly Order[] = ['newest', 'rating', 'completed', 'response'];

/** Fewer candidates than this are sorted; more, the sort's order is walked. */
const SORT_UP_TO = 4_000;
/** No rate. */
const NO_RATE = -1;

/** The slots holding a word (with its weight) or a skill, in no order. */
interface Posting {
  slots: number[];
  weights: number[];
}

/** Where a slot is held: each posting, and its place there. */
interface Held {
  postings: Posting[];
  places: number[];
}

const NOWHERE: Held = { postings: [], places: [] };

function hold(held: Held, posting: Posting, slot: number, weight: number): void {
  held.postings.push(posting);
  held.places.push(posting.slots.length);
  posting.slots.push(slot);
  posting.weights.push(weight);
}

/** Where `value` goes in the ascending `list`, before any equal. */
function lowerBound<T extends number | string>(list: readonly T[], value: T): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class DirectoryIndex {
  private readonly slotOf = new Map<string, number>();
  /** Each slot's user, or undefined once removed; its columns below. */
  private readonly userIds: Array<string | undefined> = [];
  private readonly updatedAt: string[] = [];
  /** The postings of words and skills each slot is in, and where (to take it out again). */
  private readonly heldOf: Held[] = [];
  private listed = new Uint8Array(1024);
  private available = new Uint8Array(1024);
  private rate = new Int32Array(1024);
  private rating = new Float64Array(1024);
  private ratingCount = new Int32Array(1024);
  private jobs = new Int32Array(1024);
  private response = new Int32Array(1024);
  private readonly words = new Map<string, Posting>();
  /** The words held, in order: a prefix is a range. */
  private vocabulary: string[] = [];
  private readonly skills = new Map<string, Posting>();
  private readonly orders = new Map<Order, number[]>();
  private building = false;
  private hits = new Uint8Array(1024);
  private best = new Uint8Array(1024);
  private scores = new Float64Array(1024);

  constructor() {
    for (const order of ORDERS) this.orders.set(order, []);
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Many entries put at once: the orders are sorted once, by finishBuilding. */
  startBuilding(): void {
    this.building = true;
  }

  finishBuilding(): void {
    this.building = false;
    this.vocabulary = [...this.words.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const order of ORDERS) this.orders.get(order)!.sort(this.comparer(order));
  }

  /** Room for `slot` in every column. */
  private grow(slot: number): void {
    if (slot < this.listed.length) return;
    const size = this.listed.length * 2;
    const grown = <T extends Uint8Array | Int32Array | Float64Array>(column: T): T => {
      const next = new (column.constructor as new (size: number) => T)(size);
      next.set(column);
      return next;
    };
    this.listed = grown(this.listed);
    this.available = grown(this.available);
    this.rate = grown(this.rate);
    this.rating = grown(this.rating);
    this.ratingCount = grown(this.ratingCount);
    this.jobs = grown(this.jobs);
    this.response = grown(this.response);
    this.hits = new Uint8Array(size);
    this.best = new Uint8Array(size);
    this.scores = new Float64Array(size);
  }

  /** The entry in place of what was there for its user (in the same slot). */
  put(entry: DirectoryEntry): void {
    let slot = this.slotOf.get(entry.userId);
    if (slot === undefined) {
      slot = this.userIds.length;
      this.grow(slot);
      this.userIds.push(entry.userId);
      this.slotOf.set(entry.userId, slot);
    } else {
      this.detach(slot);
    }
    this.updatedAt[slot] = entry.updatedAt;
    this.listed[slot] = entry.listed ? 1 : 0;
    this.available[slot] = entry.available ? 1 : 0;
    this.rate[slot] = entry.rateCents ?? NO_RATE;
    this.rating[slot] = entry.ratingAverage;
    this.ratingCount[slot] = entry.ratingCount;
    this.jobs[slot] = entry.jobsCompleted;
    this.response[slot] = entry.responseMinutes;
    const held: Held = { postings: [], places: [] };
    for (const { word, weight } of entry.words) {
      let posting = this.words.get(word);
      if (!posting) {
        posting = { slots: [], weights: [] };
        this.words.set(word, posting);
        if (!this.building) this.vocabulary.splice(lowerBound(this.vocabulary, word), 0, word);
      }
      hold(held, posting, slot, weight);
    }
    for (const key of new Set(entry.skillKeys)) {
      let posting = this.skills.get(key);
      if (!posting) this.skills.set(key, (posting = { slots: [], weights: [] }));
      hold(held, posting, slot, 0);
    }
    this.heldOf[slot] = held;
    for (const order of ORDERS) {
      const list = this.orders.get(order)!;
      if (this.building) list.push(slot);
      else list.splice(this.positionOf(order, slot), 0, slot);
    }
  }

  remove(userId: string): void {
    const slot = this.slotOf.get(userId);
    if (slot === undefined) return;
    this.detach(slot);
    this.listed[slot] = 0;
    this.userIds[slot] = undefined;
    this.heldOf[slot] = NOWHERE;
    this.slotOf.delete(userId);
  }

  /** The slot out of every order and list, its columns as they were put. */
  private detach(slot: number): void {
    for (const order of ORDERS) {
      const list = this.orders.get(order)!;
      const at = this.positionOf(order, slot);
      if (list[at] === slot) list.splice(at, 1);
    }
    // Out of each posting: the posting's last slot takes its place.
    const { postings, places } = this.heldOf[slot]!;
    for (let i = 0; i < postings.length; i += 1) {
      const posting = postings[i]!;
      const place = places[i]!;
      const moved = posting.slots.pop()!;
      const weight = posting.weights.pop()!;
      if (moved === slot) continue;
      posting.slots[place] = moved;
      posting.weights[place] = weight;
      const other = this.heldOf[moved]!;
      other.places[other.postings.indexOf(posting)] = place;
    }
  }

  /** Where `slot` is, or goes, in the order (binary search by its columns). */
  private positionOf(order: Order, slot: number): number {
    const list = this.orders.get(order)!;
    const compare = this.comparer(order);
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(list[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Each sort's order, the newest profile (then the greatest user id) breaking ties. */
  private comparer(order: Order): (a: number, b: number) => number {
    const { updatedAt, userIds, rating, ratingCount, jobs, response } = this;
    const newest = (a: number, b: number) => {
      if (updatedAt[a] !== updatedAt[b]) return updatedAt[a]! > updatedAt[b]! ? -1 : 1;
      return a === b ? 0 : userIds[a]! > userIds[b]! ? -1 : 1;
    };
    switch (order) {
      case 'newest':
        return newest;
      case 'rating':
        return (a, b) =>
          rating[b]! - rating[a]! || ratingCount[b]! - ratingCount[a]! || newest(a, b);
      case 'completed':
        return (a, b) => jobs[b]! - jobs[a]! || newest(a, b);
      case 'response':
        return (a, b) => response[a]! - response[b]! || newest(a, b);
    }
  }

  /**
   * The lists a search's filters read: each word's postings (every word its prefix matches),
   * each group of skills, and with a minimum rating the start of the rating's order.
   */
  private listsOf(filters: DirectoryFilters) {
    const lists: Array<Array<{ slots: readonly number[]; weights?: readonly number[] }>> = [];
    for (const word of filters.words) {
      const postings = [];
      for (let at = lowerBound(this.vocabulary, word); at < this.vocabulary.length; at += 1) {
        const held = this.vocabulary[at]!;
        if (!held.startsWith(word)) break;
        const posting = this.words.get(held);
        if (posting?.slots.length) postings.push(posting);
      }
      lists.push(postings);
    }
    // A group of one skill is a list; a category's, tested on the profiles met (below).
    for (const group of filters.skillGroups) {
      if (group.length === 1)
        lists.push(this.skills.has(group[0]!) ? [this.skills.get(group[0]!)!] : []);
    }
    if (filters.minRating !== undefined) {
      const byRating = this.orders.get('rating')!;
      let low = 0;
      let high = byRating.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.rating[byRating[middle]!]! >= filters.minRating) low = middle + 1;
        else high = middle;
      }
      lists.push([{ slots: byRating.slice(0, low) }]);
    }
    return lists;
  }

  /**
   * Marks in `hits` the slots every list lets through (its count of lists) and sums each
   * word's weight (the most of the words its prefix matches) in `scores`. Null when there is
   * no list; else the slots let through.
   */
  private candidates(filters: DirectoryFilters): { through: number[]; lists: number } | null {
    const lists = this.listsOf(filters);
    if (lists.length === 0) return null;
    const { hits, scores, best } = this;
    hits.fill(0, 0, this.userIds.length);
    let through: number[] = [];
    for (let step = 0; step < lists.length; step += 1) {
      through = [];
      const isWord = step < filters.words.length;
      for (const { slots, weights } of lists[step]!) {
        for (let i = 0; i < slots.length; i += 1) {
          const slot = slots[i]!;
          const weight = weights ? weights[i]! : 0;
          if (hits[slot] === step) {
            hits[slot] = step + 1;
            through.push(slot);
            if (step === 0) scores[slot] = 0;
            best[slot] = weight;
          } else if (isWord && hits[slot] === step + 1 && weight > best[slot]!) {
            best[slot] = weight;
          }
        }
      }
      if (isWord) for (const slot of through) scores[slot]! += best[slot]!;
    }
    return { through, lists: lists.length };
  }

  /**
   * A page of user ids in the sort's order (relevance: by score among the newest
   * SEARCH_TOTAL_CAP matches) and how many match, counted up to SEARCH_TOTAL_CAP + 1.
   */
  search(
    filters: DirectoryFilters,
    sort: DirectorySort,
    limit: number,
    offset: number,
  ): { ids: string[]; counted: number } {
    const candidates = this.candidates(filters);
    const { hits, scores, listed, available, rate, rating, userIds } = this;
    const excluded = new Set<number>();
    for (const id of filters.excluded ?? []) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) excluded.add(slot);
    }
    const onlyAvailable = filters.available === true;
    const maxRate = filters.maxRateCents ?? Infinity;
    const minRating = filters.minRating ?? -Infinity;
    // A category's many skills: tested on each profile met rather than marked (a third of all).
    const groups = filters.skillGroups
      .filter((group) => group.length > 1)
      .map((group) => new Set(group.flatMap((key) => this.skills.get(key) ?? [])));
    const { heldOf } = this;
    const inGroups = (slot: number) =>
      groups.every((group) => heldOf[slot]!.postings.some((posting) => group.has(posting)));
    const passes = (slot: number): boolean =>
      listed[slot] === 1 &&
      (!onlyAvailable || available[slot] === 1) &&
      (maxRate === Infinity || (rate[slot]! !== NO_RATE && rate[slot]! <= maxRate)) &&
      rating[slot]! >= minRating &&
      (excluded.size === 0 || !excluded.has(slot)) &&
      // Last: the dearest test, on what the columns let through.
      (groups.length === 0 || inGroups(slot));
    const byRelevance = sort === 'relevance' && filters.words.length > 0;
    const order: Order = sort === 'relevance' ? 'newest' : sort;
    const newest = this.comparer('newest');
    const ranked = (matches: number[]) =>
      // Among the newest SEARCH_TOTAL_CAP, by score, the newest first among equals.
      selectFirst(matches, newest, SEARCH_TOTAL_CAP).sort(
        (a, b) => scores[b]! - scores[a]! || newest(a, b),
      );
    let page: number[];
    let counted: number;
    if (candidates && candidates.through.length <= SORT_UP_TO) {
      const matches = candidates.through.filter(passes);
      counted = matches.length;
      page = byRelevance
        ? ranked(matches).slice(offset, offset + limit)
        : selectFirst(matches, this.comparer(order), offset + limit).slice(offset);
    } else {
      const required = candidates?.lists ?? 0;
      const wanted = byRelevance ? SEARCH_TOTAL_CAP + 1 : offset + limit;
      const matches: number[] = [];
      counted = 0;
      for (const slot of this.orders.get(order)!) {
        if (candidates && hits[slot] !== required) continue;
        if (!passes(slot)) continue;
        counted += 1;
        if (matches.length < wanted) matches.push(slot);
        else if (counted > SEARCH_TOTAL_CAP) break;
      }
      page = byRelevance
        ? ranked(matches).slice(offset, offset + limit)
        : matches.slice(offset, offset + limit);
    }
    return {
      ids: page.map((slot) => userIds[slot]!),
      counted: Math.min(counted, SEARCH_TOTAL_CAP + 1),
    };
  }
}

/** The first `count` of `list` in the order of `compare`, sorted (the list is reordered). */
function selectFirst(
  list: number[],
  compare: (a: number, b: number) => number,
  count: number,
): number[] {
  if (list.length <= count * 4) return list.sort(compare).slice(0, count);
  // One pass, keeping the best `count` sorted: most candidates lose to the last kept at once.
  const kept: number[] = [];
  for (const item of list) {
    if (kept.length === count && compare(item, kept[count - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, item);
    if (kept.length > count) kept.pop();
  }
  return kept;
}
