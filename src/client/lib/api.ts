import type { Task, TaskInput, TaskListQuery } from '../../shared/tasks.ts';
import { ApiError, fetchOrUnreachable } from './api-error.ts';
import { dropEarly, takeEarly } from './early-data.ts';
import { apiPaths } from './paths.ts';
import { LIST_LIMIT_MAX } from '../../shared/task-constants.ts';

export { ApiError } from './api-error.ts';

/**
 * Sends one request to the API: the JSON answer, or an ApiError with the refusal's message and
 * body.
 */
export async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const isRead = method === 'GET' && body === undefined;
  if (!isRead) dropEarly();
  const response = await ((isRead && takeEarly(url)) ||
    fetchOrUnreachable(url, {
      method,
      credentials: 'same-origin',
      headers: isRead ? {} : { 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }));
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data.message === 'string' ? data.message : response.statusText;
    throw new ApiError(response.status, message, data);
  }
  return data as T;
}

/** Reads an answer: one of the shared zod schemas (only its `parse` is used here). */
export interface AnswerReader<T> {
  parse(data: unknown): T;
}

/** `request`, its answer checked and read by a shared schema (STYLE: one schema per answer). */
export async function requestAs<T>(
  reader: AnswerReader<T>,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  return reader.parse(await request<unknown>(method, url, body));
}

/**
 * The calls of spec §7 that the web app makes, one function each. Since issue 9 Place Bid makes
 * an offer (features/offers), so the app no longer sends the spec's counter PATCH; the API keeps it.
 */
export const api = {
  listTasks: (params: TaskListQuery = {}) => request<Task[]>('GET', apiPaths.taskList(params)),
  /**
   * A user's own tasks, a page at a time (issue 47): the whole list at once is one of the few
   * full lists an instance sends. A task seen on an earlier page (the list moved) is left out.
   */
  listOwnTasks: async (email: string) => {
    const tasks: Task[] = [];
    const seen = new Set<string>();
    for (let offset = 0; ; offset += LIST_LIMIT_MAX) {
      const page = await request<Task[]>('GET', apiPaths.ownTasksPage(email, offset));
      for (const task of page) if (!seen.has(task._id) && seen.add(task._id)) tasks.push(task);
      if (page.length < LIST_LIMIT_MAX) return tasks;
    }
  },
  getTask: (id: string) => request<Task>('GET', apiPaths.task(id)),
  createTask: (input: TaskInput) => request<{ insertedId: string }>('POST', apiPaths.tasks, input),
  updateTask: (id: string, input: TaskInput) =>
    request<{ matchedCount: number; modifiedCount: number }>('PUT', apiPaths.task(id), input),
  deleteTask: (id: string) => request<{ deletedCount: number }>('DELETE', apiPaths.task(id)),
};
