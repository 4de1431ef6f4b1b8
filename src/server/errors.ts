/** The one error type of the API (STYLE.md §4); http-errors.ts maps its codes to statuses. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'service_unavailable';

export class AppError extends Error {
  readonly code: ErrorCode;
  /** More fields of the answer beside `message` (a 402's `checkout`, a 409's new total). */
  readonly extra: Record<string, string | number> | undefined;
  constructor(code: ErrorCode, message: string, extra?: Record<string, string | number>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.extra = extra;
  }
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  service_unavailable: 503,
};

export const SIGN_IN_REQUIRED = 'You need to sign in first.';
