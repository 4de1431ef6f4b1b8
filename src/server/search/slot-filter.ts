/**
 * What a search of the index (task-index.ts) keeps of its matches, as bits a slot, and the first
 * of them in an order. A search walks thousands of matches, and for each one the filters used to
 * read six columns and a poster's ban: 45 ns a match, the larger part of a search's time. Most of
 * a search's filters are known before it starts, as sets of tasks the index keeps up to date:
 * the tasks in search at all, those that take offers on a day, each category's. Their bits,
 * combined a word (32 slots) at a time, leave one bit to test a match, and a total counted a word
 * at a time (docs/decisions/032-search-index.md).
 */

/** A set of slots, a bit each, in 32-bit words. */
export type SlotBits = Uint32Array;

/** Words for `size` slots. */
export const wordsFor = (size: number) => (size >>> 5) + 1;

export const hasSlot = (bits: SlotBits, slot: number) =>
  ((bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;

/** Where a word's lowest set bit is (0–31): a slot of the word, read set bit by set bit. */
export const lowestBitOf = (word: number) => 31 - Math.clz32(word & -word);

/** Puts the slot in the set or takes it out. The set must have its word. */
export function setSlot(bits: SlotBits, slot: number, isIn: boolean): void {
  if (isIn) bits[slot >>> 5]! |= 1 << (slot & 31);
  else bits[slot >>> 5]! &= ~(1 << (slot & 31));
}

/** How many bits a 32-bit word has set. */
function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The bounds a search sets on a column, tested slot by slot on what the bits let through. */
export interface SlotBounds {
  deadlines: Int32Array;
  budgets: Float64Array;
  /** Deadline's day numbers (task-index.ts dayNumber), both included. */
  from: number;
  to: number;
  /** Budgets in cents, both included. */
  min: number;
  max: number;
}

const NO_DEADLINES = new Int32Array(0);
const NO_BUDGETS = new Float64Array(0);

/**
 * A search's filters: its slots' bits, the first slot posted after its cut (slots are in seq
 * order), and the bounds on deadlines and budgets, if it has any.
 */
export class SlotFilter {
  private readonly bits: SlotBits;
  readonly end: number;
  private readonly bounded: boolean;
  private readonly deadlines: Int32Array;
  private readonly budgets: Float64Array;
  private readonly from: number;
  private readonly to: number;
  private readonly min: number;
  private readonly max: number;

  constructor(bits: SlotBits, end: number, bounds: SlotBounds | undefined) {
    this.bits = bits;
    this.end = end;
    this.bounded = bounds !== undefined;
    this.deadlines = bounds?.deadlines ?? NO_DEADLINES;
    this.budgets = bounds?.budgets ?? NO_BUDGETS;
    this.from = bounds?.from ?? -Infinity;
    this.to = bounds?.to ?? Infinity;
    this.min = bounds?.min ?? -Infinity;
    this.max = bounds?.max ?? Infinity;
  }

  passes(slot: number): boolean {
    if (slot >= this.end || !hasSlot(this.bits, slot)) return false;
    return !this.bounded || this.withinBounds(slot);
  }

  /** How many slots pass, counting no further than `limit`. */
  count(limit: number): number {
    const { bits, end } = this;
    const words = end >>> 5;
    let count = 0;
    // Whole words, at once where no bounds are left to test.
    for (let word = 0; word < words && count < limit; word += 1) {
      const value = bits[word]!;
      if (value === 0) continue;
      if (!this.bounded) count += bitCount(value);
      else count += this.countWithinBounds(word << 5, value);
    }
    // The last word's slots below `end`, one by one.
    for (let slot = words << 5; slot < end && count < limit; slot += 1) {
      if (this.passes(slot)) count += 1;
    }
    return Math.min(count, limit);
  }

  private withinBounds(slot: number): boolean {
    const deadline = this.deadlines[slot]!;
    if (deadline < this.from || deadline > this.to) return false;
    const budget = this.budgets[slot]!;
    return budget >= this.min && budget <= this.max;
  }

  /** The set bits of `value`, the word of slots from `base`, that are within the bounds. */
  private countWithinBounds(base: number, value: number): number {
    let count = 0;
    for (let rest = value; rest !== 0; rest &= rest - 1) {
      if (this.withinBounds(base + lowestBitOf(rest))) count += 1;
    }
    return count;
  }
}

/**
 * The `rank`th smallest of `keys` (0 the smallest), by selection: `keys` is reordered. NaN
 * keys are not expected (each is a number of the index's columns).
 */
function selectSmallest(keys: Float64Array, rank: number): number {
  let low = 0;
  let high = keys.length - 1;
  while (low < high) {
    const pivot = keys[(low + high) >>> 1]!;
    let left = low;
    let right = high;
    while (left <= right) {
      while (keys[left]! < pivot) left += 1;
      while (keys[right]! > pivot) right -= 1;
      if (left <= right) {
        const swap = keys[left]!;
        keys[left] = keys[right]!;
        keys[right] = swap;
        left += 1;
        right -= 1;
      }
    }
    if (rank <= right) high = right;
    else if (rank >= left) low = left;
    else return keys[rank]!;
  }
  return keys[rank]!;
}

/** Room for the keys of `firstOf`, and for their selection: kept, not allocated a search. */
let keys = new Float64Array(1024);
let selection = new Float64Array(1024);

/**
 * The first `count` of `slots` by `compare`, a total order whose first key is `keyOf` (a smaller
 * key first), in that order. The `count`th smallest key is selected first, and only the slots
 * with a key no greater are sorted: a page is a few dozen of a thousand.
 */
export function firstOf(
  slots: number[],
  keyOf: (slot: number) => number,
  compare: (a: number, b: number) => number,
  count: number,
): number[] {
  const length = slots.length;
  if (length <= count) return slots.sort(compare);
  if (keys.length < length) {
    keys = new Float64Array(length * 2);
    selection = new Float64Array(length * 2);
  }
  for (let at = 0; at < length; at += 1) keys[at] = keyOf(slots[at]!);
  selection.set(keys.subarray(0, length));
  const bound = selectSmallest(selection.subarray(0, length), count - 1);
  const chosen: number[] = [];
  for (let at = 0; at < length; at += 1) if (keys[at]! <= bound) chosen.push(slots[at]!);
  // Only a key that is not a number would leave fewer: then every slot is sorted.
  return (chosen.length >= count ? chosen : slots).sort(compare).slice(0, count);
}
