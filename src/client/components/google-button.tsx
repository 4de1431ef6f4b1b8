import { AUTH_MESSAGES } from '../../shared/account-rules.ts';
import { loadPublicConfig } from '../lib/public-config.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';
import { useToast } from './toaster.tsx';

/**
 * "or" and "Continue with Google", only where the server offers Google sign-in (GET /api/config,
 * issue 8). The page waits for the answer, so the button never pops in under the form.
 */
export function GoogleSignInOption({ onSignedIn }: { onSignedIn(): void }) {
  const { googleSignIn } = useRouteData('public-config', loadPublicConfig);
  if (!googleSignIn) return null;
  return (
    <>
      <div className="divider">or</div>
      <GoogleButton onSignedIn={onSignedIn} />
    </>
  );
}

/** "Continue with Google": the popup flow, then spec §8's welcome for new users or the login text. */
function GoogleButton({ onSignedIn }: { onSignedIn(): void }) {
  const { signInWithGoogle } = useSession();
  const toast = useToast();
  async function start() {
    try {
      const { user, isNewUser } = await signInWithGoogle();
      toast.success(
        isNewUser ? AUTH_MESSAGES.googleWelcome(user.name) : AUTH_MESSAGES.loginSuccess(user.name),
      );
      onSignedIn();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }
  return (
    <button type="button" className="btn btn-outline w-full" onClick={start}>
      <svg viewBox="0 0 48 48" className="h-5 w-5" aria-hidden="true">
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.6 13.2l7.8 6C12.3 13.6 17.7 9.5 24 9.5z"
        />
        <path
          fill="#4285F4"
          d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4 7.1-10 7.1-17.5z"
        />
        <path
          fill="#FBBC05"
          d="M10.4 28.8c-.5-1.5-.8-3.1-.8-4.8s.3-3.3.8-4.8l-7.8-6C.9 16.5 0 20.1 0 24s.9 7.5 2.6 10.8l7.8-6z"
        />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.9 2.3-8.4 2.3-6.3 0-11.7-4.1-13.6-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z"
        />
      </svg>
      Continue with Google
    </button>
  );
}
