import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { forgetFailedPages } from '../lib/lazy-page.tsx';
import { isUnreachable } from '../lib/load-failure.ts';
import { forgetFailedRouteData } from '../lib/route-data.ts';
import { NotFound } from '../routes/not-found.tsx';
import { FullScreenLoader } from './spinner.tsx';
import { Unreachable } from './unreachable.tsx';

type Failure = 'unreachable' | 'not-found' | null;

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
    return this.state.failure ? <NotFound /> : this.props.children;
  }
}

/**
 * Around every page: the loading indicator while its code or data loads; the 404 page when its
 * loader or render fails (spec §2 "Other behaviour"), except when the server did not answer or
 * the code did not load: then Retry (issue 8). Reset on each navigation.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary key={location.key}>
      <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
