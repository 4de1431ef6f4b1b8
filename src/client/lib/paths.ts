import type { Category } from '../../shared/tasks.ts';

/** Every URL of the client, built in one place (spec §2). */
export const paths = {
  home: '/',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  terms: '/terms',
  browseTasks: (category?: Category) =>
    category ? `/browse-tasks?category=${encodeURIComponent(category)}` : '/browse-tasks',
  addTask: '/add-task',
  task: (id: string) => `/task/${encodeURIComponent(id)}`,
  editTask: (id: string) => `/edit-task/${encodeURIComponent(id)}`,
  myPostedTasks: '/my-posted-tasks',
  myBids: '/my-bids',
  userProfile: (id: string) => `/users/${encodeURIComponent(id)}`,
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  dashboardAllTasks: '/dashboard/all-tasks',
  dashboardMyTasks: '/dashboard/my-tasks',
  dashboardMyBids: '/dashboard/my-bids',
  dashboardAddTask: '/dashboard/add-task',
  dashboardEditProfile: '/dashboard/edit-profile',
  /** Issue 10: my notifications. */
  notifications: '/notifications',
} as const;

/** The API, under /api on the same origin (DESIGN.md "Shape"). */
export const apiPaths = {
  tasks: '/api/tasks',
  task: (id: string) => `/api/tasks/${encodeURIComponent(id)}`,
  /** Issue 9: offers, hiring, reviews and profiles. */
  taskOffers: (id: string) => `/api/tasks/${encodeURIComponent(id)}/offers`,
  taskReviews: (id: string) => `/api/tasks/${encodeURIComponent(id)}/reviews`,
  taskTransition: (id: string, action: 'deliver' | 'complete' | 'reopen') =>
    `/api/tasks/${encodeURIComponent(id)}/${action}`,
  offer: (id: string) => `/api/offers/${encodeURIComponent(id)}`,
  offerTransition: (id: string, action: 'withdraw' | 'accept' | 'decline') =>
    `/api/offers/${encodeURIComponent(id)}/${action}`,
  myOffers: '/api/me/offers',
  user: (id: string) => `/api/users/${encodeURIComponent(id)}`,
  authBase: '/api/auth',
  session: '/api/auth/get-session',
  publicConfig: '/api/config',
  /** Issue 10: my notifications, a page at a time, and marking them read. */
  notifications: (query: { before?: string; limit?: string } = {}) =>
    `/api/notifications?${new URLSearchParams(query as Record<string, string>)}`,
  notificationsRead: '/api/notifications/read',
  /** Issue 10: a task's public questions, a question's replies, an offer's private messages. */
  taskQuestions: (id: string) => `/api/tasks/${encodeURIComponent(id)}/questions`,
  questionReplies: (id: string) => `/api/questions/${encodeURIComponent(id)}/replies`,
  offerMessages: (id: string) => `/api/offers/${encodeURIComponent(id)}/messages`,
} as const;
