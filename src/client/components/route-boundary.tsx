import { Component, Suspense, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { forgetFailedPages } from '../lib/lazy-page.tsx';
import { isUnreachable } from '../lib/load-failure.ts';
import { isSamePageState } from '../lib/navigation-state.ts';
import { optional } from '../lib/optional.tsx';
import { forgetFailedRouteData } from '../lib/route-data.ts';
import { FullScreenLoader } from './spinner.tsx';
import { Unreachable } from './unreachable.tsx';

type Failure = 'unreachable' | 'not-found' | null;

// The 404 page's code loads when a page fails (issue 48); the server answered, so it can come.
const NotFound = optional(() => import('../routes/not-found.tsx').then((m) => m.NotFound));

class ErrorBoundary extends Component<{ children: ReactNode }, { failure: Failure }> {
  override state: { failure: Failure } = { failure: null };
  static getDerivedStateFromError(error: unknown): { failure: Failure } {
    return { failure: isUnreachable(error) ? 'unreachable' : 'not-found' };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  retry = () => {
    forgetFailedPages();
    forgetFailedRouteData();
    this.setState({ failure: null });
  };
  override render() {
    if (this.state.failure === 'unreachable') return <Unreachable onRetry={this.retry} />;
    return this.state.failure ? (
      <Suspense fallback={<FullScreenLoader />}>
        <NotFound />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}

/** The key of the page's boundary: a new one for each navigation but SAME_PAGE_STATE's. */
function useBoundaryKey(): string {
  const location = useLocation();
  const kept = useRef(location);
  const isSamePage = location.pathname === kept.current.pathname && isSamePageState(location.state);
  if (!isSamePage) kept.current = location;
  return kept.current.key;
}

/**
 * Around every page: the loading indicator while its code or data loads; the 404 page when its
 * loader or render fails (spec §2 "Other behaviour"), except when the server did not answer or
 * the code did not load: then Retry (issue 8). Reset on each navigation.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary key={useBoundaryKey()}>
      <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * Around a lazily loaded layout (the dashboard's, issue 11: out of the home page's JavaScript):
 * the same, but kept across the navigations between its pages, which have their own.
 */
export function LayoutBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
