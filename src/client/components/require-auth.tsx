import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';
import { Spinner } from './spinner.tsx';

/** The attempted location, passed to /login as state (spec §2 "Protected routes"). */
export interface FromState {
  from?: { pathname: string; search?: string };
}

/**
 * A protected route: spinner while the session loads, /login without a signed-in user. `preload`
 * starts the page's code meanwhile, so it does not wait for the session's answer (issue 48).
 */
export function RequireAuth({ children, preload }: { children: ReactNode; preload?: () => void }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading && !user) {
    preload?.();
    return <Spinner label="Checking sign-in" />;
  }
  if (!user?.email) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children;
}

/**
 * /login and /signup: a user already signed in when the page opens goes on to the attempted path
 * (or home) at once, the form never shown (issue 8); the spinner shows while the session loads.
 * Once the form is shown it stays: signing in on it goes on by itself, with its welcome.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const [isFormShown, setIsFormShown] = useState(false);
  if (!isFormShown) {
    if (user) return <Navigate to={destinationAfterAuth(location.state)} replace />;
    if (isLoading) return <Spinner label="Checking sign-in" />;
    setIsFormShown(true);
  }
  return children;
}

/** Where to go after login or signup: back to the attempted path, or home. */
export function destinationAfterAuth(state: unknown): string {
  const from = (state as FromState | null)?.from;
  return from?.pathname ? `${from.pathname}${from.search ?? ''}` : paths.home;
}
