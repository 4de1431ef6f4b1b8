import { useEffect } from 'react';
import { DOCUMENT_TYPES, FILE_CAPS, IMAGE_TYPES } from '../../../shared/files.ts';
import { Uploader } from './uploader.tsx';
import { useUploads } from './use-uploads.ts';

/** What the message composer needs of its uploads when it sends. */
export interface MessageUploads {
  ids: string[];
  /** A file still on its way or refused: the message waits for it (or its removal). */
  isUnsettled: boolean;
}

/**
 * A private message's files (issue 49): the one uploader (file button, drop, paste) with
 * purpose `message`, up to 5 photos or documents. Its own chunk, loaded with the conversation's
 * composer, never on the home page. Remounted (a new `key`) once a message is sent.
 */
export default function MessageUploader({ onChange }: { onChange(uploads: MessageUploads): void }) {
  const uploads = useUploads('message');
  const ids = uploads.ready.map((view) => view.id).join(',');
  const isUnsettled = uploads.isBusy || uploads.hasFailures;
  useEffect(() => {
    onChange({ ids: ids ? ids.split(',') : [], isUnsettled });
  }, [ids, isUnsettled, onChange]);
  return (
    <Uploader
      uploads={uploads}
      label="Files"
      accept={[...IMAGE_TYPES, ...DOCUMENT_TYPES, '.pdf', '.zip', '.txt'].join(',')}
      max={FILE_CAPS.message}
      hint="Photos, PDF, plain text or ZIP; only the two of you can open them."
    />
  );
}
