import { describe, expect, it } from 'vitest';
import { directoryResultSchema, type DirectoryItem } from '../../shared/freelancer-directory.ts';
import { lazyAnswerWriter } from '../serializer.ts';
import { writePage } from './directory-answer.ts';

/** Issue 50: a directory page written from its items' kept JSON is the route's own bytes. */
const writeWhole = lazyAnswerWriter(directoryResultSchema, '/api/freelancers');

const item = (n: number): DirectoryItem => ({
  _id: `freelancer-${n}`,
  name: `Zoë "Quoted" Ñandú ${n}`,
  image: n % 2 ? `/api/files/photo-${n}` : null,
  headline: n % 3 ? 'Logos \\ brands\nand [email hidden] — 🎨' : null,
  skills: ['Logo design', 'Branding'],
  rate: n % 2 ? { amount: 45.5, unit: 'hourly' } : null,
  available: n % 2 === 0,
  rating: { average: n % 2 ? 4.75 : null, count: n },
  jobsCompleted: n * 3,
});

describe('a directory page', () => {
  it('is written as the route would write it, its items kept or not', () => {
    const frozen = [1, 2, 3, 4].map((n) => Object.freeze(item(n)));
    const page = { items: frozen, total: 1000, totalIsLowerBound: true, page: 2, pageSize: 4 };
    expect(writePage(page)).toBe(writeWhole(page));
    // Again from the kept JSON, and with items made anew (the engine's cards: not kept).
    expect(writePage(page)).toBe(writeWhole(page));
    const fresh = { ...page, items: [item(5), frozen[0]!], totalIsLowerBound: false, total: 2 };
    expect(writePage(fresh)).toBe(writeWhole(fresh));
    const empty = { items: [], total: 0, totalIsLowerBound: false, page: 1, pageSize: 20 };
    expect(writePage(empty)).toBe(writeWhole(empty));
    expect(JSON.parse(writePage(page))).toEqual(page);
  });
});
