import { searchFiltersToParams, type SearchFilters } from '../../shared/search-params.ts';
import type { TaskListQuery } from '../../shared/tasks.ts';
import { LIST_LIMIT_MAX } from '../../shared/task-constants.ts';
import { API_READS } from '../../shared/page-reads.ts';

/**
 * A search list page (Browse Tasks, the dashboard's All Tasks; issue 11) with its filters and page
 * in the query string, written one way (URLSearchParams: a space is +) wherever a link is built.
 */
export function searchPageUrl(pathname: string, filters: SearchFilters = {}, page = 1): string {
  const params = searchFiltersToParams(filters);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Every URL of the client, built in one place (spec §2). */
export const paths = {
  home: '/',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  terms: '/terms',
  browseTasks: (filters?: SearchFilters, page?: number) =>
    searchPageUrl('/browse-tasks', filters, page),
  /** Issue 50: the freelancer directory (its filters: shared/freelancer-directory.ts). */
  freelancers: '/freelancers',
  /** The directory filtered by one skill (a task page's "more freelancers with …"). */
  freelancersWithSkill: (skill: string) => `/freelancers?${new URLSearchParams({ skill })}`,
  addTask: '/add-task',
  task: (id: string) => `/task/${encodeURIComponent(id)}`,
  editTask: (id: string) => `/edit-task/${encodeURIComponent(id)}`,
  myPostedTasks: '/my-posted-tasks',
  myBids: '/my-bids',
  userProfile: (id: string) => `/users/${encodeURIComponent(id)}`,
  login: '/login',
  /** Issue 19: a forgotten password, the mailed links' pages. */
  forgotPassword: '/forgot-password',
  signup: '/signup',
  dashboard: '/dashboard',
  dashboardAllTasks: '/dashboard/all-tasks',
  dashboardMyTasks: '/dashboard/my-tasks',
  dashboardMyBids: '/dashboard/my-bids',
  dashboardAddTask: '/dashboard/add-task',
  dashboardEditProfile: '/dashboard/edit-profile',
  /** Issue 50: what a freelancer says of themselves. */
  dashboardFreelancerProfile: '/dashboard/freelancer-profile',
  /** Issue 11: my saved searches. */
  dashboardSavedSearches: '/dashboard/saved-searches',
  /** Issue 10: my notifications. */
  notifications: '/notifications',
  /** Issue 19: my password and signed-in devices. */
  dashboardAccount: '/dashboard/account',
  /** Issue 19: what mail I get. */
  mailSettings: '/dashboard/notifications/settings',
  /** Issue 20: the users I blocked. */
  dashboardBlocked: '/dashboard/blocked',
  /** Issue 20: the operator console (admins only), a page per section. */
  admin: '/admin',
  adminUsers: (q = '') => (q ? `/admin/users?${new URLSearchParams({ q })}` : '/admin/users'),
  adminAudit: (action = '') =>
    action ? `/admin/audit?${new URLSearchParams({ action })}` : '/admin/audit',
  adminMarket: '/admin/market',
} as const;

/** The API, under /api on the same origin (DESIGN.md "Shape"). */
export const apiPaths = {
  tasks: '/api/tasks',
  /** A list of spec §7 GET /api/tasks, its parameters in the order given. */
  taskList: (params: TaskListQuery = {}) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) query.set(key, String(value));
    }
    return query.size ? `/api/tasks?${query}` : '/api/tasks';
  },
  /** Issue 47: a page of the user's own tasks (the web app reads them a page at a time). */
  ownTasksPage: (email: string, offset = 0) =>
    apiPaths.taskList({ email, limit: LIST_LIMIT_MAX, offset }),
  taskCount: '/api/tasks/count',
  /** Issue 47: the signed-in account's posts left today. */
  taskAllowance: '/api/tasks/allowance',
  task: API_READS.task,
  /** Issue 9: offers, hiring, reviews and profiles. */
  taskOffers: API_READS.taskOffers,
  taskReviews: API_READS.taskReviews,
  taskTransition: (id: string, action: 'deliver' | 'complete' | 'reopen' | 'changes' | 'dispute') =>
    `/api/tasks/${encodeURIComponent(id)}/${action}`,
  /** Issue 47: the current hire's rounds of changes. */
  taskDelivery: (id: string) => `/api/tasks/${encodeURIComponent(id)}/delivery`,
  offer: (id: string) => `/api/offers/${encodeURIComponent(id)}`,
  offerTransition: (id: string, action: 'withdraw' | 'accept' | 'decline') =>
    `/api/offers/${encodeURIComponent(id)}/${action}`,
  myOffers: '/api/me/offers',
  user: API_READS.user,
  userSummary: (id: string) => `/api/users/${encodeURIComponent(id)}/summary`,
  authBase: '/api/auth',
  session: API_READS.session,
  publicConfig: '/api/config',
  /** Issue 51: the home page's trust figures. */
  trustFigures: '/api/trust-figures',
  /** Issue 10: my notifications, a page at a time, and marking them read. */
  notifications: (query: { before?: string; limit?: string } = {}) =>
    `/api/notifications?${new URLSearchParams(query as Record<string, string>)}`,
  notificationsRead: '/api/notifications/read',
  /** Issue 10: a task's public questions, a question's replies, an offer's private messages. */
  taskQuestions: API_READS.taskQuestions,
  questionReplies: (id: string) => `/api/questions/${encodeURIComponent(id)}/replies`,
  offerMessages: (id: string) => `/api/offers/${encodeURIComponent(id)}/messages`,
  /** Issue 11: search, one page at a time, and my saved searches. */
  savedSearches: '/api/me/saved-searches',
  /** Issue 19: email settings, and the one-click unsubscribe. */
  mailPreferences: '/api/me/mail-preferences',
  unsubscribe: '/api/mail/unsubscribe',
  contact: '/api/contact',
  myExport: '/api/me/export',
  deleteAccount: '/api/me/delete-account',
  newsletterConfirm: '/api/newsletter/confirm',
  savedSearch: (id: string) => `/api/me/saved-searches/${encodeURIComponent(id)}`,
  /** Issue 20: the users I blocked (the rest of issue 20's calls: moderation-paths.ts). */
  myBlocks: '/api/me/blocks',
} as const;
