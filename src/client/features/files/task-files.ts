import type { Task } from '../../../shared/tasks.ts';
import type { FileView } from '../../../shared/files.ts';

/** Issue 49's additive task fields, as the web app reads them. */
export type TaskFiles = {
  /** Every task answer, lists included: the first photo's thumbnail and placeholder. */
  photo?: { thumb: string; placeholder: string } | undefined;
  /** A task's own read: its photos and documents. */
  photos?: readonly FileView[] | undefined;
  files?: readonly FileView[] | undefined;
};

/** What the task form sends beside the spec's fields: the ids of the photos and documents. */
export type TaskAttachments = { photoIds: string[]; fileIds: string[] };

export const photosOf = (task: Task & TaskFiles) => task.photos ?? [];
export const documentsOf = (task: Task & TaskFiles) => task.files ?? [];

/** The thumbnail a list shows for a task: its first photo's, if it has any. */
export function firstPhotoOf(task: Task & TaskFiles): TaskFiles['photo'] {
  if (task.photo) return task.photo;
  const first = photosOf(task).find((photo) => photo.urls);
  return first?.urls
    ? { thumb: first.urls.thumb, placeholder: first.placeholder ?? '' }
    : undefined;
}
