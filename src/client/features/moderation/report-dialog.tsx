import { useEffect, useId, useRef, useState } from 'react';
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportInputSchema,
} from '../../../shared/moderation.ts';
import { FieldError, TextAreaField } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { errorMessage, useForm } from '../../lib/use-form.ts';
import { reportsApi, type ReportTarget } from './reports-api.ts';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * A refusal that sending again cannot change (already reported, one's own, gone, invalid) closes
 * the dialog; no answer, a server failure or the rate limit keeps it, and the note, to try again.
 */
const isWorthRetrying = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;

/**
 * The report dialog: why (one of the reasons, required), an optional note, Send report and
 * Cancel. A native modal <dialog> (showModal traps the focus and makes the page inert; Escape
 * closes it), checked with the shared schema before anything is sent; the server's thanks or
 * refusal is said in a toast. Loaded by ReportButton when first opened.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const toast = useToast();
  const form = useForm(reportInputSchema, { reason: '', note: '' });
  // Said in the dialog too: while it is open the toasts are under it, inert.
  const [refusal, setRefusal] = useState<string | null>(null);
  const note = form.field('note');
  const noteLength = note.value.trim().length;
  useEffect(() => {
    ref.current?.showModal();
  }, []);

  const submit = form.handleSubmit(
    async (input) => {
      setRefusal(null);
      try {
        toast.success(await reportsApi.sendReport(input));
      } catch (error) {
        toast.error(errorMessage(error));
        if (isWorthRetrying(error)) {
          setRefusal(errorMessage(error));
          return;
        }
      }
      onClose();
    },
    // Nothing chosen or written is missing, so the schema says why.
    (values) => ({
      itemType: target.itemType,
      itemId: target.itemId,
      reason: values.reason || undefined,
      note: values.note.trim() ? values.note : undefined,
    }),
  );
  const reasonError = form.errors.reason ?? form.errors.itemType ?? form.errors.itemId;
  const reasonErrorId = `${id}-reason-error`;

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box">
        <h2 id={`${id}-title`} className="text-2xl font-bold wrap-anywhere">
          Report {target.what}
        </h2>
        <p id={`${id}-text`} className="py-2">
          Only Tasklane’s team reads your report. We will tell you what we decided.
        </p>
        <form noValidate onSubmit={submit} className="space-y-4">
          <fieldset
            role="radiogroup"
            aria-labelledby={`${id}-why`}
            aria-required="true"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? reasonErrorId : undefined}
            className="space-y-2"
          >
            <legend id={`${id}-why`} className="mb-1 font-medium">
              Why?
            </legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name="reason"
                  value={reason}
                  checked={form.values.reason === reason}
                  onChange={() => form.field('reason').onChange({ target: { value: reason } })}
                />
                <span>{REPORT_REASON_LABELS[reason]}</span>
              </label>
            ))}
            <FieldError id={reasonErrorId} message={reasonError} />
          </fieldset>
          <TextAreaField
            label="Note (optional)"
            className="h-24"
            maxLength={REPORT_NOTE_MAX_LENGTH}
            hint={`${count(noteLength)} of ${count(REPORT_NOTE_MAX_LENGTH)} characters.`}
            error={note.error}
            name={note.name}
            value={note.value}
            onChange={note.onChange}
          />
          <FieldError message={refusal} />
          <div className="modal-action flex-wrap">
            <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
              {form.isSubmitting ? 'Sending…' : 'Send report'}
            </button>
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
