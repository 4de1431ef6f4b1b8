import { Component, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NavLink } from '../lib/link.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { Spinner } from '../components/spinner.tsx';
import { CONSOLE_TITLE, OPERATORS_ONLY } from '../features/admin/admin-messages.ts';
import { isAdmin } from '../features/admin/is-admin.ts';
import { ApiError } from '../lib/api-error.ts';
import { lazyPage as page } from '../lib/lazy-page.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';
import { paymentsPagePaths } from '../features/payments/payments-paths.ts';
import { NotFound } from './not-found.tsx';

const AdminReports = page(() => import('./admin-reports.tsx'));
const AdminUsers = page(() => import('./admin-users.tsx'));
const AdminUser = page(() => import('./admin-user.tsx'));
const AdminAudit = page(() => import('./admin-audit.tsx'));
const AdminMarket = page(() => import('./admin-market.tsx'));
const AdminDisputes = page(() => import('./admin-disputes.tsx'));

const SECTIONS = [
  { to: paths.admin, label: 'Reports', end: true },
  { to: paths.adminUsers(), label: 'Users', end: false },
  { to: paths.adminAudit(), label: 'Audit log', end: false },
  { to: paths.adminMarket, label: 'Market', end: false },
  { to: paymentsPagePaths.adminDisputes, label: 'Disputes', end: false },
];

function OperatorsOnly() {
  return (
    <section className="space-y-4">
      <PageTitle name={CONSOLE_TITLE} />
      <h1 className="text-3xl font-bold">{CONSOLE_TITLE}</h1>
      <p className="rounded-box bg-base-200 p-6">{OPERATORS_ONLY}</p>
    </section>
  );
}

/**
 * The server refuses a user who is no longer an operator (their role taken away since the page
 * loaded) with 403: they read the refusal rather than the 404 page. Anything else goes on to the
 * layout's boundary (404, or Retry when the server did not answer).
 */
class OperatorsOnlyBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error instanceof ApiError && error.status === 403) {
      return <p className="rounded-box bg-base-200 p-6">{OPERATORS_ONLY}</p>;
    }
    if (error) throw error;
    return this.props.children;
  }
}

/**
 * /admin (issue 20): the operator console, for admins only; a signed-in user who is not one
 * reads why, and no section's code or data is requested. Each section is a page of its own.
 */
export default function AdminConsole() {
  const { user } = useSession();
  if (!isAdmin(user)) return <OperatorsOnly />;

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{CONSOLE_TITLE}</h1>
      <nav aria-label="Console sections">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  `btn btn-sm ${isActive ? 'btn-primary' : 'btn-outline'}`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <OperatorsOnlyBoundary>
        <Suspense fallback={<Spinner label="Loading" />}>
          <Routes>
            <Route index element={<AdminReports />} />
            <Route path="users" element={<AdminUsers />} />
            <Route path="users/:id" element={<AdminUser />} />
            <Route path="audit" element={<AdminAudit />} />
            <Route path="market" element={<AdminMarket />} />
            <Route path="disputes" element={<AdminDisputes />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </OperatorsOnlyBoundary>
    </section>
  );
}
