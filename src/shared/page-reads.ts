/**
 * The API reads a page's first render waits for, by the page's path (issues 17 and 51): the web
 * app starts them with each navigation (src/client/lib/early-data.ts), and the server names them
 * in a first visit's `Link` header, so they start with the page itself rather than once its code
 * has run (src/server/page-preload.ts). One table, so both ask for the same URLs.
 */
const segment = encodeURIComponent;

export const API_READS = {
  session: '/api/auth/get-session',
  task: (id: string) => `/api/tasks/${segment(id)}`,
  taskOffers: (id: string) => `/api/tasks/${segment(id)}/offers`,
  taskReviews: (id: string) => `/api/tasks/${segment(id)}/reviews`,
  taskQuestions: (id: string) => `/api/tasks/${segment(id)}/questions`,
  user: (id: string) => `/api/users/${segment(id)}`,
};

/** What a task's page reads (src/client/features/tasks/task-page-data.ts). */
export const taskPageReads = (id: string) => [
  API_READS.task(id),
  API_READS.taskOffers(id),
  API_READS.taskReviews(id),
  API_READS.taskQuestions(id),
];

const BY_ID: Record<string, (id: string) => string[]> = {
  task: taskPageReads,
  'edit-task': (id) => [API_READS.task(id)],
  users: (id) => [API_READS.user(id)],
};

/**
 * The reads of a page named by an id (`/task/:id`, `/edit-task/:id`, `/users/:id`); undefined for
 * any other path, and none for an id no page could read (a stray %).
 */
export function pageReadsById(pathname: string): string[] | undefined {
  const [, first = '', id, more] = pathname.split('/');
  if (!id || more !== undefined || !BY_ID[first]) return undefined;
  try {
    return BY_ID[first](decodeURIComponent(id));
  } catch {
    return [];
  }
}
