import { DOCUMENT_TYPES, FILE_CAPS, IMAGE_TYPES } from '../../../shared/files.ts';

/**
 * The task form's two uploaders, their caps those of the contract (8 photos, 5 documents). Apart
 * from task-files.ts, which the lists load: these values bring the shared schemas (zod) with them.
 * The types offered are a hint to the file picker; the server decides by the bytes.
 */
export const TASK_UPLOADERS = {
  photos: {
    label: 'Photos',
    accept: IMAGE_TYPES.join(','),
    max: FILE_CAPS.taskPhotos,
    hint: 'JPEG, PNG, WebP or AVIF.',
  },
  documents: {
    label: 'Documents',
    accept: [...DOCUMENT_TYPES, '.pdf', '.zip', '.txt'].join(','),
    max: FILE_CAPS.taskDocuments,
    hint: 'PDF, plain text or ZIP.',
  },
} as const;
