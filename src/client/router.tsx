import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { MainLayout } from './components/main-layout.tsx';
import { ScrollToTop } from './lib/scroll-to-top.tsx';
import { RedirectIfSignedIn, RequireAuth } from './components/require-auth.tsx';
import { LayoutBoundary } from './components/route-boundary.tsx';
import { lazyPage as page, type LazyPage } from './lib/lazy-page.tsx';
import { earlyUrls, requestEarly } from './lib/early-data.ts';
import { useSession } from './lib/session.tsx';

/**
 * The route table of spec §2. Every page is its own lazily loaded module, so the first visit
 * loads only the shell and the page it opens (docs/decisions/005-router-and-route-data.md).
 */
// The dashboard's layout too: a first visit to the home page does not load it.
const DashboardLayout = page(() => import('./components/dashboard-layout.tsx'));
const Home = page(() => import('./routes/home.tsx'));
const NotFound = page(() => import('./routes/not-found.tsx'));
const AboutUs = page(() => import('./routes/about-us.tsx'));
const ContactUs = page(() => import('./routes/contact-us.tsx'));
const Terms = page(() => import('./routes/terms.tsx'));
const Login = page(() => import('./routes/login.tsx'));
const Signup = page(() => import('./routes/signup.tsx'));
const BrowseTasks = page(() => import('./routes/browse-tasks.tsx'));
const TaskDetails = page(() => import('./routes/task-details.tsx'));
const AddTask = page(() => import('./routes/add-task.tsx'));
const EditTask = page(() => import('./routes/edit-task.tsx'));
const MyPostedTasks = page(() => import('./routes/my-posted-tasks.tsx'));
const DashboardOverview = page(() => import('./routes/dashboard-overview.tsx'));
const DashboardAllTasks = page(() => import('./routes/dashboard-all-tasks.tsx'));
const DashboardEditProfile = page(() => import('./routes/dashboard-edit-profile.tsx'));
const DashboardSavedSearches = page(() => import('./routes/dashboard-saved-searches.tsx'));
const MyBids = page(() => import('./routes/my-bids.tsx'));
const UserProfile = page(() => import('./routes/user-profile.tsx'));
const Notifications = page(() => import('./routes/notifications.tsx'));
const ForgotPassword = page(() => import('./routes/forgot-password.tsx'));
const ResetPassword = page(() => import('./routes/reset-password.tsx'));
const VerifyEmail = page(() => import('./routes/verify-email.tsx'));
const Unsubscribe = page(() => import('./routes/unsubscribe.tsx'));
const NewsletterConfirm = page(() => import('./routes/newsletter-confirm.tsx'));
const DashboardMailSettings = page(() => import('./routes/dashboard-mail-settings.tsx'));
const DashboardAccount = page(() => import('./routes/dashboard-account.tsx'));
const DashboardBlocked = page(() => import('./routes/dashboard-blocked.tsx'));
// Issue 21's pages (checkout, receipts, the dashboard's payments and earnings): one import for
// all, each page still lazily loaded inside it, as the home page's JavaScript had room for one.
const PaymentPages = page(() => import('./routes/payment-pages.tsx'));
// Issue 20: the operator console, its sections routed inside its own module (one route here: the
// home page's JavaScript carries as little of it as can be).
const AdminConsole = page(() => import('./routes/admin.tsx'));

/** spec §2 "Protected routes"; the page's code loads while the session is checked. */
const guard = (Page: LazyPage) => (
  <RequireAuth preload={Page.preload}>
    <Page />
  </RequireAuth>
);
/** Login and signup are for visitors: a signed-in user goes on (issue 8). */
const visitorsOnly = (element: ReactNode) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>;

/** Each navigation's data, requested beside its page's code (lib/early-data.ts). */
function EarlyData() {
  const { pathname, key } = useLocation();
  const email = useSession().user?.email;
  requestEarly(key, earlyUrls(pathname, email));
  return null;
}

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <EarlyData />
      <Routes>
        <Route element={<MainLayout />}>
          <Route index element={<Home />} />
          <Route path="about-us" element={<AboutUs />} />
          <Route path="contact-us" element={<ContactUs />} />
          <Route path="terms" element={<Terms />} />
          <Route path="login" element={visitorsOnly(<Login />)} />
          <Route path="signup" element={visitorsOnly(<Signup />)} />
          <Route path="forgot-password" element={<ForgotPassword />} />
          <Route path="reset-password" element={<ResetPassword />} />
          <Route path="verify-email" element={<VerifyEmail />} />
          <Route path="unsubscribe" element={<Unsubscribe />} />
          <Route path="newsletter/confirm" element={<NewsletterConfirm />} />
          <Route path="browse-tasks" element={<BrowseTasks />} />
          <Route path="task/:id" element={guard(TaskDetails)} />
          <Route path="add-task" element={guard(AddTask)} />
          <Route path="edit-task/:id" element={guard(EditTask)} />
          <Route path="my-posted-tasks" element={guard(MyPostedTasks)} />
          <Route path="my-bids" element={guard(MyBids)} />
          <Route path="users/:id" element={<UserProfile />} />
          <Route path="notifications" element={guard(Notifications)} />
          <Route path="admin/*" element={guard(AdminConsole)} />
          <Route path="checkout/:offerId" element={<PaymentPages />} />
          <Route path="receipts/:number" element={<PaymentPages />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route
          path="dashboard"
          element={
            <LayoutBoundary>
              <DashboardLayout />
            </LayoutBoundary>
          }
        >
          <Route index element={guard(DashboardOverview)} />
          <Route path="all-tasks" element={<DashboardAllTasks />} />
          <Route path="my-tasks" element={guard(MyPostedTasks)} />
          <Route path="my-bids" element={guard(MyBids)} />
          <Route path="add-task" element={guard(AddTask)} />
          <Route path="edit-profile" element={guard(DashboardEditProfile)} />
          <Route path="saved-searches" element={guard(DashboardSavedSearches)} />
          <Route path="account" element={guard(DashboardAccount)} />
          <Route path="notifications/settings" element={guard(DashboardMailSettings)} />
          <Route path="blocked" element={guard(DashboardBlocked)} />
          <Route path="earnings" element={<PaymentPages />} />
          <Route path="payments" element={<PaymentPages />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </>
  );
}
