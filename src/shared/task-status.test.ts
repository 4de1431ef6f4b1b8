import { describe, expect, it } from 'vitest';
import { todayUtc } from './task-status.ts';

describe('todayUtc', () => {
  it('is the UTC day of the instant, whatever instant came before', () => {
    const instants = [
      '2026-11-27T23:59:59.999Z',
      '2026-11-28T00:00:00.000Z',
      '2026-11-27T00:00:00.000Z',
      '2026-11-27T12:00:00.000Z',
      '2026-11-26T23:59:59.999Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '2030-02-28T23:59:59.999Z',
      '2030-03-01T00:00:00.001Z',
    ];
    for (const instant of instants) {
      expect(todayUtc(new Date(instant))).toBe(instant.slice(0, 10));
    }
  });

  it('refuses an invalid date, as toISOString does', () => {
    expect(() => todayUtc(new Date(Number.NaN))).toThrow(RangeError);
  });
});
