import type { FormEvent, ReactNode } from 'react';

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
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
