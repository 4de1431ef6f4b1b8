import { describe, expect, it } from 'vitest';
import { dayInWords, responseTimeInWords } from './earned-figures.tsx';

describe('the earned figures in words (issue 50)', () => {
  it('a median response time', () => {
    expect(responseTimeInWords(null)).toBe('None yet');
    expect(responseTimeInWords(5)).toBe('within an hour');
    expect(responseTimeInWords(60)).toBe('within an hour');
    expect(responseTimeInWords(90)).toBe('within 2 hours');
    expect(responseTimeInWords(23 * 60)).toBe('within 23 hours');
    expect(responseTimeInWords(23 * 60 + 1)).toBe('within a day');
    expect(responseTimeInWords(50 * 60)).toBe('within 3 days');
  });

  it('a last active day (UTC), to the day', () => {
    const now = new Date('2026-11-29T00:30:00Z');
    expect(dayInWords('2026-11-29', now)).toBe('today');
    expect(dayInWords('2026-11-28', now)).toBe('yesterday');
    expect(dayInWords('2025-03-04', now)).toBe(
      new Date('2025-03-04T12:00:00Z').toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      }),
    );
  });
});
