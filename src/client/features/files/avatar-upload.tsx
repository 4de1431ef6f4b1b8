import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { IMAGE_TYPES } from '../../../shared/files.ts';
import { Spinner } from '../../components/spinner.tsx';
import { UploadList } from './uploader.tsx';
import { useUploads } from './use-uploads.ts';

const AvatarCropper = lazy(() => import('./avatar-cropper.tsx'));

/** A stored image's address as the photo URL field wants it: absolute, http(s) (spec §5). */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).href;

/** The chosen file as a data: URL for the cropper (the page's image policy has no blob:). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * "Upload a photo" (issue 49): a plain file button; the photo chosen opens the cropper, and the
 * square kept goes to `onCropped`.
 */
export function AvatarPicker({ onCropped }: { onCropped(square: Blob): void }) {
  const id = useId();
  const [source, setSource] = useState<string | null>(null);
  const [error, setError] = useState('');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Upload a photo
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="file-input file-input-bordered file-input-sm w-full"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          setError('');
          if (file) readAsDataUrl(file).then(setSource, (e: Error) => setError(e.message));
        }}
      />
      {error && (
        <p role="alert" className="mt-1 border-l-4 border-error pl-2 text-sm">
          {error}
        </p>
      )}
      {source && (
        <Suspense fallback={<Spinner label="Loading the cropper" />}>
          <AvatarCropper
            src={source}
            onCancel={() => setSource(null)}
            onCropped={(square) => {
              setSource(null);
              onCropped(square);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * For a signed-in user (the profile page): the cropped square is uploaded as an avatar, and its
 * stored address (the `full` variant, absolute) goes to `onStored`, which fills the photo URL field.
 */
export function AvatarUpload({ onStored }: { onStored(url: string): void }) {
  const uploads = useUploads('avatar');
  const stored = uploads.ready[0]?.urls?.full;
  useEffect(() => {
    if (stored) onStored(absoluteUrl(stored));
    // Only a new stored photo fills the field: the user may have typed over it since.
  }, [stored]);
  return (
    <div className="space-y-2">
      <AvatarPicker
        onCropped={(square) => {
          uploads.reset();
          uploads.add([square], ['photo.jpg']);
        }}
      />
      <UploadList uploads={uploads} label="Your photo" />
    </div>
  );
}
