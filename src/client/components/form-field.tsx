import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A message under the field, announced and linked to it. */
  error?: string | null | undefined;
  hint?: ReactNode;
}

/** A labelled input with its error message (every control has a label: STYLE/standards). */
export function FormField({ label, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input input-bordered w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A field's error, announced and linked by id. Body-coloured text with a red rule: the themes'
 * error red is too light to read as text on their light backgrounds (axe colour contrast).
 */
export function FieldError({ id, message }: { id?: string; message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 border-l-4 border-error pl-2 text-sm font-medium">
      {message}
    </p>
  );
}
