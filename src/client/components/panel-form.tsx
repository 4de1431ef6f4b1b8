import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from './form-field.tsx';

/**
 * A small form opened inside a page (an offer, a reason, a review): its fields, then its submit
 * button and, when it can be closed, Cancel; Escape cancels too.
 */
export function PanelForm({
  name,
  submitLabel,
  isSubmitting,
  onSubmit,
  onCancel,
  children,
}: {
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  isSubmitting: boolean;
  onSubmit(event: FormEvent): void;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={name}
      onSubmit={onSubmit}
      className="space-y-4 rounded-box bg-base-200 p-4"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) onCancel();
      }}
    >
      {children}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting} busyLabel="Sending…">
          {submitLabel}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
