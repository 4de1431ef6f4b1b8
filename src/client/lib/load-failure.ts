import { ApiError, UNREACHABLE_MESSAGE } from './api-error.ts';

/**
 * Pages and actions whose code or data cannot load (issue 8): the server is down, the network is
 * gone, or a redeploy removed the code chunk an open tab asks for.
 */

/** A dynamic import that failed; its message is for people, the browser's is its cause. */
export class CodeLoadError extends Error {
  override name = 'CodeLoadError';
  constructor(cause: unknown) {
    super(UNREACHABLE_MESSAGE, { cause });
  }
}

/** Imports a module of the app, a failure becoming a CodeLoadError. */
export async function importCode<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new CodeLoadError(error);
  }
}

/** What a Retry may cure: no answer from the API, code that did not load, a server error. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof CodeLoadError) return true;
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export const RELOAD_MARKER = 'tasklane:reloaded-for-new-code';

/**
 * A chunk that fails to load while the server answers is gone: the app was redeployed under this
 * tab. Reloads the page once to get the new version and resolves true; resolves false when the
 * server does not answer, or when the last reload did not help (the sessionStorage marker,
 * cleared by `markCodeLoaded`, stops a reload loop).
 */
export async function reloadOnceForNewCode(): Promise<boolean> {
  if (readMarker() !== null) return false;
  const isServerUp = await fetch('/', { method: 'HEAD', cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );
  if (!isServerUp || !writeMarker('1')) return false;
  window.location.reload();
  return true;
}

/** A page's code loaded: a later stale chunk may reload the page again. */
export function markCodeLoaded(): void {
  if (readMarker() !== null) writeMarker(null);
}

// Storage can be off or full: then there is no guard, so no automatic reload either.
function readMarker(): string | null {
  try {
    return sessionStorage.getItem(RELOAD_MARKER);
  } catch {
    return null;
  }
}

function writeMarker(value: string | null): boolean {
  try {
    if (value === null) sessionStorage.removeItem(RELOAD_MARKER);
    else sessionStorage.setItem(RELOAD_MARKER, value);
    return true;
  } catch {
    return false;
  }
}
