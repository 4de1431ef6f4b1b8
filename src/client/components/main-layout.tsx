import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { RouteBoundary } from './route-boundary.tsx';

/** spec §2 "Shell": navigation, a main area at most 7xl wide, footer. */
export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:p-2">
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall: the footer starts below the screen, so the loading states
          (session, the page's code, its data) never push it down in view (issue 48). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-6">
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </main>
      <Footer />
    </div>
  );
}
