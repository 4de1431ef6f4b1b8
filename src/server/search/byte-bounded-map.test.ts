import { describe, expect, it } from 'vitest';
import { ByteBoundedMap } from './byte-bounded-map.ts';

describe('a map bounded by the bytes of its entries', () => {
  it('lets the oldest go first, but one read since after a second chance', () => {
    const map = new ByteBoundedMap<string, number>(30);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      map.set(key, value, 10);
    expect(map.get('a')).toBe(1);
    map.set('d', 4, 10);
    expect([...map].map(([key]) => key)).toEqual(['c', 'd', 'a']);
    expect(map.bytes).toBe(30);
  });

  it('counts what an entry grows by, and spares the entry that grew or came last', () => {
    const map = new ByteBoundedMap<string, number>(30);
    map.set('a', 1, 10);
    map.set('b', 2, 10);
    map.grow('b', 15);
    expect([...map].map(([key]) => key)).toEqual(['b']);
    expect(map.bytes).toBe(25);
    // Alone beyond the bound: kept, as the one just put in.
    map.set('c', 3, 40);
    expect([...map].map(([key]) => key)).toEqual(['c']);
    map.delete('c');
    expect(map.size).toBe(0);
    expect(map.bytes).toBe(0);
  });
});
