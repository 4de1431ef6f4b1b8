import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { openGooglePopup } from './google-popup-window.ts';
import { importCode } from './load-failure.ts';
import { apiPaths } from './paths.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  /** Issue 19: whether the address is verified (Google's are). */
  emailVerified?: boolean;
  /** Issue 20: 'admin' for Tasklane's operators (what the page shows; the server checks). */
  role?: string | null;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  image: string;
}

/** The outcome of a Google sign-in: whether it created the account (spec §8's two welcomes). */
export interface GoogleResult {
  user: SessionUser;
  isNewUser: boolean;
}

interface SessionContextValue {
  user: SessionUser | null;
  isLoading: boolean;
  /** The new user, signed in; null when the server started no session (issue 47: check your email). */
  signUp(input: SignUpInput): Promise<SessionUser | null>;
  signIn(email: string, password: string): Promise<SessionUser>;
  signInWithGoogle(): Promise<GoogleResult>;
  updateProfile(input: { name: string; image: string }): Promise<SessionUser>;
  signOut(): Promise<void>;
  /** Reads the session again (after a change made outside these actions). */
  refresh(): Promise<SessionUser | null>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** The message of a Better Auth error answer, or of anything thrown. */
function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && error.message) {
    return String(error.message);
  }
  return 'Something went wrong. Please try again.';
}

/** The signed-in user, or null; throws when the server gives no answer about it. */
async function fetchSessionUser(): Promise<SessionUser | null> {
  const response = await fetch(apiPaths.session, { credentials: 'same-origin' });
  // Only a clear "no session" signs the page out; a refusal to answer (429, 5xx) is no answer.
  if (response.status >= 500 || response.status === 429)
    throw new Error(`The session could not be read (${response.status}).`);
  if (!response.ok) return null;
  const data = (await response.json()) as { user?: SessionUser } | null;
  return data?.user ?? null;
}

// Offline, a failed import says it could not reach Tasklane, not the browser's raw error (issue 8).
const loadAuthClient = () =>
  importCode(() => import('./auth-client.ts')).then((module) => module.authClient);

/**
 * The authentication context of spec §3/§4: the user (or none) and a loading flag that starts
 * true, turns true when any action starts and false, with the user replaced, when it settles.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [isLoading, setIsLoading] = useState(true);

  const settle = useCallback(async () => {
    // No answer from the server: the session is unknown, so the user shown stays (a logout that
    // could not reach the server has not signed anyone out; issue 8).
    const current = await fetchSessionUser().catch(() => undefined);
    if (current !== undefined) setUser(current);
    setIsLoading(false);
    return current ?? null;
  }, []);

  useEffect(() => {
    void settle();
  }, [settle]);

  /** Runs an auth action: loading while it runs, the session re-read after, errors rethrown. */
  const act = useCallback(
    async <T,>(action: () => Promise<{ error: unknown } & T>): Promise<SessionUser | null> => {
      setIsLoading(true);
      try {
        const result = await action();
        if (result.error) throw new Error(messageOf(result.error));
      } catch (error) {
        await settle();
        throw error instanceof Error ? error : new Error(messageOf(error));
      }
      return settle();
    },
    [settle],
  );

  const requireUser = (current: SessionUser | null) => {
    if (!current) throw new Error('You are not signed in. Please try again.');
    return current;
  };

  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      isLoading,
      signUp: async (input) => act(async () => (await loadAuthClient()).signUp.email(input)),
      signIn: async (email, password) =>
        requireUser(
          await act(async () => (await loadAuthClient()).signIn.email({ email, password })),
        ),
      signInWithGoogle: async () => {
        const popup = openGooglePopup(); // before any await: pop-up blockers want the click
        setIsLoading(true);
        try {
          const { signInWithGooglePopup } = await importCode(() => import('./google-popup.ts'));
          const { isNewUser } = await signInWithGooglePopup(popup);
          return { user: requireUser(await settle()), isNewUser };
        } catch (error) {
          popup?.close(); // an import that failed never reached the flow that closes it
          await settle();
          throw error;
        }
      },
      updateProfile: async ({ name, image }) =>
        requireUser(
          await act(async () =>
            (await loadAuthClient()).updateUser({ name, image: image || null }),
          ),
        ),
      signOut: async () => {
        // Stay in the app (spec §4 'Logged out!'): never follow the provider's end-session URL.
        await act(async () => (await loadAuthClient()).signOut({ disableRedirect: true }));
      },
      refresh: settle,
    }),
    [user, isLoading, act, settle],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}
