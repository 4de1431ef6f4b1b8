// Apart from api.ts: the shell (the route boundary) tells these failures apart without loading
// the API module, which the pages load.

/**
 * A refusal from the API, carrying its `{message}`, status and the answer's body (its other
 * fields, such as a 409's new `totalCents`), for callers that read them with a shared schema.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** What the user reads when the server does not answer (issue 8). */
export const UNREACHABLE_MESSAGE = 'Could not reach Tasklane. Check your connection and try again.';

/** `fetch`, with "no answer at all" as an ApiError of status 0 carrying a message for people. */
export async function fetchOrUnreachable(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
}
