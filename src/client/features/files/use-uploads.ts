import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/use-form.ts';
import type { FilePurpose, FileView } from '../../../shared/files.ts';
import { uploadFile } from './files-api.ts';

/** One file of an uploader: on its way (with progress), refused (with why), or stored. */
export type UploadItem =
  | { key: string; name: string; state: 'uploading'; progress: number; file: Blob }
  | { key: string; name: string; state: 'failed'; error: string; file: Blob }
  | { key: string; name: string; state: 'ready'; view: FileView };

let nextKey = 0;
const newKey = () => `upload-${++nextKey}`;

/**
 * The files of one uploader and what happens to each: every file uploads on its own, so one
 * refused file (too large, a refused type, over the quota) keeps its message and a Retry while
 * the others go on, and the form around it keeps everything typed.
 */
export function useUploads(purpose: FilePurpose, initial: readonly FileView[] = []) {
  const [items, setItems] = useState<UploadItem[]>(() =>
    initial.map((view) => ({ key: view.id, name: view.name, state: 'ready', view })),
  );
  const aborts = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (key: string, item: UploadItem | null) =>
    setItems((current) =>
      item
        ? current.map((it) => (it.key === key ? item : it))
        : current.filter((it) => it.key !== key),
    );

  const start = useCallback(
    (key: string, file: Blob, name: string) => {
      const controller = new AbortController();
      aborts.current.set(key, controller);
      const onProgress = (progress: number) =>
        setItems((current) =>
          current.map((it) =>
            it.key === key && it.state === 'uploading' ? { ...it, progress } : it,
          ),
        );
      uploadFile(file, { purpose, name, onProgress, signal: controller.signal }).then(
        (view) => update(key, { key, name, state: 'ready', view }),
        (error: unknown) => {
          if (controller.signal.aborted) return; // removed by the user
          update(key, { key, name, state: 'failed', error: errorMessage(error), file });
        },
      );
      // A removed item's promise settles later; its controller goes now.
      controller.signal.addEventListener('abort', () => aborts.current.delete(key));
    },
    [purpose],
  );

  /** Adds files and starts each upload; returns the keys of the new items. */
  const add = useCallback(
    (files: readonly Blob[], names?: readonly string[]) => {
      const added = files.map((file, index) => {
        const name = names?.[index] ?? (file instanceof File ? file.name : 'upload');
        return { key: newKey(), name, file };
      });
      setItems((current) => [
        ...current,
        ...added.map(({ key, name, file }) => ({
          key,
          name,
          state: 'uploading' as const,
          progress: 0,
          file,
        })),
      ]);
      for (const { key, file, name } of added) start(key, file, name);
      return added.map(({ key }) => key);
    },
    [start],
  );

  const retry = (key: string) => {
    const item = items.find((it) => it.key === key);
    if (item?.state !== 'failed') return;
    update(key, { key, name: item.name, state: 'uploading', progress: 0, file: item.file });
    start(key, item.file, item.name);
  };

  const remove = (key: string) => {
    aborts.current.get(key)?.abort();
    update(key, null);
  };

  const ready = items.flatMap((it) => (it.state === 'ready' ? [it.view] : []));
  return {
    items,
    add,
    retry,
    remove,
    /** The stored files, in the order added: their ids go in the form's body. */
    ready,
    isBusy: items.some((it) => it.state === 'uploading'),
    hasFailures: items.some((it) => it.state === 'failed'),
    reset: () => setItems([]),
  };
}

export type Uploads = ReturnType<typeof useUploads>;

export const UPLOADS_PENDING = 'Wait for your files to finish uploading.';
export const UPLOADS_FAILED = 'Retry or remove the files that did not upload.';

/** Why a form cannot be sent yet: a file still on its way or refused is not silently left out. */
export function uploadsProblem(...uploaders: readonly Uploads[]): string {
  if (uploaders.some((uploads) => uploads.isBusy)) return UPLOADS_PENDING;
  return uploaders.some((uploads) => uploads.hasFailures) ? UPLOADS_FAILED : '';
}
