import { useState } from 'react';
import {
  deliverBodySchema,
  DELIVERY_NOTE_MAX_LENGTH,
  type DeliverInput,
} from '../../../shared/delivery.ts';
import { DOCUMENT_TYPES, FILE_CAPS, IMAGE_TYPES } from '../../../shared/files.ts';
import { FieldError, TextAreaField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { useForm } from '../../lib/use-form.ts';
import { Uploader } from '../files/uploader.tsx';
import { uploadsProblem, useUploads } from '../files/use-uploads.ts';
import { DELIVER_FILES_HINT, DELIVER_NOTE_LABEL, deliverNoteHint } from './delivery-messages.ts';

const ACCEPT = [...IMAGE_TYPES, ...DOCUMENT_TYPES, '.pdf', '.zip', '.txt'].join(',');

/**
 * Issue 49: "Mark as delivered" as a small form, in a chunk of its own (with the uploader): an
 * optional note for the poster and up to 5 files (photos or documents), sent with the delivery.
 * Cancel (or Escape) closes it; a file still uploading or refused keeps it from being sent.
 */
export default function DeliverForm({
  posterName,
  onSubmit,
  onCancel,
}: {
  posterName: string;
  onSubmit(input: DeliverInput): Promise<unknown>;
  onCancel(): void;
}) {
  const form = useForm(deliverBodySchema, { note: '' });
  const uploads = useUploads('delivery');
  const [filesError, setFilesError] = useState('');
  const submit = form.handleSubmit(async ({ note }) => {
    const problem = uploadsProblem(uploads);
    setFilesError(problem);
    if (problem) return;
    const fileIds = uploads.ready.map((file) => file.id);
    await onSubmit({ ...(note ? { note } : {}), ...(fileIds.length ? { fileIds } : {}) });
  });
  return (
    <PanelForm
      name="Mark as delivered"
      submitLabel="Mark as delivered"
      isSubmitting={form.isSubmitting}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextAreaField
        label={DELIVER_NOTE_LABEL}
        autoFocus
        maxLength={DELIVERY_NOTE_MAX_LENGTH}
        hint={deliverNoteHint(posterName)}
        {...form.field('note')}
      />
      <Uploader
        uploads={uploads}
        label="Files"
        accept={ACCEPT}
        max={FILE_CAPS.delivery}
        hint={DELIVER_FILES_HINT}
      />
      <FieldError message={filesError} />
    </PanelForm>
  );
}
