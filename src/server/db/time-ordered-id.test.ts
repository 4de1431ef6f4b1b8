import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.ts';

describe('timeOrderedId', () => {
  it('is a UUID version 7 whose order is the order of its times', () => {
    const id = timeOrderedId(Date.UTC(2026, 10, 23));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id.slice(0, 13)).toBe('01a205b3-d000');
    const times = [1, 2, 1000, 2 ** 40, 2 ** 47].map((ms) => timeOrderedId(ms));
    expect([...times].sort()).toEqual(times);
  });

  it('differs within one millisecond', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => timeOrderedId(42)));
    expect(ids.size).toBe(10_000);
  });
});
