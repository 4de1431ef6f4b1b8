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
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  dashboardAllTasks: '/dashboard/all-tasks',
  dashboardMyTasks: '/dashboard/my-tasks',
  dashboardAddTask: '/dashboard/add-task',
  dashboardEditProfile: '/dashboard/edit-profile',
} as const;

/** The API, under /api on the same origin (DESIGN.md "Shape"). */
export const apiPaths = {
  tasks: '/api/tasks',
  task: (id: string) => `/api/tasks/${encodeURIComponent(id)}`,
  taskBids: (id: string) => `/api/tasks/${encodeURIComponent(id)}/bids`,
  authBase: '/api/auth',
  session: '/api/auth/get-session',
  publicConfig: '/api/config',
} as const;
