import { useState } from 'react';
import { errorMessage } from '../../lib/use-form.ts';
import type { FileView } from '../../../shared/files.ts';
import { ReportButton } from '../moderation/report-button.tsx';
import { fileLink } from './files-api.ts';
import { formatBytes, typeLabel } from './file-format.ts';

/**
 * Documents as downloads (issue 49): name, type and size, and a Download button that asks for a
 * short-lived link when it is pressed (a link read with the page would expire while it is open).
 */
export function DocumentList({
  files,
  title = 'Documents',
  authorId,
}: {
  files: readonly FileView[];
  title?: string;
  /** Who attached them: others may report each file (issue 49). */
  authorId?: string;
}) {
  if (files.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-xl font-semibold">{title}</h2>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300">
        {files.map((file) => (
          <DocumentRow key={file.id} file={file} authorId={authorId} />
        ))}
      </ul>
    </section>
  );
}

export function DocumentRow({ file, authorId }: { file: FileView; authorId?: string | undefined }) {
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function download() {
    setError('');
    setIsBusy(true);
    try {
      const url = file.downloadUrl ?? (await fileLink(file.id)).url;
      window.location.assign(url);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere">{file.name}</p>
        <p className="text-sm">
          {typeLabel(file.mime)} · {formatBytes(file.sizeBytes)}
        </p>
        {error && (
          <p role="alert" className="border-l-4 border-error pl-2 text-sm">
            {error}
          </p>
        )}
      </div>
      <button type="button" className="btn btn-outline btn-sm" onClick={download} disabled={isBusy}>
        Download<span className="sr-only"> {file.name}</span>
      </button>
      {authorId && (
        <ReportButton
          itemType="file"
          itemId={file.id}
          authorId={authorId}
          what={`“${file.name}”`}
          isSubtle
        />
      )}
    </li>
  );
}
