// Apart from api.ts: the shell (the route boundary) tells these failures apart without loading
// the API module, which the pages load.

/** A refusal from the API, carrying its `{message}` and status. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
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
