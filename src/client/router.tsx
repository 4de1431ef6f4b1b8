import { useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { MainLayout } from './components/main-layout.tsx';
import { ScrollToTop } from './lib/scroll-to-top.tsx';
import { RedirectIfSignedIn, RequireAuth } from './components/require-auth.tsx';
import { LayoutBoundary } from './components/route-boundary.tsx';
import { lazyPage, type LazyPage } from './lib/lazy-page.tsx';
import { earlyUrls, requestEarly } from './lib/early-data.ts';
import { useSession } from './lib/session.tsx';
import type * as PagesModule from './page-imports.ts';
import type { PageName } from './page-imports.ts';

/**
 * The route table of spec §2. Every page is its own lazily loaded module, so the first visit
 * loads only the shell and the page it opens (docs/decisions/005-router-and-route-data.md).
 */
let pages: typeof PagesModule | undefined;
const pageImports = () => import('./page-imports.ts').then((module) => (pages = module));
/** A page other than the home page: its import (and list of files) is in page-imports.ts. */
const page = (name: PageName) =>
  lazyPage(() => pageImports().then((module) => module.pageImports[name]()));

// Loaded at the first pointer move, touch, focus or key, before a link is followed, so a navigation
// waits on no extra round trip; a first visit that only reads the page never loads it. Not
// pointerover, nor a move that moved nothing: a pointer resting on the page gets both as the page
// lays out (Chromium's pointermove then says 0 and 0; seen in a browser test of a slow machine).
const INTENT_EVENTS = ['pointermove', 'touchstart', 'focusin', 'keydown'] as const;
function loadPageImportsOnIntent(event: Event) {
  if (event instanceof PointerEvent && event.movementX === 0 && event.movementY === 0) return;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, loadPageImportsOnIntent, true);
  void pageImports().catch(() => {}); // A page that needs it loads it again, and shows a failure.
}
// A first visit to any page but the home page needs it at once: start it as the shell runs rather
// than when the page first renders (docs/decisions/005-router-and-route-data.md).
if (window.location.pathname === '/') {
  for (const type of INTENT_EVENTS) window.addEventListener(type, loadPageImportsOnIntent, true);
} else {
  void pageImports().catch(() => {}); // The page loads it again, and shows a failure.
}

const Home = lazyPage(() => import('./routes/home.tsx'));
// The dashboard's layout too: a first visit to the home page does not load it.
const DashboardLayout = page('dashboardLayout');
const NotFound = page('notFound');
const AboutUs = page('aboutUs');
const ContactUs = page('contactUs');
const Terms = page('terms');
const Login = page('login');
const Signup = page('signup');
const BrowseTasks = page('browseTasks');
const Freelancers = page('freelancers');
const TaskDetails = page('taskDetails');
const AddTask = page('addTask');
const EditTask = page('editTask');
const MyPostedTasks = page('myPostedTasks');
const DashboardOverview = page('dashboardOverview');
const DashboardAllTasks = page('dashboardAllTasks');
const DashboardEditProfile = page('dashboardEditProfile');
const DashboardFreelancerProfile = page('dashboardFreelancerProfile');
const DashboardSavedSearches = page('dashboardSavedSearches');
const MyBids = page('myBids');
const UserProfile = page('userProfile');
const Notifications = page('notifications');
const ForgotPassword = page('forgotPassword');
const ResetPassword = page('resetPassword');
const VerifyEmail = page('verifyEmail');
const Unsubscribe = page('unsubscribe');
const NewsletterConfirm = page('newsletterConfirm');
const DashboardMailSettings = page('dashboardMailSettings');
const DashboardAccount = page('dashboardAccount');
const DashboardBlocked = page('dashboardBlocked');
// Issue 21's pages (checkout, receipts, the dashboard's payments and earnings): one import for
// all, each page still lazily loaded inside it, as the home page's JavaScript had room for one.
const PaymentPages = page('paymentPages');
// Issue 20: the operator console, its sections routed inside its own module (one route here: the
// home page's JavaScript carries as little of it as can be).
const AdminConsole = page('adminConsole');

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
  const { pathname, search, key } = useLocation();
  const email = useSession().user?.email;
  requestEarly(key, earlyUrls(pathname, email));
  // The reads named in page-imports.ts: at once when it is here, else as soon as it arrives,
  // which is before the page's code (that comes through it).
  if (pages) requestEarly(key, pages.earlyUrlsOf(pathname, search));
  useEffect(() => {
    if (pages || pathname === '/') return;
    let isCurrent = true;
    pageImports().then(
      (loaded) => isCurrent && requestEarly(key, loaded.earlyUrlsOf(pathname, search)),
      () => {}, // The page loads it again, and shows a failure.
    );
    return () => {
      isCurrent = false;
    };
  }, [key, pathname, search]);
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
          <Route path="freelancers" element={<Freelancers />} />
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
          <Route path="freelancer-profile" element={guard(DashboardFreelancerProfile)} />
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
