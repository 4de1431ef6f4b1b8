/** The one error type of the API (STYLE.md §4); http-errors.ts maps its codes to statuses. */
export type ErrorCode =
  'bad_request' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'too_many_requests';

export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
};

export const SIGN_IN_REQUIRED = 'You need to sign in first.';
