import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface ShellProps {
  label: string;
  /** A message under the field, announced and linked to it. */
  error?: string | null | undefined;
  hint?: ReactNode;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** daisyUI's classes for a control: bordered, full width, red when in error. */
function controlClass(kind: 'input' | 'textarea' | 'select', error: unknown, extra?: string) {
  return `${kind} ${kind}-bordered w-full ${error ? `${kind}-error` : ''} ${extra ?? ''}`;
}

/** Label, control, hint and error, wired together (every control has a label). */
function FieldShell({
  label,
  error,
  hint,
  renderControl,
}: ShellProps & { renderControl(props: ControlProps): ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      {renderControl({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type InputProps = ShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/**
 * A read-only input must not look editable (issue 8): the muted fill of a disabled field, a plain
 * border and no editing cursor, in the body colour so it stays readable.
 */
const READ_ONLY_CLASS = 'bg-base-200 border-base-300 text-base-content cursor-default';

export function FormField({ label, error, hint, className, ...input }: InputProps) {
  const readOnlyClass = input.readOnly ? READ_ONLY_CLASS : '';
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      renderControl={(control) => (
        <input
          className={controlClass('input', error, `${readOnlyClass} ${className ?? ''}`)}
          aria-readonly={input.readOnly || undefined}
          {...control}
          {...input}
        />
      )}
    />
  );
}

type TextAreaProps = ShellProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaProps) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      renderControl={(control) => (
        <textarea
          className={controlClass('textarea', error, className)}
          {...control}
          {...textarea}
        />
      )}
    />
  );
}

type SelectProps = ShellProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    /** Each a value shown as it is, or a value with the label shown for it. */
    options: readonly (string | { value: string; label: string })[];
    /** A first, unselectable choice shown while nothing is chosen. */
    placeholder?: string;
  };

export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  className,
  ...select
}: SelectProps) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      renderControl={(control) => (
        <select className={controlClass('select', error, className)} {...control} {...select}>
          {placeholder && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => {
            const { value, label } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
        </select>
      )}
    />
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

/** The email field of the account forms: the same label, type and autofill everywhere. */
export function EmailField(props: Omit<InputProps, 'label' | 'type'> & { label?: string }) {
  return <FormField label="Email" type="email" autoComplete="email" required {...props} />;
}

/** A password field; `autoComplete` tells the browser's password manager which one it is. */
export function PasswordField(
  props: Omit<InputProps, 'type' | 'autoComplete'> & {
    autoComplete: 'current-password' | 'new-password';
  },
) {
  return <FormField type="password" required {...props} />;
}

/** A form's submit button, disabled and saying what it does while the form is sent. */
export function SubmitButton({
  busy,
  busyLabel,
  className = 'btn-primary',
  children,
}: {
  busy: boolean;
  busyLabel: string;
  /** daisyUI classes beside `btn`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={`btn ${className}`} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
