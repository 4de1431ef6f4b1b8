import { APIError } from 'better-auth/api';
import { describe, expect, it } from 'vitest';
import { databaseFailureOf } from './database-errors.ts';

const driverError = (code: string) => Object.assign(new Error('from the driver'), { code });

describe('databaseFailureOf', () => {
  it('reads the driver error, and one a library wrapped around it (its cause)', () => {
    expect(databaseFailureOf(driverError('57P01'))).toBe('unavailable');
    expect(databaseFailureOf(driverError('55P03'))).toBe('busy');
    // Better Auth's session lookup, when PostgreSQL ends its connection (issue 16).
    const wrapped = APIError.from('INTERNAL_SERVER_ERROR', {
      message: 'Failed to get session',
      code: 'FAILED_TO_GET_SESSION',
    });
    expect(databaseFailureOf(Object.assign(wrapped, { cause: driverError('57P01') }))).toBe(
      'unavailable',
    );
  });

  it('says nothing of other errors, nor of causes followed without end', () => {
    expect(databaseFailureOf(new Error('a bug'))).toBeUndefined();
    expect(databaseFailureOf(driverError('23505'))).toBeUndefined();
    expect(databaseFailureOf('57P01')).toBeUndefined();
    const loop: Error = new Error('loops');
    loop.cause = loop;
    expect(databaseFailureOf(loop)).toBeUndefined();
  });
});
