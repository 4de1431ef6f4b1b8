import { describe, expect, it } from 'vitest';
import { firstOf, setSlot, SlotFilter, wordsFor } from './slot-filter.ts';

/**
 * The bits and selection a search's filters are made of (slot-filter.ts): each against the
 * plain version it replaces, on sets and keys drawn at random (a fixed seed).
 */

function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 48_271) >>> 0) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

describe('firstOf', () => {
  // Few distinct keys: ties at the page's last key, which the full order breaks.
  it.each([
    [1_000, 20, 1_000_000],
    [1_000, 60, 5],
    [300, 1, 2],
    [64, 64, 10],
    [10, 60, 3],
  ])(
    'of %i slots, the first %i as a full sort orders them (keys from %i values)',
    (length, count, values) => {
      const random = randomOf(length + count + values);
      const keys = Array.from({ length: length + 50 }, () => Math.floor(random() * values));
      const slots = Array.from({ length }, (_, at) => at + 50).sort(() => random() - 0.5);
      const compare = (a: number, b: number) => keys[a]! - keys[b]! || b - a;
      const expected = [...slots].sort(compare).slice(0, count);
      expect(firstOf(slots, (slot) => keys[slot]!, compare, count)).toEqual(expected);
    },
  );
});

describe('SlotFilter', () => {
  const size = 1_000;
  const random = randomOf(9);
  const bits = new Uint32Array(wordsFor(size));
  const deadlines = new Int32Array(size);
  const budgets = new Float64Array(size);
  for (let slot = 0; slot < size; slot += 1) {
    setSlot(bits, slot, random() < 0.4);
    deadlines[slot] = 20261201 + Math.floor(random() * 28);
    budgets[slot] = Math.floor(random() * 50_000);
  }
  const bounds = { deadlines, budgets, from: 20261205, to: 20261220, min: 10_000, max: 40_000 };
  const plain = (slot: number, end: number, bounded: boolean) =>
    slot < end &&
    (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0 &&
    (!bounded ||
      (deadlines[slot]! >= bounds.from &&
        deadlines[slot]! <= bounds.to &&
        budgets[slot]! >= bounds.min &&
        budgets[slot]! <= bounds.max));

  it.each([
    [size, false],
    [size, true],
    [613, false],
    [613, true],
    [0, false],
  ])(
    'below slot %i (bounds: %s), passes and counts the slots the plain test does',
    (end, bounded) => {
      const filter = new SlotFilter(bits, end, bounded ? bounds : undefined);
      const passing = Array.from({ length: size }, (_, slot) => slot).filter((slot) =>
        plain(slot, end, bounded),
      );
      for (let slot = 0; slot < size; slot += 1) {
        expect(filter.passes(slot)).toBe(plain(slot, end, bounded));
      }
      expect(filter.count(size)).toBe(passing.length);
      // Counting stops at its limit.
      expect(filter.count(7)).toBe(Math.min(7, passing.length));
    },
  );
});
