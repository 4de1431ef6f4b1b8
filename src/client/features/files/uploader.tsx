import { useId, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Picture } from './picture.tsx';
import type { UploadItem, Uploads } from './use-uploads.ts';

interface UploaderProps {
  uploads: Uploads;
  /** The section's name ("Photos"); the file button reads "Add photos". */
  label: string;
  /** What the files may be, for the file picker (the server decides by the bytes). */
  accept: string;
  max: number;
  hint: string;
}

/**
 * One uploader for every form (issue 49): a plain labelled file button, drag and drop onto the
 * section, and paste while it has the focus. Each file shows its progress, then its picture or
 * its name; a refused file shows the server's reason with Retry and Remove.
 */
export function Uploader({ uploads, label, accept, max, hint }: UploaderProps) {
  const id = useId();
  const [isOver, setIsOver] = useState(false);
  const [notice, setNotice] = useState('');
  const noun = label.toLowerCase();

  function addFiles(files: readonly File[]) {
    if (files.length === 0) return;
    const room = Math.max(0, max - uploads.items.length);
    setNotice(files.length > room ? `You can add up to ${max} ${noun}.` : '');
    if (room > 0) uploads.add(files.slice(0, room));
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    addFiles([...event.dataTransfer.files]);
  };
  const onDragOver = (event: DragEvent) => {
    if (![...event.dataTransfer.types].includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsOver(true);
  };
  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    addFiles(files);
  };

  return (
    <fieldset
      className={`rounded-box border-2 border-dashed p-4 ${isOver ? 'border-primary bg-base-200' : 'border-base-300'}`}
      onDragOver={onDragOver}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      onPaste={onPaste}
      aria-describedby={`${id}-hint`}
    >
      <legend className="px-1 font-medium">{label}</legend>
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium">
        Add {noun}
      </label>
      <input
        id={`${id}-input`}
        type="file"
        multiple
        accept={accept}
        className="file-input file-input-bordered w-full"
        disabled={uploads.items.length >= max}
        onChange={(event) => {
          addFiles([...(event.target.files ?? [])]);
          event.target.value = ''; // the same file may be chosen again after a Remove
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm">
        Drop or paste files here, or choose them. {hint} Up to {max}.
      </p>
      {notice && (
        <p role="status" className="mt-2 text-sm font-medium">
          {notice}
        </p>
      )}
      <UploadList uploads={uploads} label={`${label} added`} />
    </fieldset>
  );
}

/** The files of an uploader, each with its progress or refusal, Retry and Remove. */
export function UploadList({ uploads, label }: { uploads: Uploads; label: string }) {
  if (uploads.items.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label={label}>
      {uploads.items.map((item) => (
        <UploadRow
          key={item.key}
          item={item}
          onRetry={() => uploads.retry(item.key)}
          onRemove={() => uploads.remove(item.key)}
        />
      ))}
    </ul>
  );
}

function UploadRow({
  item,
  onRetry,
  onRemove,
}: {
  item: UploadItem;
  onRetry(): void;
  onRemove(): void;
}) {
  const thumb = item.state === 'ready' ? item.view.urls : null;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-box bg-base-200 p-2">
      {thumb && item.state === 'ready' ? (
        <Picture
          picture={{ src: thumb.thumb, placeholder: item.view.placeholder }}
          alt=""
          className="size-12 shrink-0 rounded"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{item.name}</p>
        {item.state === 'uploading' && (
          <progress
            className="progress progress-primary w-full"
            value={item.progress}
            max={1}
            aria-label={`Uploading ${item.name}`}
          />
        )}
        {item.state === 'failed' && (
          <p role="alert" className="border-l-4 border-error pl-2 text-sm">
            {item.error}
          </p>
        )}
        {item.state === 'ready' && <p className="text-sm">Uploaded</p>}
      </div>
      {item.state === 'failed' && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Retry<span className="sr-only"> {item.name}</span>
        </button>
      )}
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
        Remove<span className="sr-only"> {item.name}</span>
      </button>
    </li>
  );
}
