import { useEffect, useRef, useState } from 'react';
import type { FileView } from '../../../shared/files.ts';
import { errorMessage } from '../../lib/use-form.ts';
import { DocumentRow } from './document-list.tsx';
import { fileLink } from './files-api.ts';
import { Picture } from './picture.tsx';

/**
 * The files of a private message (issue 49): photos as thumbnails, each opening the full image
 * in a dialog; documents with name, type, size and a download. Private files have no public
 * address: each photo is read through a short-lived link signed for this reader.
 */
export function MessageFiles({
  files,
  authorId,
}: {
  files: readonly FileView[];
  /** Who sent them: the other party may report a document (issue 49). */
  authorId?: string;
}) {
  const photos = files.filter((file) => file.kind === 'image');
  const documents = files.filter((file) => file.kind !== 'image');
  if (files.length === 0) return null;
  return (
    <div className="mt-2 space-y-2">
      {photos.length > 0 && (
        <ul aria-label="Photos" className="flex flex-wrap gap-2">
          {photos.map((photo) => (
            <li key={photo.id}>
              <PrivatePhoto photo={photo} />
            </li>
          ))}
        </ul>
      )}
      {documents.length > 0 && (
        <ul
          aria-label="Files"
          className="divide-y divide-base-300 rounded-box border border-base-300"
        >
          {documents.map((file) => (
            <DocumentRow key={file.id} file={file} authorId={authorId} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** A link signed for this reader, asked for once shown (links expire: never read with the list). */
function useSignedUrl(file: FileView, isWanted: boolean) {
  const [url, setUrl] = useState<string | null>(file.downloadUrl ?? null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!isWanted || url) return;
    let isCurrent = true;
    fileLink(file.id).then(
      (link) => isCurrent && setUrl(link.url),
      (failure: unknown) => isCurrent && setError(errorMessage(failure)),
    );
    return () => {
      isCurrent = false;
    };
  }, [file.id, isWanted, url]);
  return { url, error, forget: () => setUrl(null) };
}

function PrivatePhoto({ photo }: { photo: FileView }) {
  const thumb = useSignedUrl(photo, true);
  const dialog = useRef<HTMLDialogElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const full = useSignedUrl(photo, isOpen);
  useEffect(() => {
    if (isOpen) dialog.current?.showModal();
  }, [isOpen]);

  return (
    <>
      <button
        type="button"
        className="block size-20 overflow-hidden rounded-box border border-base-300"
        onClick={() => setIsOpen(true)}
      >
        <span className="sr-only">Open photo {photo.name}</span>
        {thumb.url ? (
          <Picture
            picture={{ src: thumb.url, placeholder: photo.placeholder }}
            alt=""
            className="size-20"
          />
        ) : (
          <span aria-hidden="true" className="block size-20 bg-base-300" />
        )}
      </button>
      {thumb.error && (
        <p role="alert" className="text-sm">
          {thumb.error}
        </p>
      )}
      {isOpen && (
        <dialog
          ref={dialog}
          className="modal"
          aria-label={photo.name}
          onClose={() => {
            setIsOpen(false);
            full.forget(); // the next opening asks for a fresh link
          }}
        >
          <div className="modal-box max-w-3xl">
            <h2 className="mb-2 font-semibold wrap-anywhere">{photo.name}</h2>
            {full.url ? (
              <Picture
                picture={{
                  src: full.url,
                  width: photo.width,
                  height: photo.height,
                  placeholder: photo.placeholder,
                }}
                alt={photo.name}
                fit="contain"
                isEager
                className="h-auto w-full"
              />
            ) : (
              <p role={full.error ? 'alert' : 'status'}>{full.error || 'Loading the photo…'}</p>
            )}
            <div className="modal-action">
              <button type="button" className="btn" onClick={() => dialog.current?.close()}>
                Close
              </button>
            </div>
          </div>
        </dialog>
      )}
    </>
  );
}
