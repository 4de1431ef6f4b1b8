import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { NotFound } from '../routes/not-found.tsx';
import { FullScreenLoader } from './spinner.tsx';

class ErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };
  static getDerivedStateFromError() {
    return { hasError: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.hasError ? <NotFound /> : this.props.children;
  }
}

/**
 * Around every page: the loading indicator while its code or data loads, and the 404 page when
 * its loader or render fails (spec §2 "Other behaviour"). Reset on each navigation.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary key={location.key}>
      <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
