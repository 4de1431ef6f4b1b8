import type { ZodType } from 'zod';

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed parse (the schemas order checks as the spec does). */
export function fieldErrors(schema: ZodType, values: unknown): FieldErrors | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
