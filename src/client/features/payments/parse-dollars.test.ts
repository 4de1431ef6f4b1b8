import { describe, expect, it } from 'vitest';
import { parseDollarsToCents } from './parse-dollars.ts';

describe('parseDollarsToCents', () => {
  it.each([
    ['12.34', 1234],
    ['0.29', 29],
    ['1.00', 100],
    ['7', 700],
    ['7.', 700],
    ['.5', 50],
    ['  $1,234.50 ', 123450],
    ['19.99', 1999],
    ['0', 0],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  it.each(['', '.', '$', '-1', '1.234', '12,34', '1,2345', 'abc', '1e3', '12.3.4'])(
    'refuses %j',
    (text) => {
      expect(parseDollarsToCents(text)).toBeNull();
    },
  );
});
