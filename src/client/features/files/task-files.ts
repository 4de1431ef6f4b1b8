import type { Task } from '../../../shared/tasks.ts';

/** What the task form sends beside the spec's fields: the ids of the photos and documents. */
export type TaskAttachments = { photoIds: string[]; fileIds: string[] };

/** A task's photos and documents: on its own read only (GET /api/tasks/{id}). */
export const photosOf = (task: Task) => task.photos ?? [];
export const documentsOf = (task: Task) => task.files ?? [];
