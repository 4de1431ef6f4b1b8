import type { DirectoryItem, DirectorySort } from '../../shared/freelancer-directory.ts';
import {
  directoryItemOf,
  MAX_WORD_WEIGHT,
  type CardFigures,
  type DirectoryCard,
} from './directory-entries.ts';
import { SEARCH_TOTAL_CAP } from '../../shared/search-rules.ts';

/**
 * Issue 50, the directory in memory (docs/decisions/057-directory-index.md): every freelancer
 * profile as the directory searches it, in slots. Each sort is an array of slots kept in its
 * order as profiles change; words and skills are lists of slots in no order (a long one also as
 * bits, a slot each). A search ANDs the bits of the people its words and skills let through,
 * then either sorts them (few) or walks the sort's order (many) until it holds the page and the
 * total counted up to SEARCH_TOTAL_CAP; by relevance, it scores only the page's candidates.
 * The answers are those of the SQL in freelancer-directory.ts (directory-index.test.ts).
 */

export interface DirectoryEntry extends CardFigures {
  userId: string;
  /** Not hidden, banned or suspended, nor deleted. */
  listed: boolean;
  responseMinutes: number;
  /** `updated_at` as the database orders it (ISO text, or ms on PostgreSQL). */
  updatedAt: string;
  skillKeys: readonly string[];
  words: ReadonlyArray<{ word: string; weight: number }>;
  /** What the profile's card shows besides the figures above. */
  card: DirectoryCard;
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
const NEWEST = ORDERS.indexOf('newest');

/** How a search chooses its way (tests make them small, to take every way on a few people). */
export interface DirectoryIndexOptions {
  /** Up to this many matches are selected by comparing them; more, the order is walked. */
  selectUpTo?: number;
  /**
   * With many candidates (or no list to read), the sort's order is walked first, up to this
   * many profiles: where few are left out, the page and the capped count are met there.
   */
  walkFirst?: number;
  /** A posting this long or longer is read as bits (default: a 32nd of the slots, its size). */
  bitsFrom?: number;
  /**
   * Relevance: a posting read as bits, and this many times longer than the slots it scores, is
   * scored from its weights' bit planes (default 4).
   */
  planesOver?: number;
}
/** A profile met down an order costs about this many read in slot order (columns at random). */
const WALK_OR_SCAN = 4;
/** newestOf counts places in buckets of 2 ** this. */
const PLACE_BUCKET_BITS = 8;
/** No rate. */
const NO_RATE = -1;
/** A slot's state bits: listed (not hidden, banned or suspended, nor deleted), available now. */
const LISTED = 1;
const AVAILABLE = 2;
/** Pages' items kept by slot (DirectoryIndex.items). */
const KEEP_ITEMS: boolean = true;
/**
 * Bit planes of a long word posting's weights (DirectoryIndex.planesOf): weights up to
 * 2 ** this - 1 (a word's is at most MAX_WORD_WEIGHT, 6). 0: none kept, every posting read.
 */
const WEIGHT_PLANES = 32 - Math.clz32(MAX_WORD_WEIGHT);
/** Candidates tested to tell what share of them a search's filters let through. */
const PASS_SAMPLE = 256;
/** A rate's unit as a byte a slot: its place here. */
const RATE_UNITS = [null, 'hourly', 'fixed'] as const;

/**
 * Lists of numbers in one shared pool (an Int32Array, and a byte each beside it when
 * `weighted`, a number each when `placed`), not an array (and an object) each: the directory
 * holds about as many words as profiles, most of them one person's. Each list is a range of the
 * pool with room to grow; one that outgrows its room moves to the pool's end with twice the
 * room, the pool compacted when it is reallocated.
 */
export class ListPool {
  values = new Int32Array(1024);
  weights: Uint8Array | undefined;
  /** Beside each value, where it is in another list (a slot's place in each posting it holds). */
  places: Int32Array | undefined;
  private starts = new Int32Array(256);
  private lengths = new Int32Array(256);
  private rooms = new Int32Array(256);
  /** Lists made (their ids are 0 to count - 1). */
  count = 0;
  /** Where the pool's used part ends. */
  private end = 0;

  constructor(weighted: boolean, placed = false) {
    if (weighted) this.weights = new Uint8Array(this.values.length);
    if (placed) this.places = new Int32Array(this.values.length);
  }

  /** A new list, empty. */
  add(): number {
    if (this.count === this.starts.length) {
      this.starts = grownTo(this.starts, this.count * 2);
      this.lengths = grownTo(this.lengths, this.count * 2);
      this.rooms = grownTo(this.rooms, this.count * 2);
    }
    this.starts[this.count] = this.end;
    return this.count++;
  }

  start(list: number): number {
    return this.starts[list]!;
  }

  length(list: number): number {
    return this.lengths[list]!;
  }

  /** Room for `more` values more in the list (it moves to the pool's end when it has not). */
  reserve(list: number, more: number): void {
    const length = this.lengths[list]!;
    const room = this.rooms[list]!;
    if (length + more <= room) return;
    const next = Math.max(length + more, room * 2, 2);
    if (this.end + next > this.values.length) this.compact(next);
    const from = this.starts[list]!;
    this.values.copyWithin(this.end, from, from + length);
    this.weights?.copyWithin(this.end, from, from + length);
    this.places?.copyWithin(this.end, from, from + length);
    this.starts[list] = this.end;
    this.rooms[list] = next;
    this.end += next;
  }

  /** `value` at the list's end; answers its place in the list. */
  push(list: number, value: number, weight = 0, place = 0): number {
    this.reserve(list, 1);
    const length = this.lengths[list]!;
    const at = this.starts[list]! + length;
    this.values[at] = value;
    if (this.weights) this.weights[at] = Math.min(weight, 255);
    if (this.places) this.places[at] = place;
    this.lengths[list] = length + 1;
    return length;
  }

  /**
   * The value at `place` out of the list, the list's last taking its place. Answers the value
   * moved there, or -1 where it was the last.
   */
  deleteAt(list: number, place: number): number {
    const start = this.starts[list]!;
    const last = start + this.lengths[list]! - 1;
    const at = start + place;
    this.lengths[list] = this.lengths[list]! - 1;
    if (at === last) return -1;
    this.values[at] = this.values[last]!;
    if (this.weights) this.weights[at] = this.weights[last]!;
    if (this.places) this.places[at] = this.places[last]!;
    return this.values[at]!;
  }

  /** Sets the place kept beside `value` in the list (each value there once). */
  setPlace(list: number, value: number, place: number): void {
    const start = this.starts[list]!;
    const at = this.values.indexOf(value, start);
    this.places![at] = place;
  }

  clear(list: number): void {
    this.lengths[list] = 0;
  }

  /**
   * Each list moved to a new pool, in list order, with room for `more` after them: each keeps
   * its room (`tight`: only its values, after a build).
   */
  compact(more = 0, tight = false): void {
    let size = more;
    for (let list = 0; list < this.count; list += 1) {
      size += tight ? this.lengths[list]! : this.rooms[list]!;
    }
    const values = new Int32Array(Math.max(1024, tight ? size : size * 2));
    const weights = this.weights && new Uint8Array(values.length);
    const places = this.places && new Int32Array(values.length);
    let end = 0;
    for (let list = 0; list < this.count; list += 1) {
      const from = this.starts[list]!;
      const length = this.lengths[list]!;
      values.set(this.values.subarray(from, from + length), end);
      weights?.set(this.weights!.subarray(from, from + length), end);
      places?.set(this.places!.subarray(from, from + length), end);
      this.starts[list] = end;
      if (tight) this.rooms[list] = length;
      end += this.rooms[list]!;
    }
    this.values = values;
    this.weights = weights;
    this.places = places;
    this.end = end;
  }
}

/** Slots in a sort's order: an Int32Array with room to grow, its first `length` in use. */
class SlotOrder {
  items = new Int32Array(1024);
  length = 0;

  insert(at: number, slot: number): void {
    if (this.length === this.items.length) this.items = grownTo(this.items, this.length * 2);
    this.items.copyWithin(at + 1, at, this.length);
    this.items[at] = slot;
    this.length += 1;
  }

  remove(at: number): void {
    this.items.copyWithin(at, at + 1, this.length);
    this.length -= 1;
  }

  /** The slot at `from` moved to `to` (its place once it is out), those between shifted by one. */
  move(from: number, to: number): void {
    const slot = this.items[from]!;
    if (to < from) this.items.copyWithin(to + 1, to, from);
    else if (to > from) this.items.copyWithin(from, from + 1, to + 1);
    this.items[to] = slot;
  }

  sort(compare: (a: number, b: number) => number): void {
    this.items.subarray(0, this.length).sort(compare);
  }
}

/** A copy of `column` `size` long. */
function grownTo<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array>(
  column: T,
  size: number,
): T {
  const next = new (column.constructor as new (size: number) => T)(size);
  next.set(column);
  return next;
}

/** A walk down an order: the first matches, how many, where it stopped, whether it ended. */
interface Walk {
  matches: number[];
  counted: number;
  at: number;
  done: boolean;
}

/**
 * A list a search reads: `slots` from `start` to `end`, and the posting it is, if one (the
 * minimum rating's list is a part of an order).
 */
interface List {
  posting?: number | undefined;
  slots: Int32Array;
  weights?: Uint8Array | undefined;
  start: number;
  end: number;
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
  /** Slots met walking down an order, all searches together: tests read the way taken. */
  walked = 0;
  private readonly slotOf = new Map<string, number>();
  /** Each slot's user, or undefined once removed; its columns below. */
  private readonly userIds: Array<string | undefined> = [];
  /**
   * Each slot's card but its figures (the columns below): a page is read from memory, with no
   * query (a page's query took about 180 µs at 100,000 profiles), its skills' names shared.
   */
  private readonly cards: Array<DirectoryCard | undefined> = [];
  /**
   * Each slot's item as pages list it, made when a page first lists it and kept until the
   * profile changes (frozen: every answer that lists it shares it). Buys: about a fifth of a
   * directory search on a read worker (the items of a page of 20, made anew for each answer,
   * 50–60 µs of some 300 under issue 50's mix), and its garbage. Off: KEEP_ITEMS = false.
   */
  private readonly items: Array<Readonly<DirectoryItem> | undefined> = [];
  private rateUnit = new Uint8Array(1024);
  private readonly skillNames = new Map<string, string>();
  /** Slots of removed profiles, taken again by the next new ones. */
  private readonly freeSlots: number[] = [];
  /**
   * `updatedAt` as ms where it is the ISO text `toISOString()` writes (their order is then the
   * text's); else NaN, the text in `updatedText`.
   */
  private updatedMs = new Float64Array(1024);
  private readonly updatedText = new Map<number, string>();
  /** The postings of words and skills each slot is in (to take it out again): a list a slot. */
  private readonly heldOf = new ListPool(false, true);
  /** LISTED and AVAILABLE, a byte a slot: a search tests both in one read. */
  private state = new Uint8Array(1024);
  /**
   * The slots both listed and available now, as bits: "available now" is a step of a search's
   * candidates (ANDed a word of 32 slots at a time), as a category's skills are (groups).
   */
  private availableBits = new Uint32Array(32);
  private rate = new Int32Array(1024);
  private rating = new Float64Array(1024);
  private ratingCount = new Int32Array(1024);
  private jobs = new Int32Array(1024);
  private response = new Int32Array(1024);
  /** The slots holding each word (with its weight) or skill, in no order: lists of `postings`. */
  private readonly postings = new ListPool(true);
  private readonly words = new Map<string, number>();
  /** The words held, in order: a prefix is a range. */
  private vocabulary: string[] = [];
  private readonly skills = new Map<string, number>();
  /** The groups of skills searched (categories), each slot's membership as bits (groupBits). */
  private readonly groups = new Map<string, { keys: ReadonlySet<string>; bits: Uint32Array }>();
  private readonly orders = new Map<Order, SlotOrder>();
  /** A profile's places in each order before a change (put, remove): one array for all. */
  private readonly wereAt = new Int32Array(ORDERS.length);
  private building = false;
  private hits = new Uint8Array(1024);
  private best = new Uint8Array(1024);
  /**
   * The bits, a slot each, of every posting a search read when it was long (`bitsFrom`): read
   * as words of 32 slots (ORed, ANDed), not slot by slot at random, and kept in step with their
   * postings from then on. A search's candidates and a step's union are bits too (reused).
   */
  private readonly bitsOf = new Map<number, Uint32Array>();
  /**
   * A long word posting's weights as bit planes (a slot's weight: bit p of it in plane p), made
   * when a relevance search first scores it and kept in step from then on: a page's thousand
   * candidates each read in a few bits, not the posting's every slot tested. Buys: the score of
   * a word most people hold ("wor": `worked` is in every bench profile's about) read 1,000 × 3
   * bits, not 100,000 slots; five relevance searches of the bench in one process, beside the
   * code before, 150 → 90 µs. Off: WEIGHT_PLANES = 0.
   */
  private readonly planesOf = new Map<number, Uint32Array[]>();
  /**
   * Postings holding a weight the planes cannot hold, as of their last check: read slot by slot
   * without another try until something leaves them (the heavy weight may be what left).
   */
  private readonly heavyPostings = new Set<number>();
  private candidateBits = new Uint32Array(32);
  private stepBits = new Uint32Array(32);
  /** Summed weights of bytes, for at most 10 words. */
  private scores = new Uint16Array(1024);
  /** The slots a search's lists let through, reused from search to search. */
  private through = new Int32Array(1024);
  /**
   * Each slot's place in the newest's order, but for the places from `staleFrom` to `staleTo`
   * (none when `staleFrom` > `staleTo`): a search compares places (numbers) where the orders are
   * kept by their columns (`updatedAt`'s text, user ids). A save moves one profile in the order,
   * and only the places between where it was and where it goes move: those are counted again,
   * not all of them. At 100,000 profiles, in one process, the first search after a save cost
   * 273–438 µs more than the others, 231–303 µs since, where one profile is saved again and
   * again (it stays first: the bench's editor); saves of 800 different profiles 266–309 →
   * 254–304 µs, within the noise (each moves up from anywhere: half the places on average).
   */
  private newestPlace = new Int32Array(1024);
  private staleFrom = 0;
  private staleTo = Number.MAX_SAFE_INTEGER;

  private readonly selectUpTo: number;
  private readonly walkFirst: number;
  private readonly bitsFrom: number | undefined;
  private readonly planesOver: number;

  constructor({
    selectUpTo = 4_000,
    walkFirst = 8_000,
    bitsFrom,
    planesOver = 4,
  }: DirectoryIndexOptions = {}) {
    this.selectUpTo = selectUpTo;
    this.planesOver = planesOver;
    this.walkFirst = walkFirst;
    this.bitsFrom = bitsFrom;
    for (const order of ORDERS) this.orders.set(order, new SlotOrder());
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Slots held, in use or free (removed profiles' slots are taken again). */
  get slots(): number {
    return this.userIds.length;
  }

  /** Many entries put at once: the orders are sorted once, by finishBuilding. */
  startBuilding(): void {
    this.building = true;
  }

  finishBuilding(): void {
    this.building = false;
    this.vocabulary = [...this.words.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.postings.compact(0, true);
    this.heldOf.compact(0, true);
    for (const order of ORDERS) this.orders.get(order)!.sort(this.comparer(order));
    this.placesMoved(0, Number.MAX_SAFE_INTEGER);
  }

  /** Room for `slot` in every column. */
  private grow(slot: number): void {
    if (slot < this.state.length) return;
    const size = this.state.length * 2;
    const grown = <T extends Uint8Array | Int32Array | Float64Array>(column: T) =>
      grownTo(column, size);
    this.state = grown(this.state);
    this.updatedMs = grown(this.updatedMs);
    this.rate = grown(this.rate);
    this.rateUnit = grown(this.rateUnit);
    this.rating = grown(this.rating);
    this.ratingCount = grown(this.ratingCount);
    this.jobs = grown(this.jobs);
    this.response = grown(this.response);
    this.hits = new Uint8Array(size);
    this.best = new Uint8Array(size);
    this.candidateBits = new Uint32Array(size >>> 5);
    this.stepBits = new Uint32Array(size >>> 5);
    for (const [posting, bits] of this.bitsOf) this.bitsOf.set(posting, grownTo(bits, size >>> 5));
    for (const [posting, planes] of this.planesOf) {
      this.planesOf.set(
        posting,
        planes.map((plane) => grownTo(plane, size >>> 5)),
      );
    }
    this.scores = new Uint16Array(size);
    this.through = new Int32Array(size);
    this.newestPlace = new Int32Array(size);
    this.placesMoved(0, Number.MAX_SAFE_INTEGER);
    this.availableBits = grownTo(this.availableBits, size >>> 5);
    for (const group of this.groups.values()) group.bits = grownTo(group.bits, size >>> 5);
  }

  /**
   * The entry in place of what was there for its user (in the same slot). A change of one at
   * 100,000 profiles, each by a different one (in one process): 250–320 µs → 40–62 µs with the
   * moves in one shift and the postings' places kept (100 editors again and again: 100–145 →
   * 11–14 µs).
   */
  put(entry: DirectoryEntry): void {
    let slot = this.slotOf.get(entry.userId);
    // Where the profile was in each order (-1: in none, new; the places after it move).
    let wereAt: Int32Array;
    if (slot === undefined) {
      wereAt = this.wereAt.fill(-1);
      slot = this.freeSlots.pop();
      if (slot === undefined) {
        slot = this.userIds.length;
        this.grow(slot);
        this.userIds.push(entry.userId);
        this.cards.push(undefined);
        this.items.push(undefined);
        this.heldOf.add();
      } else {
        this.userIds[slot] = entry.userId;
      }
      this.slotOf.set(entry.userId, slot);
    } else {
      wereAt = this.detach(slot);
    }
    const ms = Date.parse(entry.updatedAt);
    if (
      entry.updatedAt.length === 24 &&
      ms === ms &&
      new Date(ms).toISOString() === entry.updatedAt
    ) {
      this.updatedMs[slot] = ms;
      this.updatedText.delete(slot);
    } else {
      this.updatedMs[slot] = NaN;
      this.updatedText.set(slot, entry.updatedAt);
    }
    const { card } = entry;
    const named = (skill: string) => {
      const kept = this.skillNames.get(skill);
      if (kept !== undefined) return kept;
      this.skillNames.set(skill, skill);
      return skill;
    };
    this.cards[slot] = { ...card, skills: card.skills.map(named) };
    this.items[slot] = undefined;
    this.rateUnit[slot] = RATE_UNITS.indexOf(entry.rateUnit);
    this.state[slot] = (entry.listed ? LISTED : 0) | (entry.available ? AVAILABLE : 0);
    markIn(this.availableBits, slot, entry.listed && entry.available);
    this.rate[slot] = entry.rateCents ?? NO_RATE;
    this.rating[slot] = entry.ratingAverage;
    this.ratingCount[slot] = entry.ratingCount;
    this.jobs[slot] = entry.jobsCompleted;
    this.response[slot] = entry.responseMinutes;
    const { postings, heldOf } = this;
    const skillKeys = new Set(entry.skillKeys);
    heldOf.reserve(slot, entry.words.length + skillKeys.size);
    for (const { word, weight } of entry.words) {
      let posting = this.words.get(word);
      if (posting === undefined) {
        posting = postings.add();
        this.words.set(word, posting);
        if (!this.building) this.vocabulary.splice(lowerBound(this.vocabulary, word), 0, word);
      }
      heldOf.push(slot, posting, 0, postings.push(posting, slot, weight));
      this.markBit(posting, slot, true, weight);
    }
    for (const group of this.groups.values()) {
      markIn(
        group.bits,
        slot,
        entry.skillKeys.some((key) => group.keys.has(key)),
      );
    }
    for (const key of skillKeys) {
      let posting = this.skills.get(key);
      if (posting === undefined) this.skills.set(key, (posting = postings.add()));
      heldOf.push(slot, posting, 0, postings.push(posting, slot));
      this.markBit(posting, slot, true);
    }
    for (let index = 0; index < ORDERS.length; index += 1) {
      const order = ORDERS[index]!;
      const list = this.orders.get(order)!;
      const wasAt = wereAt[index]!;
      let at: number;
      if (wasAt >= 0 && !this.building) {
        // Moved within the order in one shift of the places between, not out and in again
        // (each a shift of every place after it).
        list.move(wasAt, (at = this.positionOf(order, slot, wasAt)));
      } else {
        if (wasAt >= 0) list.remove(wasAt);
        at = this.building ? list.length : this.positionOf(order, slot);
        list.insert(at, slot);
      }
      if (order !== 'newest') continue;
      // Moved within the order: the places between; new in it: every place from here on.
      if (wasAt < 0) this.placesMoved(at, Number.MAX_SAFE_INTEGER);
      else this.placesMoved(Math.min(at, wasAt), Math.max(at, wasAt));
    }
  }

  remove(userId: string): void {
    const slot = this.slotOf.get(userId);
    if (slot === undefined) return;
    const wereAt = this.detach(slot);
    for (let index = 0; index < ORDERS.length; index += 1) {
      if (wereAt[index]! >= 0) this.orders.get(ORDERS[index]!)!.remove(wereAt[index]!);
    }
    const wasAt = wereAt[NEWEST]!;
    if (wasAt >= 0) this.placesMoved(wasAt, Number.MAX_SAFE_INTEGER);
    this.state[slot] = 0;
    markIn(this.availableBits, slot, false);
    for (const group of this.groups.values()) markIn(group.bits, slot, false);
    this.userIds[slot] = undefined;
    this.cards[slot] = undefined;
    this.items[slot] = undefined;
    this.updatedText.delete(slot);
    this.slotOf.delete(userId);
    this.freeSlots.push(slot);
  }

  /**
   * The slot out of every posting, its columns as they were put; where it is in each order (in
   * ORDERS' order, -1 where in none) in `this.wereAt`, which it answers. The orders keep it:
   * the caller moves or removes it.
   */
  private detach(slot: number): Int32Array {
    const wereAt = this.wereAt.fill(-1);
    for (let index = 0; index < ORDERS.length; index += 1) {
      const list = this.orders.get(ORDERS[index]!)!;
      const at = this.positionOf(ORDERS[index]!, slot);
      if (at < list.length && list.items[at] === slot) wereAt[index] = at;
    }
    // Out of each posting at the place kept for it, the posting's last slot taking that place
    // (and its place there kept): a search of the posting for the slot read about half of it,
    // a long one's 100,000 for a word every profile holds.
    const { heldOf, postings } = this;
    const start = heldOf.start(slot);
    for (let at = start; at < start + heldOf.length(slot); at += 1) {
      const posting = heldOf.values[at]!;
      const place = heldOf.places![at]!;
      const moved = postings.deleteAt(posting, place);
      if (moved >= 0) heldOf.setPlace(moved, posting, place);
      this.markBit(posting, slot, false);
    }
    heldOf.clear(slot);
    return wereAt;
  }

  /** The places from `from` to `to` of the newest's order hold other slots than they did. */
  private placesMoved(from: number, to: number): void {
    this.staleFrom = Math.min(this.staleFrom, from);
    this.staleTo = Math.max(this.staleTo, to);
  }

  /** `slot` in or out of the posting's bits, if it has them. */
  private markBit(posting: number, slot: number, isIn: boolean, weight = 0): void {
    const bits = this.bitsOf.get(posting);
    if (bits) markIn(bits, slot, isIn);
    if (!isIn) this.heavyPostings.delete(posting);
    const planes = this.planesOf.get(posting);
    if (!planes) return;
    // A weight the planes cannot hold: the posting is read slot by slot again.
    if (weight >>> planes.length !== 0) {
      this.planesOf.delete(posting);
      this.heavyPostings.add(posting);
    } else
      for (let p = 0; p < planes.length; p += 1)
        markIn(planes[p]!, slot, isIn && ((weight >>> p) & 1) === 1);
  }

  /**
   * The posting's weights as WEIGHT_PLANES bit planes, made from the posting where none are
   * kept; undefined where a weight does not fit in them.
   */
  private planesFor(posting: number): Uint32Array[] | undefined {
    let planes = this.planesOf.get(posting);
    if (planes || this.heavyPostings.has(posting)) return planes;
    const { slots, weights, start, end } = this.postingList(posting);
    for (let at = start; at < end; at += 1) {
      if (weights![at]! >>> WEIGHT_PLANES === 0) continue;
      this.heavyPostings.add(posting);
      return undefined;
    }
    planes = Array.from({ length: WEIGHT_PLANES }, () => new Uint32Array(this.state.length >>> 5));
    for (let at = start; at < end; at += 1) {
      const weight = weights![at]!;
      for (let p = 0; p < WEIGHT_PLANES; p += 1) {
        if (((weight >>> p) & 1) === 1) markIn(planes[p]!, slots[at]!, true);
      }
    }
    this.planesOf.set(posting, planes);
    return planes;
  }

  /**
   * Where `slot` is, or goes, in the order (binary search by its columns); with `except`, where
   * it goes in the order without the place `except` (where it was before its columns changed).
   */
  private positionOf(order: Order, slot: number, except = -1): number {
    const { items, length } = this.orders.get(order)!;
    const compare = this.comparer(order);
    let low = 0;
    let high = except < 0 ? length : length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = except >= 0 && middle >= except ? middle + 1 : middle;
      if (compare(items[at]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Each sort's order, the newest profile (then the greatest user id) breaking ties. */
  private comparer(order: Order): (a: number, b: number) => number {
    const { updatedMs, updatedText, userIds, rating, ratingCount, jobs, response } = this;
    const text = (slot: number) =>
      updatedText.get(slot) ?? new Date(updatedMs[slot]!).toISOString();
    const newest = (a: number, b: number) => {
      const msA = updatedMs[a]!;
      const msB = updatedMs[b]!;
      // Both ms (not NaN): the order of their texts. Else the texts compared.
      if (msA === msA && msB === msB) {
        if (msA !== msB) return msA > msB ? -1 : 1;
      } else if (text(a) !== text(b)) {
        return text(a) > text(b) ? -1 : 1;
      }
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

  /** Each slot's place in the newest's order, brought up to date after changes. */
  private places(): Int32Array {
    const places = this.newestPlace;
    if (this.staleFrom <= this.staleTo) {
      const newest = this.orders.get('newest')!;
      const end = Math.min(this.staleTo + 1, newest.length);
      for (let at = this.staleFrom; at < end; at += 1) places[newest.items[at]!] = at;
      this.staleFrom = Number.MAX_SAFE_INTEGER;
      this.staleTo = -1;
    }
    return places;
  }

  /** The sort's order as a search compares slots: by the places of `places()` on ties. */
  private ranker(order: Order): (a: number, b: number) => number {
    const { rating, ratingCount, jobs, response } = this;
    const place = this.places();
    switch (order) {
      case 'newest':
        return (a, b) => place[a]! - place[b]!;
      case 'rating':
        return (a, b) =>
          rating[b]! - rating[a]! || ratingCount[b]! - ratingCount[a]! || place[a]! - place[b]!;
      case 'completed':
        return (a, b) => jobs[b]! - jobs[a]! || place[a]! - place[b]!;
      case 'response':
        return (a, b) => response[a]! - response[b]! || place[a]! - place[b]!;
    }
  }

  /** The newest `count` of `slots`, the newest first (their places sorted as numbers). */
  private newestOf(slots: ArrayLike<number>, count: number): number[] {
    const place = this.places();
    const newest = this.orders.get('newest')!;
    let places: Int32Array;
    if (slots.length <= count * 2) {
      places = new Int32Array(slots.length);
      for (let i = 0; i < slots.length; i += 1) places[i] = place[slots[i]!]!;
    } else {
      // Many: only the places of the buckets (of 256 places) that hold the newest `count` are
      // sorted, found by counting each bucket's slots first.
      const buckets = new Int32Array((newest.length >>> PLACE_BUCKET_BITS) + 1);
      for (let i = 0; i < slots.length; i += 1) {
        buckets[place[slots[i]!]! >>> PLACE_BUCKET_BITS]! += 1;
      }
      let last = 0;
      let held = buckets[0]!;
      while (held < count) held += buckets[++last]!;
      places = new Int32Array(held);
      let at = 0;
      for (let i = 0; i < slots.length; i += 1) {
        const slotPlace = place[slots[i]!]!;
        if (slotPlace >>> PLACE_BUCKET_BITS <= last) places[at++] = slotPlace;
      }
    }
    places.sort();
    const kept = Math.min(count, places.length);
    const result = new Array<number>(kept);
    for (let i = 0; i < kept; i += 1) result[i] = newest.items[places[i]!]!;
    return result;
  }

  /** A posting as a search reads it (none: an empty list). */
  private postingList(posting: number | undefined): List {
    const { values, weights } = this.postings;
    if (posting === undefined) return { slots: values, start: 0, end: 0 };
    const start = this.postings.start(posting);
    const end = start + this.postings.length(posting);
    return { posting, slots: values, weights, start, end };
  }

  /** The postings of the words `word` is the start of (itself included). */
  private *postingsOfPrefix(word: string): Generator<number> {
    for (let at = lowerBound(this.vocabulary, word); at < this.vocabulary.length; at += 1) {
      const held = this.vocabulary[at]!;
      if (!held.startsWith(word)) break;
      yield this.words.get(held)!;
    }
  }

  /**
   * The lists a search's filters read: each word's postings (every word its prefix matches),
   * each group of skills, and with a minimum rating the start of the rating's order (its first
   * `end` slots, not a copy).
   */
  private listsOf(filters: DirectoryFilters): List[][] {
    const lists: List[][] = [];
    for (const word of filters.words) {
      const postings: List[] = [];
      for (const posting of this.postingsOfPrefix(word)) {
        const list = this.postingList(posting);
        if (list.end > list.start) postings.push(list);
      }
      lists.push(postings);
    }
    // A group of one skill is a list; a category's many skills are kept as bits (groupBits).
    for (const group of filters.skillGroups) {
      if (group.length !== 1) continue;
      lists.push([this.postingList(this.skills.get(group[0]!))]);
    }
    if (filters.minRating !== undefined) {
      const byRating = this.orders.get('rating')!;
      let low = 0;
      let high = byRating.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.rating[byRating.items[middle]!]! >= filters.minRating) low = middle + 1;
        else high = middle;
      }
      lists.push([{ slots: byRating.items, start: 0, end: low }]);
    }
    return lists;
  }

  /** Words of 32 slots in use (bits). */
  private get bitWords(): number {
    return (this.userIds.length + 31) >>> 5;
  }

  /** The list's slots ORed into `target`: as bits where the posting is long, else one by one. */
  private orInto(target: Uint32Array, list: List): void {
    const words = this.bitWords;
    const length = list.end - list.start;
    if (list.posting !== undefined && length >= (this.bitsFrom ?? words)) {
      let bits = this.bitsOf.get(list.posting);
      if (!bits) {
        bits = new Uint32Array(this.state.length >>> 5);
        setBits(bits, list);
        this.bitsOf.set(list.posting, bits);
      }
      for (let at = 0; at < words; at += 1) target[at]! |= bits[at]!;
    } else {
      setBits(target, list);
    }
  }

  /**
   * The slots every step lets through (a step: a word's postings, a skill, the minimum rating,
   * a category's skills, "available now"), as bits in `candidateBits`, and how many. Null when
   * there is no step. Buys: a search with a category or "available now" and no word read the
   * columns of every profile until 1,001 passed (every one where few do); now words of 32 slots
   * are ANDed and only the slots left are read (measured in docs/performance.md).
   */
  private candidates(filters: DirectoryFilters): { bits: Uint32Array; count: number } | null {
    const lists = this.listsOf(filters);
    const kept: Uint32Array[] = filters.skillGroups
      .filter((group) => group.length > 1)
      .map((group) => this.groupBits(group));
    if (filters.available === true) kept.push(this.availableBits);
    if (lists.length === 0 && kept.length === 0) return null;
    const words = this.bitWords;
    const { candidateBits, stepBits } = this;
    for (let step = 0; step < lists.length; step += 1) {
      const union = step === 0 ? candidateBits : stepBits;
      union.fill(0, 0, words);
      for (const list of lists[step]!) this.orInto(union, list);
      if (step > 0) for (let at = 0; at < words; at += 1) candidateBits[at]! &= stepBits[at]!;
    }
    for (let step = 0; step < kept.length; step += 1) {
      const bits = kept[step]!;
      if (step === 0 && lists.length === 0) candidateBits.set(bits.subarray(0, words));
      else for (let at = 0; at < words; at += 1) candidateBits[at]! &= bits[at]!;
    }
    let count = 0;
    for (let at = 0; at < words; at += 1) count += bitCount(candidateBits[at]!);
    return { bits: candidateBits, count };
  }

  /**
   * The score of each of `slots` (a page's candidates by relevance) in `scores`: for each word
   * of the query, the most weight it holds of the words the query's word is the start of,
   * summed. The words' postings are read in sequence, each slot tested in the bits of `slots`
   * (small enough to stay in cache): marking every slot of the postings as they were read cost
   * about a third more, and reading each slot's own postings at random half as much more. A long
   * posting, many times longer than `slots`, is read from its weights' bit planes instead.
   */
  private score(slots: readonly number[], words: readonly string[]): void {
    const chosen = this.stepBits;
    chosen.fill(0, 0, this.bitWords);
    const { scores, best } = this;
    for (const slot of slots) {
      chosen[slot >>> 5]! |= 1 << (slot & 31);
      scores[slot] = 0;
    }
    const weights = this.postings.weights!;
    for (const word of words) {
      for (const slot of slots) best[slot] = 0;
      for (const posting of this.postingsOfPrefix(word)) {
        const { slots: held, start, end } = this.postingList(posting);
        const planes =
          WEIGHT_PLANES > 0 &&
          end - start >= (this.bitsFrom ?? this.bitWords) &&
          end - start > slots.length * this.planesOver
            ? this.planesFor(posting)
            : undefined;
        if (planes) {
          for (const slot of slots) {
            let weight = 0;
            for (let p = 0; p < planes.length; p += 1) {
              weight |= ((planes[p]![slot >>> 5]! >>> (slot & 31)) & 1) << p;
            }
            if (weight > best[slot]!) best[slot] = weight;
          }
          continue;
        }
        for (let at = start; at < end; at += 1) {
          const slot = held[at]!;
          if (((chosen[slot >>> 5]! >>> (slot & 31)) & 1) === 0) continue;
          if (weights[at]! > best[slot]!) best[slot] = weights[at]!;
        }
      }
      for (const slot of slots) scores[slot]! += best[slot]!;
    }
  }

  /**
   * Which slots hold a skill of the group (a category's many skills: a third of all), a bit a
   * slot: set from the skills' postings when first asked for, then kept as profiles change.
   */
  private groupBits(group: readonly string[]): Uint32Array {
    const name = group.join('\n');
    let kept = this.groups.get(name);
    if (!kept) {
      kept = { keys: new Set(group), bits: new Uint32Array(this.state.length >>> 5) };
      for (const key of kept.keys) setBits(kept.bits, this.postingList(this.skills.get(key)));
      this.groups.set(name, kept);
    }
    return kept.bits;
  }

  /**
   * Down the sort's order, the slots `passes` lets through: the first `wanted`, and how many
   * up to `enough` (SEARCH_TOTAL_CAP + 1), until that is met (`done`) or `budget` slots more
   * were met (then `on` goes on from there).
   */
  private walk(
    order: Order,
    passes: (slot: number) => boolean,
    wanted: number,
    budget: number,
    on: Walk = { matches: [], counted: 0, at: 0, done: false },
    enough = SEARCH_TOTAL_CAP + 1,
  ): Walk {
    const list = this.orders.get(order)!;
    const { items } = list;
    const end = Math.min(list.length, on.at + budget);
    const { matches } = on;
    let { counted } = on;
    for (let at = on.at; at < end; at += 1) {
      const slot = items[at]!;
      if (!passes(slot)) continue;
      counted += 1;
      if (matches.length < wanted) matches.push(slot);
      if (counted >= enough && matches.length >= wanted) {
        this.walked += at + 1 - on.at;
        return { matches, counted, at: at + 1, done: true };
      }
    }
    this.walked += end - on.at;
    return { matches, counted, at: end, done: end === list.length };
  }

  /**
   * How many slots the search's lists (its candidates, else every slot) and `passes` let
   * through, up to SEARCH_TOTAL_CAP + 1, read in the candidates' or the slots' order.
   */
  private countMet(
    candidates: { bits: Uint32Array } | null,
    passes: (slot: number) => boolean,
  ): number {
    return this.tally(candidates, passes, SEARCH_TOTAL_CAP + 1, Infinity).passed;
  }

  /**
   * The search's lists' slots (its candidates, else every slot) in slot order, each tested with
   * `passes`, until `passedUpTo` passed or `testedUpTo` were tested.
   */
  private tally(
    candidates: { bits: Uint32Array } | null,
    passes: (slot: number) => boolean,
    passedUpTo: number,
    testedUpTo: number,
  ): { passed: number; tested: number } {
    let passed = 0;
    let tested = 0;
    if (candidates) {
      const { bits } = candidates;
      const words = this.bitWords;
      for (let at = 0; at < words && passed < passedUpTo && tested < testedUpTo; at += 1) {
        for (
          let left = bits[at]!;
          left !== 0 && passed < passedUpTo && tested < testedUpTo;
          left &= left - 1
        ) {
          tested += 1;
          if (passes((at << 5) | (31 - Math.clz32(left & -left)))) passed += 1;
        }
      }
    } else {
      const slots = this.userIds.length;
      for (; tested < slots && passed < passedUpTo && tested < testedUpTo; tested += 1) {
        if (passes(tested)) passed += 1;
      }
    }
    return { passed, tested };
  }

  /**
   * About what share of all slots the search's lists (its candidates, else every slot) and
   * `passes` let through, from the first PASS_SAMPLE candidates in slot order.
   */
  private passingShare(
    candidates: { bits: Uint32Array; count: number } | null,
    passes: (slot: number) => boolean,
  ): number {
    const { passed, tested } = this.tally(candidates, passes, Infinity, PASS_SAMPLE);
    const listed = candidates ? candidates.count / Math.max(1, this.userIds.length) : 1;
    return tested === 0 ? 0 : (listed * passed) / tested;
  }

  /** The cards of `userIds` (a page of search's), in their order; those not held left out. */
  itemsOf(userIds: readonly string[]): Array<Readonly<DirectoryItem>> {
    const items: Array<Readonly<DirectoryItem>> = [];
    for (const id of userIds) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      let item = this.items[slot];
      if (!item) {
        item = deepFrozen(this.itemOf(id, slot));
        if (KEEP_ITEMS) this.items[slot] = item;
      }
      items.push(item);
    }
    return items;
  }

  private itemOf(id: string, slot: number): DirectoryItem {
    const rate = this.rate[slot]!;
    return directoryItemOf(id, this.cards[slot]!, {
      rateCents: rate === NO_RATE ? null : rate,
      rateUnit: RATE_UNITS[this.rateUnit[slot]!]!,
      available: (this.state[slot]! & AVAILABLE) !== 0,
      ratingAverage: this.rating[slot]!,
      ratingCount: this.ratingCount[slot]!,
      jobsCompleted: this.jobs[slot]!,
    });
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
    const byRelevance = sort === 'relevance' && filters.words.length > 0;
    const candidates = this.candidates(filters);
    const { hits, scores, state, rate, rating, userIds, through } = this;
    let excluded: Set<number> | undefined;
    for (const id of filters.excluded ?? []) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) (excluded ??= new Set()).add(slot);
    }
    const need = LISTED | (filters.available === true ? AVAILABLE : 0);
    const maxRate = filters.maxRateCents ?? Infinity;
    const minRating = filters.minRating ?? -Infinity;
    // Each column read only where its filter is asked for (they are read at random).
    const testsRate = maxRate !== Infinity;
    const testsRating = minRating !== -Infinity;
    const passes = (slot: number): boolean =>
      (state[slot]! & need) === need &&
      (!testsRate || (rate[slot]! !== NO_RATE && rate[slot]! <= maxRate)) &&
      (!testsRating || rating[slot]! >= minRating) &&
      (excluded === undefined || !excluded.has(slot));
    const order: Order = sort === 'relevance' ? 'newest' : sort;
    const wanted = byRelevance ? SEARCH_TOTAL_CAP + 1 : offset + limit;
    // Many candidates (or no list): the order walked a little first. Else, or when that did not
    // end it, the candidates are filtered in slot order (the columns read in sequence, not at
    // random as down an order), then compared (few) or met down the order (many).
    const bits = candidates?.bits;
    const met = (slot: number) =>
      (bits === undefined || ((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 1) && passes(slot);
    let walked: Walk | undefined;
    if (!byRelevance && (!candidates || candidates.count > this.selectUpTo)) {
      // The page alone down the order, and the count apart in slot order (the candidates, or
      // every slot: the columns read in sequence, not at random down an order, where a word
      // a quarter of the people hold walked 4,000 to count 1,001 for a page of 12).
      const page = this.walk(order, met, wanted, this.walkFirst, undefined, wanted);
      if (page.done) {
        const exhausted = page.at === this.orders.get(order)!.length;
        walked = { ...page, counted: exhausted ? page.counted : this.countMet(candidates, passes) };
      }
    } else if (
      (!candidates || candidates.count > this.selectUpTo) &&
      // Where a filter the lists do not hold (a rate, a rating, blocks) lets few through, the
      // walk would not meet a thousand before it gave up: a sample of the candidates says so
      // first (the bench's relevance searches with a maximum price walked 8,000 for nothing).
      (!(testsRate || testsRating || excluded) ||
        (SEARCH_TOTAL_CAP + 1) / this.passingShare(candidates, passes) <
          userIds.length / WALK_OR_SCAN)
    ) {
      walked = this.walk(order, met, wanted, this.walkFirst);
      // Going on where what is left to meet, at the rate met so far, is a short way.
      const rate = walked.counted / walked.at;
      const left = (SEARCH_TOTAL_CAP + 1 - walked.counted) / rate;
      if (!walked.done && left < userIds.length / WALK_OR_SCAN) {
        walked = this.walk(order, met, wanted, Infinity, walked);
      }
    }
    let selected: number[] | undefined;
    let counted = 0;
    if (!walked?.done) {
      let count = 0;
      if (bits && !testsRating && !excluded) {
        // The state and the rate alone, with as few branches as they allow (a candidate passes
        // or not at random): a rate's NO_RATE (-1), unsigned, is above any maximum.
        const cap = testsRate ? Math.min(maxRate, 0xfffffffe) : 0xffffffff;
        for (let at = 0; at < this.bitWords; at += 1) {
          for (let left = bits[at]!; left !== 0; left &= left - 1) {
            const slot = (at << 5) | (31 - Math.clz32(left & -left));
            through[count] = slot;
            count += ((state[slot]! & need) === need ? 1 : 0) & (rate[slot]! >>> 0 <= cap ? 1 : 0);
          }
        }
      } else if (bits) {
        for (let at = 0; at < this.bitWords; at += 1) {
          for (let left = bits[at]!; left !== 0; left &= left - 1) {
            const slot = (at << 5) | (31 - Math.clz32(left & -left));
            if (passes(slot)) through[count++] = slot;
          }
        }
      } else {
        for (let slot = 0; slot < userIds.length; slot += 1) {
          if (passes(slot)) through[count++] = slot;
        }
      }
      if (byRelevance) {
        // The newest SEARCH_TOTAL_CAP of however many, by their places (newestOf counts them
        // in buckets first): where a walk down the order marked them all, then walked it, a
        // relevance search cost about 7 % more.
        selected = this.newestOf(through.subarray(0, count), SEARCH_TOTAL_CAP);
        counted = count;
      } else if (count <= this.selectUpTo) {
        // Copied by hand: Array.from of a typed array (its iterator) had been a tenth of a
        // search with a word and a sort.
        selected = [];
        for (let i = 0; i < count; i += 1) selected.push(through[i]!);
        counted = count;
      } else {
        // Many: the first met down the order (marked in `hits`).
        hits.fill(0, 0, userIds.length);
        for (let i = 0; i < count; i += 1) hits[through[i]!] = 1;
        walked = this.walk(order, (slot) => hits[slot] === 1, wanted, Infinity);
      }
    }
    // Relevance: among the newest SEARCH_TOTAL_CAP, the page's by score, the newest first
    // among equals (`newest` in the newest's order: compared by place).
    const byScore = (newest: number[]) => {
      this.score(newest, filters.words);
      return selectFirst(
        newest.map((_, at) => at),
        (a, b) => scores[newest[b]!]! - scores[newest[a]!]! || a - b,
        offset + limit,
      )
        .slice(offset)
        .map((at) => newest[at]!);
    };
    let page: number[];
    if (walked?.done) {
      counted = walked.counted;
      // Met in the newest's order already.
      page = byRelevance
        ? byScore(walked.matches.slice(0, SEARCH_TOTAL_CAP))
        : walked.matches.slice(offset, offset + limit);
    } else {
      page = byRelevance
        ? byScore(selected!)
        : selectFirst(selected!, this.ranker(order), offset + limit).slice(offset);
    }
    return {
      ids: page.map((slot) => userIds[slot]!),
      counted: Math.min(counted, SEARCH_TOTAL_CAP + 1),
    };
  }
}

/** The item and what it holds, frozen: kept items are shared by every answer that lists them. */
function deepFrozen(item: DirectoryItem): Readonly<DirectoryItem> {
  Object.freeze(item.skills);
  Object.freeze(item.rating);
  if (item.rate) Object.freeze(item.rate);
  return Object.freeze(item);
}

/** The list's slots set in `bits`. */
function setBits(bits: Uint32Array, { slots, start, end }: List): void {
  for (let at = start; at < end; at += 1) {
    const slot = slots[at]!;
    bits[slot >>> 5]! |= 1 << (slot & 31);
  }
}

/** How many bits of `word` are set. */
function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** `slot` in or out of `bits`. */
function markIn(bits: Uint32Array, slot: number, isIn: boolean): void {
  if (isIn) bits[slot >>> 5]! |= 1 << (slot & 31);
  else bits[slot >>> 5]! &= ~(1 << (slot & 31));
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
