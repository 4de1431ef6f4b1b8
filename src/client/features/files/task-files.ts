import type { Task } from '../../../shared/tasks.ts';
import type { FileView } from '../../../shared/files.ts';

/** Issue 49's additive task fields, as the web app reads them. */
export type TaskFiles = {
  photos?: readonly FileView[] | undefined;
  files?: readonly FileView[] | undefined;
};

/** What the task form sends beside the spec's fields: the ids of the photos and documents. */
export type TaskAttachments = { photoIds: string[]; fileIds: string[] };

export const photosOf = (task: Task & TaskFiles) => task.photos ?? [];
export const documentsOf = (task: Task & TaskFiles) => task.files ?? [];

/** The photo a list shows for a task: its first, if it has any. */
export const firstPhotoOf = (task: Task & TaskFiles) => photosOf(task).find((photo) => photo.urls);
