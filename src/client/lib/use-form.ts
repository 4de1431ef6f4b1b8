import { useState, type FormEvent } from 'react';
import type { output, ZodType } from 'zod';

export type FieldErrors = Record<string, string>;

/** Something thrown, as a message for the user: an API refusal's own reason (its `{message}`). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Issue 47: where the spec fixes a failure's words ("Failed to add task.", §8), they stay and the
 * server's reason follows them, so a refusal always says why. Beside errorMessage rather than in
 * api-error.ts, which the home page loads (its JavaScript budget has no room).
 */
export function withReason(specMessage: string, error: unknown): string {
  const reason = errorMessage(error).trim();
  return reason && reason !== specMessage ? `${specMessage} ${reason}` : specMessage;
}

/**
 * A form's values, its first error per field and its submitting flag, checked with one of the
 * shared schemas before the action runs (so the browser shows the spec's messages, in the spec's
 * order, before any request). `field(name)` gives a FormField its value, error and onChange.
 */
export function useForm<S extends ZodType, V extends Record<string, string>>(
  schema: S,
  initial: V,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  /** `prepare` turns the typed values into the schema's input (e.g. '' → missing). */
  const handleSubmit =
    (action: (parsed: output<S>) => Promise<unknown> | void, prepare = (v: V): unknown => v) =>
    async (event: FormEvent) => {
      event.preventDefault();
      const result = schema.safeParse(prepare(values));
      if (!result.success) {
        const found: FieldErrors = {};
        for (const issue of result.error.issues)
          found[String(issue.path[0] ?? 'form')] ??= issue.message;
        setErrors(found);
        return;
      }
      setErrors({});
      setIsSubmitting(true);
      try {
        await action(result.data);
      } finally {
        setIsSubmitting(false);
      }
    };

  return {
    values,
    errors,
    isSubmitting,
    field,
    handleSubmit,
    setErrors,
    reset: () => setValues(initial),
  };
}
