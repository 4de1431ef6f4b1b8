import { searchPageEarlyUrl } from './features/search/search-url.ts';

/**
 * The pages' imports, apart from the shell (issue 48): each import carries the list of files its page
 * needs, preloaded beside it, and those lists over all pages came to 1.5 KB gzip'd of a first
 * visit. The shell loads this module at the visitor's first sign of moving on (router.tsx).
 */
export const pageImports = {
  dashboardLayout: () => import('./components/dashboard-layout.tsx'),
  notFound: () => import('./routes/not-found.tsx'),
  aboutUs: () => import('./routes/about-us.tsx'),
  contactUs: () => import('./routes/contact-us.tsx'),
  terms: () => import('./routes/terms.tsx'),
  login: () => import('./routes/login.tsx'),
  signup: () => import('./routes/signup.tsx'),
  browseTasks: () => import('./routes/browse-tasks.tsx'),
  freelancers: () => import('./routes/freelancers.tsx'),
  taskDetails: () => import('./routes/task-details.tsx'),
  addTask: () => import('./routes/add-task.tsx'),
  editTask: () => import('./routes/edit-task.tsx'),
  myPostedTasks: () => import('./routes/my-posted-tasks.tsx'),
  dashboardOverview: () => import('./routes/dashboard-overview.tsx'),
  dashboardAllTasks: () => import('./routes/dashboard-all-tasks.tsx'),
  dashboardEditProfile: () => import('./routes/dashboard-edit-profile.tsx'),
  dashboardFreelancerProfile: () => import('./routes/dashboard-freelancer-profile.tsx'),
  dashboardSavedSearches: () => import('./routes/dashboard-saved-searches.tsx'),
  myBids: () => import('./routes/my-bids.tsx'),
  userProfile: () => import('./routes/user-profile.tsx'),
  notifications: () => import('./routes/notifications.tsx'),
  forgotPassword: () => import('./routes/forgot-password.tsx'),
  resetPassword: () => import('./routes/reset-password.tsx'),
  verifyEmail: () => import('./routes/verify-email.tsx'),
  unsubscribe: () => import('./routes/unsubscribe.tsx'),
  newsletterConfirm: () => import('./routes/newsletter-confirm.tsx'),
  dashboardMailSettings: () => import('./routes/dashboard-mail-settings.tsx'),
  dashboardAccount: () => import('./routes/dashboard-account.tsx'),
  dashboardBlocked: () => import('./routes/dashboard-blocked.tsx'),
  paymentPages: () => import('./routes/payment-pages.tsx'),
  adminConsole: () => import('./routes/admin.tsx'),
};

export type PageName = keyof typeof pageImports;

/**
 * The reads of the pages whose URLs take more code to build than the shell carries: the search
 * pages (task-search-page.tsx), started as soon as this module is here (router.tsx), which on a
 * first visit is beside the shell (src/server/page-preload.ts). lib/early-data.ts has the rest.
 */
export function earlyUrlsOf(pathname: string, search: string): string[] {
  const path = pathname.replace(/(.)\/$/, '$1');
  const url =
    path === '/browse-tasks' || path === '/dashboard/all-tasks'
      ? searchPageEarlyUrl(search)
      : undefined;
  return url ? [url] : [];
}
