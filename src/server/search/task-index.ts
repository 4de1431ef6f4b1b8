import { stemmer } from 'stemmer';
import { SEARCH_TOTAL_CAP, type SearchSort } from '../../shared/search.ts';
import { searchWords } from '../../shared/search-rules.ts';
import { queryWords } from './text-match.ts';
import { ByteBoundedMap } from './byte-bounded-map.ts';
import {
  firstOf,
  hasSlot,
  lowestBitOf,
  setSlot,
  SlotFilter,
  wordsFor,
  type SlotBits,
} from './slot-filter.ts';

/**
 * Issue 18: the searches with words, answered from memory (docs/decisions/032-search-index.md).
 * An inverted index of every task's title and description, split and stemmed as SQLite's FTS5
 * table of migration 0005 does (`porter unicode61 remove_diacritics 2`), beside each task's
 * filter and order columns in typed arrays. A search marks the tasks each of its words matches,
 * walks them newest first through the filters, ranks by FTS5's own bm25 (a word in the title
 * weighs four times one in the description) or orders by a column, and answers the page's ids
 * and the total up to SEARCH_TOTAL_CAP. The page itself is then read from the database.
 *
 * Tasks live in slots in seq order (the order they were posted in, migration 0005): a task
 * posted later takes the next slot, so "newest first" is a walk down the slots.
 *
 * Buys (decision 032, 100,000 tasks): a search's time in the engine 5.5–10.9 ms → 0.08–0.22 ms,
 * for 100 to 200 MB more memory. Off: SEARCH_INDEX=engine, each engine's own full-text query.
 */

/** What the index keeps of a task (a row of `tasks`, and whether its poster is banned). */
export interface IndexedTask {
  seq: number;
  id: string;
  title: string;
  description: string;
  status: string;
  category: string;
  budgetCents: number;
  /** YYYY-MM-DD */
  deadline: string;
  bidsCount: number;
  createdAt: string;
  userId: string;
  /** Hidden by reports or removed (issue 20): in no search. */
  hidden: boolean;
}

/** A search's filters and order, as search.store.ts reads them. */
export interface IndexQuery {
  q: string;
  sort: SearchSort | undefined;
  status: 'open' | 'all';
  categories: readonly string[] | undefined;
  minBudgetCents: number | undefined;
  maxBudgetCents: number | undefined;
  deadlineFrom: string | undefined;
  deadlineTo: string | undefined;
  /** The cut: no task posted after it. */
  maxSeq: number;
  /** UTC day: an open task's deadline must not be before it. */
  today: string;
  page: number;
  pageSize: number;
}

export interface IndexAnswer {
  ids: string[];
  /** The same tasks' seqs, in the same order: the page is read by them. */
  seqs: number[];
  total: number;
  totalIsLowerBound: boolean;
}

/** FTS5's bm25 (fts5_aux.c): k1 and b, and the weights of migration 0005's columns. */
const K1 = 1.2;
const B = 0.75;
const TITLE_WEIGHT = 4;
const DESCRIPTION_WEIGHT = 1;
/** FTS5's porter tokenizer leaves tokens shorter than this as they are. */
const PORTER_MIN = 3;
const PORTER_MAX = 64;

const OPEN = 1;
const STATUS_CODES: Record<string, number> = { open: OPEN, assigned: 2, completed: 3 };

/** The slots a page needs in order: every page up to and including the one asked. */
const wantedOf = (query: IndexQuery) => query.page * query.pageSize;

/** The earliest deadline a search takes: today for open tasks, and its own lower bound. */
const earliestOf = (query: IndexQuery) =>
  Math.max(
    query.status === 'open' ? dayNumber(query.today) : -Infinity,
    query.deadlineFrom ? dayNumber(query.deadlineFrom) : -Infinity,
  );

/** New terms put in the sorted list one by one; beyond this many, the list is sorted again. */
const TERMS_PUT_IN_PLACE = 256;

/** The first position of sorted `terms` not before `term`. */
function firstFrom(terms: readonly string[], term: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (terms[middle]! < term) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** "YYYY-MM-DD" → a number that orders as the date does. */
const dayNumber = (day: string) => Number(day.slice(0, 10).replaceAll('-', '')) || 0;

const stems = new Map<string, string>();
const STEM_CACHE_MAX = 200_000;

/** A word as FTS5's porter tokenizer indexes it: diacritics removed, then stemmed. */
export function indexTerm(word: string): string {
  let term = stems.get(word);
  if (term !== undefined) return term;
  const folded = word.normalize('NFD').replace(/\p{M}/gu, '');
  term = folded.length < PORTER_MIN || folded.length > PORTER_MAX ? folded : stemmer(folded);
  if (stems.size >= STEM_CACHE_MAX) stems.clear();
  stems.set(word, term);
  return term;
}

/** A text's terms in order, as the index keeps them. */
export const textTerms = (text: string) => searchWords(text).map(indexTerm);

/** A growable sorted list of slots, with each one's weighted count in the task's text. */
class Postings {
  slots = new Int32Array(4);
  freqs = new Uint16Array(4);
  length = 0;

  /** Slots arrive in order when tasks are posted; an edit puts one back in its place. */
  add(slot: number, freq: number): void {
    if (this.length === this.slots.length) this.resize(this.length + (this.length >> 2) + 4);
    let at = this.length;
    if (at > 0 && this.slots[at - 1]! > slot) {
      at = this.position(slot);
      this.slots.copyWithin(at + 1, at, this.length);
      this.freqs.copyWithin(at + 1, at, this.length);
    }
    this.slots[at] = slot;
    this.freqs[at] = Math.min(freq, 0xffff);
    this.length += 1;
  }

  /** Room for `size` slots (and no more: 100,000 tasks' postings are millions). */
  resize(size: number): void {
    const slots = new Int32Array(size);
    slots.set(this.slots.subarray(0, this.length));
    const freqs = new Uint16Array(size);
    freqs.set(this.freqs.subarray(0, this.length));
    this.slots = slots;
    this.freqs = freqs;
  }

  /** The slot's weighted count, 0 when the term is not in its text. */
  freqOf(slot: number): number {
    const at = this.position(slot);
    return at < this.length && this.slots[at] === slot ? this.freqs[at]! : 0;
  }

  remove(slot: number): void {
    const at = this.position(slot);
    if (at >= this.length || this.slots[at] !== slot) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.freqs.copyWithin(at, at + 1, this.length);
    this.length -= 1;
  }

  /** The first position whose slot is not below `slot`. */
  private position(slot: number): number {
    return firstAtLeast(this.slots, 0, this.length, slot);
  }
}

/**
 * Slots in ascending order, each with its weighted count: a term's postings, or the terms of a
 * prefix merged into one list (TaskIndex.merged).
 */
interface SlotList {
  readonly slots: Int32Array;
  readonly freqs: ArrayLike<number>;
  readonly length: number;
}

/**
 * The tasks a prefix matches (a search's last word): its terms' lists merged, kept by the index
 * until a task's text with one of those terms changes (TaskIndex.prefixEntry). `bits`, a bit
 * per slot, tells a match at once while a search walks an order
 * (docs/decisions/032-search-index.md).
 */
interface PrefixEntry {
  readonly prefix: string;
  readonly list: SlotList;
  bits: Uint32Array | undefined;
}

/**
 * The memory the index keeps prefixes' entries in (merged lists, bits, and a share for each
 * entry itself), those not searched again going first (byte-bounded-map.ts).
 */
const PREFIX_CACHE_BYTES = 16 * 1024 * 1024;
/** What an entry is counted for beside its arrays: its map entry and objects. */
const PREFIX_ENTRY_BYTES = 128;

/** The answer of a search with a word no task holds. */
const noMatch = (): IndexAnswer => ({ ids: [], seqs: [], total: 0, totalIsLowerBound: false });

/** bm25's idf of a phrase in `count` of `rows` tasks (fts5_aux.c), never 0 or below. */
function idfOf(count: number, rows: number): number {
  const idf = Math.log((rows - count + 0.5) / (count + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/** A task's terms, each one's weighted count (title ×4, description ×1), and its length. */
interface TextEntry {
  terms: string[];
  freqs: number[];
  /** Tokens in both columns: bm25's document length. */
  length: number;
}

function textEntry(title: string, description: string): TextEntry {
  const freqs = new Map<string, number>();
  const titleTerms = textTerms(title);
  const descriptionTerms = textTerms(description);
  for (const term of titleTerms) freqs.set(term, (freqs.get(term) ?? 0) + TITLE_WEIGHT);
  for (const term of descriptionTerms) {
    freqs.set(term, (freqs.get(term) ?? 0) + DESCRIPTION_WEIGHT);
  }
  return {
    terms: [...freqs.keys()],
    freqs: [...freqs.values()],
    length: titleTerms.length + descriptionTerms.length,
  };
}

/** Two FNV-1a hashes (different seeds and primes) of a task's title and description. */
function textHashes(title: string, description: string): [number, number] {
  let first = 0x811c9dc5;
  let second = 0x01000193;
  for (const text of [title, '\u0000', description]) {
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      first = Math.imul(first ^ code, 0x01000193);
      second = Math.imul(second ^ code, 0x5bd1e995);
    }
  }
  return [first | 0, second | 0];
}

/** Growable typed columns, one value per slot. */
function grow<T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(
  array: T,
  size: number,
): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(
    Math.max(size, array.length * 2),
  );
  next.set(array);
  return next;
}

/** How many of `slots` pass `filter`, counting no further than `limit`. */
function countUpTo(slots: Int32Array, filter: SlotFilter, limit: number): number {
  let count = 0;
  for (let at = 0; at < slots.length && count < limit; at += 1) {
    if (filter.passes(slots[at]!)) count += 1;
  }
  return count;
}

/** The first position in `low`..`high` (of a list in slot order) whose slot is `slot` or more. */
function firstAtLeast(slots: Int32Array, low: number, high: number, slot: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (slots[middle]! < slot) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The first position from `from` on whose slot is `slot` or more (`length` if none), in a list
 * in slot order: steps of 1, 2, 4… until past it, then halving between the last two.
 */
function seek(slots: Int32Array, length: number, from: number, slot: number): number {
  let low = from;
  let high = from;
  for (let step = 1; high < length && slots[high]! < slot; step *= 2) {
    low = high + 1;
    high += step;
  }
  return firstAtLeast(slots, low, Math.min(high, length), slot);
}

type ColumnSort = Exclude<SearchSort, 'relevance'>;

/** The columns an order compares; created_at (and id) break every tie, newest first. */
type OrderKey = 'created' | 'deadline' | 'budget' | 'bids';

/**
 * Every slot in one answer order (the first answer first), kept as tasks come and change:
 * a search of many matches walks it and stops once it has the page and the capped total.
 */
class SlotOrder {
  slots = new Int32Array(1024);
  length = 0;
  readonly keys: readonly OrderKey[];
  /** The order's first key: a slot with a smaller one comes first. */
  readonly keyOf: (slot: number) => number;
  readonly compare: (a: number, b: number) => number;

  /** `tieBreak` orders the slots whose first keys are equal. */
  constructor(
    keys: readonly OrderKey[],
    keyOf: (slot: number) => number,
    tieBreak: (a: number, b: number) => number,
  ) {
    this.keys = keys;
    this.keyOf = keyOf;
    this.compare = (a, b) => keyOf(a) - keyOf(b) || tieBreak(a, b);
  }

  /** Puts a slot in its place (its values set, every other slot's unchanged). */
  insert(slot: number): void {
    if (this.length === this.slots.length) this.slots = grow(this.slots, this.length + 1);
    const at = this.position(slot);
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    this.length += 1;
  }

  /** Takes a slot out, before its values change. */
  remove(slot: number): void {
    let at = this.position(slot);
    if (this.slots[at] !== slot) at = this.slots.subarray(0, this.length).indexOf(slot);
    if (at < 0) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.length -= 1;
  }

  /** Every slot below `size`, sorted once (the end of a build). */
  rebuild(size: number): void {
    this.slots = grow(new Int32Array(0), size);
    const slots = this.slots.subarray(0, size);
    for (let slot = 0; slot < size; slot += 1) slots[slot] = slot;
    slots.sort(this.compare);
    this.length = size;
  }

  /** The first position whose slot does not come before `slot`. */
  private position(slot: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.slots[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * Matches below this share of the tasks are few: every one tested, the page sorted from them.
 * Above it, a search walks an order, testing each slot for a match.
 */
const FEW_FOR_ORDER = 1 / 8;

export class TaskIndex {
  private size = 0;
  private seqs = new Int32Array(1024);
  private statuses = new Uint8Array(1024);
  private categories = new Uint8Array(1024);
  private budgets = new Float64Array(1024);
  private deadlines = new Int32Array(1024);
  private bids = new Int32Array(1024);
  private created = new Float64Array(1024);
  private posters = new Int32Array(1024);
  /** 1: a task in the index; 0: a slot whose task was deleted. */
  private live = new Uint8Array(1024);
  private hidden = new Uint8Array(1024);
  private lengths = new Int32Array(1024);
  /** Two 32-bit hashes of each slot's title and description (textHashes). */
  private hashA = new Int32Array(1024);
  private hashB = new Int32Array(1024);
  private ids: string[] = [];
  /** Each slot's terms (ids into `terms`), to take it out of their postings when it changes. */
  private forward = new Int32Array(4096);
  private forwardEnd = 0;
  /** Entries of `forward` no slot points at any more (edited or deleted tasks). */
  private forwardGarbage = 0;
  private termsStart = new Int32Array(1024);
  private termsCount = new Int32Array(1024);
  private readonly slotById = new Map<string, number>();
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly postings: Postings[] = [];
  /**
   * The terms in order, for prefixes: sorted when a prefix is first asked for, then kept so.
   * A term that comes with a task waits in `newTerms` and is put in its place by the next
   * prefix search. Sorting every term again for each new one cost a prefix search 20 ms (p50)
   * after each task posted with a word not seen before, at 60,000 terms.
   */
  private sortedTerms: string[] | undefined;
  private readonly newTerms: string[] = [];
  /** Prefixes searched for, by the last word's term. */
  private readonly prefixes: ByteBoundedMap<string, PrefixEntry>;
  private readonly categoryCodes = new Map<string, number>();
  private readonly userCodes = new Map<string, number>();
  private bannedUsers = new Uint8Array(64);
  /**
   * The sets a search's filters start from (slot-filter.ts): the tasks in search at all
   * (posted, not deleted, hidden or by a banned poster), those of them that take offers on a
   * day (open, deadline not before it: the two latest days asked for), each category's (by code,
   * in search or not), and room to combine them for one search.
   */
  private inSearch: SlotBits = new Uint32Array(32);
  private readonly openByDay = new Map<number, SlotBits>();
  private readonly inCategory: SlotBits[] = [];
  private filterBits: SlotBits = new Uint32Array(32);
  private liveCount = 0;
  /** Each order's column, a reader for each: a page's order reads its key for every candidate. */
  private readonly columns: Record<OrderKey, (slot: number) => number> = {
    created: (slot) => this.created[slot]!,
    deadline: (slot) => this.deadlines[slot]!,
    budget: (slot) => this.budgets[slot]!,
    bids: (slot) => this.bids[slot]!,
  };
  /** Every slot in each column order, for searches with many matches (or no words). */
  private readonly orders: Record<ColumnSort, SlotOrder> = {
    newest: new SlotOrder(
      ['created'],
      (slot) => -this.created[slot]!,
      (a, b) => this.newerFirst(a, b),
    ),
    deadline: this.orderBy('deadline', 1),
    budget_asc: this.orderBy('budget', 1),
    budget_desc: this.orderBy('budget', -1),
    bids: this.orderBy('bids', -1),
  };
  private readonly orderList = Object.values(this.orders);
  private totalLength = 0;
  /** Per slot, the last search it matched every phrase of (`match`). */
  private markedBy = new Int32Array(1024);
  private score = new Float64Array(1024);
  /** Each slot's summed count while prefix lists are merged (all 0 between merges). */
  private mergeCounts = new Uint32Array(1024);
  /** The slots a merge met, a bit each (`merged`), cleared as it reads them back. */
  private mergeMarks: SlotBits = new Uint32Array(wordsFor(1024));
  /** The slots that matched every phrase of the last search (`match`). */
  private touched = new Int32Array(1024);
  private searchNumber = 0;
  /** While building: each slot's weighted counts, for the postings made at the end. */
  private pending: Uint16Array | undefined;

  /** `prefixCacheBytes`: how much the prefixes' merged lists and bits may hold (tests set less). */
  constructor({ prefixCacheBytes = PREFIX_CACHE_BYTES }: { prefixCacheBytes?: number } = {}) {
    this.prefixes = new ByteBoundedMap(prefixCacheBytes);
  }

  /**
   * What the kept prefixes' entries are counted for, and how many there are: at most the bound,
   * but for the entry just searched.
   */
  get prefixMemory(): { bytes: number; entries: number } {
    return { bytes: this.prefixes.bytes, entries: this.prefixes.size };
  }

  /** The last seq of a task posted into the index. */
  get lastSeq(): number {
    return this.size ? this.seqs[this.size - 1]! : 0;
  }

  get taskCount(): number {
    return this.liveCount;
  }

  /**
   * Puts a task in (posted) or back (changed). A task posted out of seq order (older than the
   * last one) answers false: the caller builds the index again.
   */
  upsert(task: IndexedTask): boolean {
    let slot = this.slotById.get(task.id);
    const isNew = slot === undefined;
    if (slot === undefined) {
      if (task.seq < this.lastSeq) return false;
      slot = this.size;
      this.size += 1;
      this.ensureRoom(this.size);
      this.slotById.set(task.id, slot);
      this.seqs[slot] = task.seq;
    }
    const wasLive = this.live[slot] === 1;
    if (!wasLive) this.liveCount += 1;
    this.live[slot] = 1;
    this.ids[slot] = task.id;
    this.statuses[slot] = STATUS_CODES[task.status] ?? 0;
    const category = this.codeOf(this.categoryCodes, task.category);
    if (!isNew) setSlot(this.inCategory[this.categories[slot]!]!, slot, false);
    this.inCategory[category] ??= new Uint32Array(this.inSearch.length);
    setSlot(this.inCategory[category], slot, true);
    this.categories[slot] = category;
    const values: Record<OrderKey, number> = {
      created: Date.parse(task.createdAt),
      deadline: dayNumber(task.deadline),
      budget: task.budgetCents,
      bids: task.bidsCount,
    };
    // While building, the orders are made once at the end.
    const moving = this.pending
      ? []
      : this.orderList.filter(
          (order) => isNew || order.keys.some((key) => this.valueOf(key, slot) !== values[key]),
        );
    if (!isNew) for (const order of moving) order.remove(slot);
    this.created[slot] = values.created;
    this.deadlines[slot] = values.deadline;
    this.budgets[slot] = values.budget;
    this.bids[slot] = values.bids;
    for (const order of moving) order.insert(slot);
    this.posters[slot] = this.codeOf(this.userCodes, task.userId);
    this.hidden[slot] = task.hidden ? 1 : 0;
    this.setBits(slot);
    // Most changes are bids: a text whose hashes are the same is not split and stemmed again.
    const [first, second] = textHashes(task.title, task.description);
    if (this.termsCount[slot] !== 0 && this.hashA[slot] === first && this.hashB[slot] === second) {
      return true;
    }
    this.hashA[slot] = first;
    this.hashB[slot] = second;
    const text = textEntry(task.title, task.description);
    if (!this.hasText(slot, text)) {
      this.unindexText(slot);
      this.indexText(slot, text);
    }
    return true;
  }

  /** Takes a deleted task out. */
  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined || this.live[slot] !== 1) return;
    this.unindexText(slot);
    this.live[slot] = 0;
    this.liveCount -= 1;
    this.setBits(slot);
  }

  /**
   * Between `startBuilding` and `finishBuilding` tasks are only put in their slots: the
   * postings are made once at the end, each list at its final size (growing millions of
   * entries one by one left about 100 MB of freed arrays behind in the process).
   */
  startBuilding(): void {
    this.pending = new Uint16Array(this.forward.length);
  }

  finishBuilding(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    for (const order of this.orderList) order.rebuild(this.size);
    const sizes = new Int32Array(this.terms.length);
    for (let at = 0; at < this.forwardEnd; at += 1) sizes[this.forward[at]!]! += 1;
    this.postings.forEach((list, id) => list.resize(list.length + sizes[id]!));
    for (let slot = 0; slot < this.size; slot += 1) {
      const start = this.termsStart[slot]!;
      const end = start + this.termsCount[slot]!;
      for (let at = start; at < end; at += 1) {
        this.postings[this.forward[at]!]!.add(slot, pending[at]!);
      }
    }
  }

  /** Whether a poster is banned or suspended (issue 20): their tasks are in no search. */
  setBanned(userId: string, banned: boolean): void {
    const code = this.codeOf(this.userCodes, userId);
    this.bannedUsers = grow(this.bannedUsers, code + 1);
    if ((this.bannedUsers[code] === 1) === banned) return;
    this.bannedUsers[code] = banned ? 1 : 0;
    for (let slot = 0; slot < this.size; slot += 1) {
      if (this.posters[slot] === code) this.setBits(slot);
    }
  }

  search(query: IndexQuery): IndexAnswer {
    const words = queryWords(query.q);
    // A list for each word: its term's postings, and the last word's as a prefix (merged).
    const lists: SlotList[] = [];
    for (const word of words.slice(0, -1)) {
      const id = this.termIds.get(indexTerm(word));
      if (id === undefined) return noMatch();
      lists.push(this.postings[id]!);
    }
    const last = words.length ? this.prefixEntry(indexTerm(words.at(-1)!)) : undefined;
    if (words.length && !last) return noMatch();
    if (last) lists.push(last.list);
    // Without words every task is a match, and relevance means newest (search.store.ts).
    const sort =
      query.sort === 'relevance' && !words.length
        ? 'newest'
        : (query.sort ?? (words.length ? 'relevance' : 'newest'));
    const ranked = sort === 'relevance';
    // One word: its list is the matches, and only those a page is ranked from get a score.
    // More: match() marks the slots that hold them all, and scores each.
    const one = words.length === 1 ? last : undefined;
    // Without words every task is a match: the filters alone choose.
    const matches = one
      ? one.list.slots.subarray(0, one.list.length)
      : words.length
        ? this.match(lists, ranked)
        : undefined;
    const filter = this.filterOf(query);
    const first = (query.page - 1) * query.pageSize;
    const wanted = wantedOf(query);
    // Relevance ranks the newest SEARCH_TOTAL_CAP matches (decision 012); the other orders
    // are exact over every match, and their totals stop at the cap.
    const enough = Math.max(SEARCH_TOTAL_CAP + 1, wanted);
    const found: number[] = [];
    let ordered: number[];
    /** The matches that pass the filters, up to `enough`, where not `found.length`. */
    let counted: number | undefined;
    if (ranked) {
      // One word: only the matches a page is ranked from get a score (match() scored more).
      const { score } = this;
      const scoring = one ? this.scoringOf(one.list) : undefined;
      // Newest first: down the matches, which are in slot order (each word's list is).
      for (let at = matches!.length - 1; at >= 0; at -= 1) {
        const slot = matches![at]!;
        if (!filter.passes(slot)) continue;
        if (scoring) {
          score[slot] = this.bm25(scoring.idf, scoring.freqs[at]!, slot, scoring.averageLength);
        }
        if (found.push(slot) === enough) break;
      }
      const candidates = found.slice(0, SEARCH_TOTAL_CAP);
      // The page's first `wanted`, not all 1,000 sorted: a page is a dozen of them.
      const byScore = (a: number, b: number) => score[b]! - score[a]! || this.newerFirst(a, b);
      ordered = firstOf(candidates, (slot) => -score[slot]!, byScore, wanted).slice(first, wanted);
    } else if (matches && matches.length < this.size * FEW_FOR_ORDER) {
      // A few matches: every one tested, the page picked from them.
      for (const slot of matches) if (filter.passes(slot)) found.push(slot);
      const { keyOf, compare } = this.orders[sort];
      ordered = firstOf(found, keyOf, compare, wanted).slice(first, wanted);
    } else {
      // Many (or every task): down the order until the page and the capped total are known.
      // The total is counted first, over the matches in slot order (or the filters' bits a
      // word at a time): the walk down the order (in no order of slots) then stops at the page,
      // not at the cap.
      counted = matches ? countUpTo(matches, filter, enough) : filter.count(enough);
      const isMatch = one ? this.memberOf(one) : matches ? this.matchTest() : undefined;
      // Once as many as were counted are found, the walk has them all.
      const stop = Math.min(wanted, counted);
      const { slots, length } = this.orders[sort];
      // The tasks before the first deadline or budget a search takes are skipped at once.
      const start = this.startOf(sort, query);
      for (let at = start; at < length && found.length < stop; at += 1) {
        const slot = slots[at]!;
        if ((!isMatch || isMatch(slot)) && filter.passes(slot) && found.push(slot) === stop) break;
      }
      ordered = found.slice(first, wanted);
    }
    const count = counted ?? found.length;
    const total = Math.min(count, SEARCH_TOTAL_CAP);
    const totalIsLowerBound = count > SEARCH_TOTAL_CAP;
    return {
      ids: ordered.map((slot) => this.ids[slot]!),
      seqs: ordered.map((slot) => this.seqs[slot]!),
      total,
      totalIsLowerBound,
    };
  }

  // --- the parts of a search ---

  /**
   * The slots that hold every phrase (a word, or the last word's terms), oldest first; with
   * `ranked`, each one's bm25 in `score` as FTS5 computes it (fts5_aux.c): per phrase, its idf
   * over the whole index times its weighted count's share, against the task's length, summed in
   * the phrases' order. The shortest list leads: each of its slots is sought in the other lists
   * (all in slot order) from where the last one was found, by doubling steps then halving them,
   * so a search reads the longer lists' slots near the matches, not every one (a word and a
   * common prefix read 5,000–20,000 slots at random before). A match is marked in `markedBy` for
   * `matchTest`.
   */
  private match(phrases: readonly SlotList[], ranked: boolean): Int32Array {
    // Numbered as the marks hold it (32 bits, wrapping), never 0: no search marked a slot so.
    const number = (this.searchNumber = (this.searchNumber + 1) | 0 || 1);
    const { markedBy, score } = this;
    const rows = Math.max(this.liveCount, 1);
    const averageLength = this.totalLength / rows || 1;
    let lead = 0;
    phrases.forEach((list, phrase) => {
      if (list.length < phrases[lead]!.length) lead = phrase;
    });
    const { slots: leadSlots, length: leadLength } = phrases[lead]!;
    const idfs = phrases.map(({ length }) => idfOf(length, rows));
    // Each list's position: where its last slot sought was found (the lead's, where it is).
    const at = phrases.map(() => 0);
    const touched = (this.touched = grow(this.touched, leadLength));
    let count = 0;
    next: for (let position = 0; position < leadLength; position += 1) {
      const slot = leadSlots[position]!;
      at[lead] = position;
      for (let phrase = 0; phrase < phrases.length; phrase += 1) {
        if (phrase === lead) continue;
        const { slots, length } = phrases[phrase]!;
        const found = seek(slots, length, at[phrase]!, slot);
        // A list past its last slot holds none of the lead's later slots either.
        if (found === length) break next;
        at[phrase] = found;
        if (slots[found] !== slot) continue next;
      }
      markedBy[slot] = number;
      if (ranked) {
        let total = 0;
        for (let phrase = 0; phrase < phrases.length; phrase += 1) {
          const freq = phrases[phrase]!.freqs[at[phrase]!]!;
          total += this.bm25(idfs[phrase]!, freq, slot, averageLength);
        }
        score[slot] = total;
      }
      touched[count] = slot;
      count += 1;
    }
    return touched.subarray(0, count);
  }

  /**
   * A phrase's part of a slot's bm25: its idf times its weighted count's share, against the
   * task's length.
   */
  private bm25(idf: number, count: number, slot: number, averageLength: number): number {
    const lengthPart = K1 * (1 - B + (B * this.lengths[slot]!) / averageLength);
    return (idf * (count * (K1 + 1))) / (count + lengthPart);
  }

  /** What the bm25 of a one-word search's matches needs beside each one's count in `list`. */
  private scoringOf(list: SlotList): {
    idf: number;
    averageLength: number;
    freqs: ArrayLike<number>;
  } {
    const rows = Math.max(this.liveCount, 1);
    return {
      idf: idfOf(list.length, rows),
      averageLength: this.totalLength / rows || 1,
      freqs: list.freqs,
    };
  }

  /**
   * The entry of a prefix: its terms' lists merged (one term's is its postings), kept. Undefined
   * when no term starts with it.
   */
  private prefixEntry(prefix: string): PrefixEntry | undefined {
    const kept = this.prefixes.get(prefix);
    if (kept) return kept;
    const lists = this.termsStartingWith(prefix).map(
      (term) => this.postings[this.termIds.get(term)!]!,
    );
    if (lists.length === 0) return undefined;
    const list = lists.length === 1 ? lists[0]! : this.merged(lists);
    const entry: PrefixEntry = { prefix, list, bits: undefined };
    this.prefixes.set(
      prefix,
      entry,
      PREFIX_ENTRY_BYTES + (lists.length === 1 ? 0 : list.length * 8),
    );
    return entry;
  }

  /**
   * Several lists as one, in slot order, each slot with the sum of its counts: summed per slot
   * in `mergeCounts`, each slot met marked in `mergeMarks`, then read back in slot order from
   * the marks, a word (32 slots) at a time, and both cleared. Reading back every slot from the
   * lowest was most of a prefix's first search (100,000 slots for a few thousand matches).
   * Every count in a list is 1 or more (a word's weighted count), so a slot not yet met has 0.
   */
  private merged(lists: readonly SlotList[]): SlotList {
    const counts = (this.mergeCounts = grow(this.mergeCounts, this.size));
    const marks = (this.mergeMarks = grow(this.mergeMarks, wordsFor(this.size)));
    let length = 0;
    let lowest = this.size;
    for (const { slots, freqs, length: listLength } of lists) {
      for (let at = 0; at < listLength; at += 1) {
        const slot = slots[at]!;
        if (counts[slot] === 0) {
          length += 1;
          setSlot(marks, slot, true);
        }
        counts[slot]! += freqs[at]!;
      }
      if (listLength > 0) lowest = Math.min(lowest, slots[0]!);
    }
    const slots = new Int32Array(length);
    const freqs = new Uint32Array(length);
    for (let word = lowest >>> 5, at = 0; at < length; word += 1) {
      let bits = marks[word]!;
      if (bits === 0) continue;
      marks[word] = 0;
      for (; bits !== 0; bits &= bits - 1) {
        const slot = (word << 5) | lowestBitOf(bits);
        slots[at] = slot;
        freqs[at] = counts[slot]!;
        counts[slot] = 0;
        at += 1;
      }
    }
    return { slots, freqs, length };
  }

  /**
   * Whether a slot is in a prefix's list: a bit per slot, set once when first asked. A task
   * posted since holds none of the prefix's terms (one that did would have dropped the entry),
   * so a slot past the bits is no match.
   */
  private memberOf(entry: PrefixEntry): (slot: number) => boolean {
    return (slot) => {
      let bits = entry.bits;
      if (!bits) {
        bits = entry.bits = new Uint32Array(wordsFor(this.size));
        const { slots, length } = entry.list;
        for (let at = 0; at < length; at += 1) setSlot(bits, slots[at]!, true);
        this.prefixes.grow(entry.prefix, bits.byteLength);
      }
      return hasSlot(bits, slot);
    };
  }

  /** A term's tasks changed: the prefixes it starts with are read again when next searched. */
  private forgetPrefixesOf(term: string): void {
    if (this.prefixes.size === 0) return;
    for (let end = 1; end <= term.length; end += 1) this.prefixes.delete(term.slice(0, end));
  }

  /** Whether a slot held every phrase of the last search (marked by `match`). */
  private matchTest(): (slot: number) => boolean {
    const { markedBy } = this;
    const number = this.searchNumber;
    return (slot) => markedBy[slot] === number;
  }

  /** A column's order, ascending (1) or descending (-1), ties newest first. */
  private orderBy(key: OrderKey, direction: 1 | -1): SlotOrder {
    const value = this.columns[key];
    return new SlotOrder(
      [key, 'created'],
      direction === 1 ? value : (slot) => -value(slot),
      (a, b) => this.newerFirst(a, b),
    );
  }

  /**
   * Where a walk down `sort`'s order starts: at the first deadline a search takes (today for
   * open tasks), at its least budget going up, at its greatest going down.
   */
  private startOf(sort: ColumnSort, query: IndexQuery): number {
    const { deadlines, budgets } = this;
    const { minBudgetCents: min, maxBudgetCents: max } = query;
    if (sort === 'deadline') {
      const day = earliestOf(query);
      return this.firstWhere(sort, (slot) => deadlines[slot]! >= day);
    }
    if (sort === 'budget_asc' && min !== undefined) {
      return this.firstWhere(sort, (slot) => budgets[slot]! >= min);
    }
    if (sort === 'budget_desc' && max !== undefined) {
      return this.firstWhere(sort, (slot) => budgets[slot]! <= max);
    }
    return 0;
  }

  /** The first position in `sort`'s order whose slot passes `isIn`, false before it, true after. */
  private firstWhere(sort: ColumnSort, isIn: (slot: number) => boolean): number {
    const { slots, length } = this.orders[sort];
    let low = 0;
    let high = length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (isIn(slots[middle]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private valueOf(key: OrderKey, slot: number): number {
    return this.columns[key](slot);
  }

  /**
   * A search's filters (slot-filter.ts): the tasks in search, or those that take offers on its
   * day, within its categories, posted up to its cut, and the bounds on deadline and budget
   * that it sets.
   */
  private filterOf(query: IndexQuery): SlotFilter {
    let bits = query.status === 'open' ? this.openOn(dayNumber(query.today)) : this.inSearch;
    if (query.categories?.length) {
      const words = wordsFor(this.size);
      const combined = (this.filterBits = grow(this.filterBits, words));
      combined.fill(0, 0, words);
      for (const category of new Set(query.categories)) {
        const inCategory = this.inCategory[this.categoryCodes.get(category) ?? -1];
        if (!inCategory) continue;
        for (let word = 0; word < words; word += 1) combined[word]! |= inCategory[word]!;
      }
      for (let word = 0; word < words; word += 1) combined[word]! &= bits[word]!;
      bits = combined;
    }
    const { deadlineFrom, deadlineTo, minBudgetCents, maxBudgetCents } = query;
    const bounded =
      deadlineFrom !== undefined ||
      deadlineTo !== undefined ||
      minBudgetCents !== undefined ||
      maxBudgetCents !== undefined;
    return new SlotFilter(
      bits,
      this.endOf(query.maxSeq),
      bounded
        ? {
            deadlines: this.deadlines,
            budgets: this.budgets,
            from: deadlineFrom ? dayNumber(deadlineFrom) : -Infinity,
            to: deadlineTo ? dayNumber(deadlineTo) : Infinity,
            min: minBudgetCents ?? -Infinity,
            max: maxBudgetCents ?? Infinity,
          }
        : undefined,
    );
  }

  /** The first slot whose task was posted after `maxSeq` (slots are in seq order). */
  private endOf(maxSeq: number): number {
    let low = 0;
    let high = this.size;
    if (this.lastSeq <= maxSeq) return high;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.seqs[middle]! <= maxSeq) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Whether a slot's task is in search: posted and not deleted, hidden or a banned poster's. */
  private isInSearch(slot: number): boolean {
    return (
      this.live[slot] === 1 &&
      this.hidden[slot] === 0 &&
      this.bannedUsers[this.posters[slot]!] !== 1
    );
  }

  /** Whether a task in search takes offers on `day`: open, its deadline not before it. */
  private takesOffers(slot: number, day: number): boolean {
    return this.statuses[slot] === OPEN && this.deadlines[slot]! >= day;
  }

  /** A slot's bits in the sets its task's columns decide, after they changed. */
  private setBits(slot: number): void {
    const isIn = this.isInSearch(slot);
    setSlot(this.inSearch, slot, isIn);
    for (const [day, bits] of this.openByDay) {
      setSlot(bits, slot, isIn && this.takesOffers(slot, day));
    }
  }

  /**
   * The tasks in search that take offers on `day`, kept for the two latest days asked for (a
   * later page of a search keeps the day of its first, so the days before and after midnight
   * are both asked); an earlier day's are made for its search and not kept.
   */
  private openOn(day: number): SlotBits {
    const kept = this.openByDay.get(day);
    if (kept) return kept;
    const bits = new Uint32Array(this.inSearch.length);
    for (let slot = 0; slot < this.size; slot += 1) {
      if (hasSlot(this.inSearch, slot) && this.takesOffers(slot, day)) setSlot(bits, slot, true);
    }
    this.openByDay.set(day, bits);
    if (this.openByDay.size > 2) this.openByDay.delete(Math.min(...this.openByDay.keys()));
    return bits;
  }

  /** created_at newest first, then id, as search.store.ts orders ties. */
  private newerFirst(a: number, b: number): number {
    const created = this.created[b]! - this.created[a]!;
    if (created !== 0) return created;
    const idA = this.ids[a]!;
    const idB = this.ids[b]!;
    return idA < idB ? 1 : idA > idB ? -1 : 0;
  }

  // --- keeping it ---

  private termsStartingWith(prefix: string): string[] {
    const terms = this.termsInOrder();
    const found: string[] = [];
    for (
      let at = firstFrom(terms, prefix);
      at < terms.length && terms[at]!.startsWith(prefix);
      at += 1
    ) {
      found.push(terms[at]!);
    }
    return found;
  }

  /** Every term in order: each new one put in its place, or all sorted when they are many. */
  private termsInOrder(): string[] {
    let terms = this.sortedTerms;
    if (!terms) terms = this.sortedTerms = [...this.terms].sort();
    else for (const term of this.newTerms) terms.splice(firstFrom(terms, term), 0, term);
    this.newTerms.length = 0;
    return terms;
  }

  /**
   * A new term for the order kept, if one is: put in place one by one while they are few
   * (each a move of the list), all sorted again when more came than that (a log applied
   * after a while, a build).
   */
  private addToSortedTerms(term: string): void {
    if (!this.sortedTerms) return;
    if (this.newTerms.length < TERMS_PUT_IN_PLACE) this.newTerms.push(term);
    else {
      this.sortedTerms = undefined;
      this.newTerms.length = 0;
    }
  }

  /** Whether the slot's text is indexed as `text` already (a bid, a status: most changes). */
  private hasText(slot: number, text: TextEntry): boolean {
    const count = this.termsCount[slot]!;
    if (count === 0 || count !== text.terms.length) return false;
    if (this.lengths[slot] !== text.length) return false;
    const start = this.termsStart[slot]!;
    return text.terms.every((term, index) => {
      const id = this.termIds.get(term);
      return (
        id !== undefined &&
        id === this.forward[start + index] &&
        this.postings[id]!.freqOf(slot) === text.freqs[index]
      );
    });
  }

  private indexText(slot: number, text: TextEntry): void {
    const count = text.terms.length;
    if (this.forwardEnd + count > this.forward.length) this.growForward(count);
    const start = this.forwardEnd;
    this.forwardEnd += count;
    text.terms.forEach((term, index) => {
      this.forgetPrefixesOf(term);
      let id = this.termIds.get(term);
      if (id === undefined) {
        id = this.terms.length;
        this.termIds.set(term, id);
        this.terms.push(term);
        this.postings.push(new Postings());
        this.addToSortedTerms(term);
      }
      this.forward[start + index] = id;
      if (this.pending) this.pending[start + index] = Math.min(text.freqs[index]!, 0xffff);
      else this.postings[id]!.add(slot, text.freqs[index]!);
    });
    this.termsStart[slot] = start;
    this.termsCount[slot] = count;
    this.lengths[slot] = text.length;
    this.totalLength += text.length;
  }

  private unindexText(slot: number): void {
    const count = this.termsCount[slot]!;
    if (count === 0) return;
    const start = this.termsStart[slot]!;
    for (let at = start; at < start + count; at += 1) {
      const term = this.forward[at]!;
      this.postings[term]!.remove(slot);
      this.forgetPrefixesOf(this.terms[term]!);
    }
    this.termsCount[slot] = 0;
    this.forwardGarbage += count;
    this.totalLength -= this.lengths[slot]!;
    this.lengths[slot] = 0;
  }

  /**
   * Room for `more` entries in `forward`: its live entries copied into an array with a quarter
   * to spare (so edited and deleted tasks' old terms go), or twice as large while building.
   */
  private growForward(more: number): void {
    const live = this.forwardEnd - this.forwardGarbage;
    const size = this.pending
      ? Math.max(this.forward.length * 2, this.forwardEnd + more)
      : Math.ceil((live + more) * 1.25) + 1024;
    const forward = new Int32Array(size);
    const pending = this.pending ? new Uint16Array(size) : undefined;
    let end = 0;
    for (let slot = 0; slot < this.size; slot += 1) {
      const count = this.termsCount[slot]!;
      if (count === 0) continue;
      const start = this.termsStart[slot]!;
      forward.set(this.forward.subarray(start, start + count), end);
      pending?.set(this.pending!.subarray(start, start + count), end);
      this.termsStart[slot] = end;
      end += count;
    }
    this.forward = forward;
    this.pending = pending;
    this.forwardEnd = end;
    this.forwardGarbage = 0;
  }

  private codeOf(codes: Map<string, number>, value: string): number {
    let code = codes.get(value);
    if (code === undefined) {
      code = codes.size;
      codes.set(value, code);
    }
    return code;
  }

  private ensureRoom(size: number): void {
    this.hashA = grow(this.hashA, size);
    this.hashB = grow(this.hashB, size);
    this.seqs = grow(this.seqs, size);
    this.statuses = grow(this.statuses, size);
    this.categories = grow(this.categories, size);
    this.budgets = grow(this.budgets, size);
    this.deadlines = grow(this.deadlines, size);
    this.bids = grow(this.bids, size);
    this.created = grow(this.created, size);
    this.posters = grow(this.posters, size);
    this.live = grow(this.live, size);
    this.hidden = grow(this.hidden, size);
    this.lengths = grow(this.lengths, size);
    this.termsStart = grow(this.termsStart, size);
    this.termsCount = grow(this.termsCount, size);
    this.markedBy = grow(this.markedBy, size);
    this.score = grow(this.score, size);
    const words = wordsFor(size);
    this.inSearch = grow(this.inSearch, words);
    for (const [day, bits] of this.openByDay) this.openByDay.set(day, grow(bits, words));
    this.inCategory.forEach((bits, code) => (this.inCategory[code] = grow(bits, words)));
  }
}
