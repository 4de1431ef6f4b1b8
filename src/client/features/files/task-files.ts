import type { Task } from '../../../shared/tasks.ts';
import type { FileView } from './file-view.ts';

/** Issue 49's additive task fields, as the web app reads them. */
export type TaskFiles = {
  photos?: readonly FileView[] | undefined;
  files?: readonly FileView[] | undefined;
};

/** What the task form sends beside the spec's fields: the ids of the photos and documents. */
export type TaskAttachments = { photoIds: string[]; fileIds: string[] };

/** The per-task caps of the contract: 8 images and 5 documents. */
export const TASK_PHOTOS_MAX = 8;
export const TASK_DOCUMENTS_MAX = 5;

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif';
export const DOCUMENT_ACCEPT = 'application/pdf,application/zip,text/plain,.pdf,.zip,.txt';

/** The task form's two uploaders (the server decides what a file is by its bytes). */
export const TASK_UPLOADERS = {
  photos: {
    label: 'Photos',
    accept: IMAGE_ACCEPT,
    max: TASK_PHOTOS_MAX,
    hint: 'JPEG, PNG, WebP or AVIF.',
  },
  documents: {
    label: 'Documents',
    accept: DOCUMENT_ACCEPT,
    max: TASK_DOCUMENTS_MAX,
    hint: 'PDF, plain text or ZIP.',
  },
} as const;

export const photosOf = (task: Task & TaskFiles) => task.photos ?? [];
export const documentsOf = (task: Task & TaskFiles) => task.files ?? [];

/** The photo a list shows for a task: its first, if it has any. */
export const firstPhotoOf = (task: Task & TaskFiles) => photosOf(task).find((photo) => photo.urls);
