import { GOOGLE_POPUP_DONE_PAGE } from '../../shared/account-rules.ts';
import { fetchOrUnreachable } from './api-error.ts';
import { apiPaths } from './paths.ts';

export const GOOGLE_CHANNEL = 'tasklane-google-sign-in';

export const GOOGLE_MESSAGES = {
  popupBlocked:
    'The Google sign-in window was blocked by the browser. Allow pop-ups for this site and try again.',
  popupClosed: 'The Google sign-in window was closed before sign-in finished.',
  accountNotLinked:
    'This email already has a Tasklane password. Log in with your email and password instead.',
  accessDenied: 'Google sign-in was cancelled.',
  failed: 'Google sign-in failed. Please try again.',
} as const;

function messageForError(code: string): string {
  if (code === 'account_not_linked') return GOOGLE_MESSAGES.accountNotLinked;
  if (code === 'access_denied') return GOOGLE_MESSAGES.accessDenied;
  return GOOGLE_MESSAGES.failed;
}

async function startGoogleSignIn(): Promise<string> {
  const done = (result: string) => `${GOOGLE_POPUP_DONE_PAGE}?result=${result}`;
  const response = await fetchOrUnreachable(`${apiPaths.authBase}/sign-in/social`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      provider: 'google',
      callbackURL: done('signed-in'),
      newUserCallbackURL: done('new-user'),
      errorCallbackURL: done('error'),
      disableRedirect: true,
    }),
  });
  const data = (await response.json().catch(() => null)) as {
    url?: string;
    message?: string;
  } | null;
  if (!response.ok || !data?.url) throw new Error(data?.message || GOOGLE_MESSAGES.failed);
  return data.url;
}

/**
 * Runs the OpenID Connect flow in the popup (spec §3 "sign in with Google popup"); the popup's
 * last page reports back on a BroadcastChannel. Resolves once the session cookie is set.
 */
export async function signInWithGooglePopup(popup: Window | null): Promise<{ isNewUser: boolean }> {
  if (!popup) throw new Error(GOOGLE_MESSAGES.popupBlocked);
  let url: string;
  try {
    url = await startGoogleSignIn();
  } catch (error) {
    popup.close();
    throw error;
  }
  popup.location.href = url;

  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(GOOGLE_CHANNEL);
    let closedChecks = 0;
    const timer = window.setInterval(() => {
      // Two checks in a row: a window between two documents can look closed for an instant.
      closedChecks = popup.closed ? closedChecks + 1 : 0;
      if (closedChecks >= 2) finish(() => reject(new Error(GOOGLE_MESSAGES.popupClosed)));
    }, 500);
    function finish(settle: () => void) {
      window.clearInterval(timer);
      channel.close();
      settle();
    }
    channel.onmessage = (event: MessageEvent<{ result?: string; error?: string }>) => {
      const { result, error } = event.data ?? {};
      if (result === 'error' || error) {
        finish(() => reject(new Error(messageForError(error ?? ''))));
      } else {
        finish(() => resolve({ isNewUser: result === 'new-user' }));
      }
    };
  });
}
