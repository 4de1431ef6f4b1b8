import { useState, type FormEvent } from 'react';
import { CATEGORIES, taskInputSchema, type TaskInput } from '../../shared/tasks.ts';
import { fieldErrors, type FieldErrors } from '../lib/form-errors.ts';
import type { SessionUser } from '../lib/session.tsx';
import { FormField, SelectField, TextAreaField } from './form-field.tsx';

export interface TaskFormValues {
  title: string;
  category: string;
  description: string;
  deadline: string;
  budget: string;
}

export const EMPTY_TASK_FORM: TaskFormValues = {
  title: '',
  category: '',
  description: '',
  deadline: '',
  budget: '',
};

interface TaskFormProps {
  poster: SessionUser;
  initialValues?: TaskFormValues;
  submitLabel: string;
  /** Resolves true when the form should reset (a task was added). */
  onSubmit(input: TaskInput): Promise<boolean>;
}

/**
 * The add and edit form (spec §2, §5): every field required, budget checked in the browser with
 * the spec's messages before any request; the poster is shown read-only and never sent.
 */
export function TaskForm({
  poster,
  initialValues = EMPTY_TASK_FORM,
  submitLabel,
  onSubmit,
}: TaskFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const set = (field: keyof TaskFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // An unchosen category is a missing one ('Category is required.'), not an unknown one.
    const input = { ...values, category: values.category || undefined };
    const parsed = taskInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(taskInputSchema, input) ?? {});
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      if (await onSubmit(parsed.data)) setValues(EMPTY_TASK_FORM);
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4 md:grid-cols-2"
      aria-label={submitLabel}
    >
      <div className="md:col-span-2">
        <FormField
          label="Title"
          name="title"
          required
          maxLength={120}
          value={values.title}
          error={errors.title}
          onChange={set('title')}
        />
      </div>
      <SelectField
        label="Category"
        name="category"
        required
        options={CATEGORIES}
        placeholder="Select a category"
        value={values.category}
        error={errors.category}
        onChange={set('category')}
      />
      <FormField
        label="Deadline"
        name="deadline"
        type="date"
        required
        value={values.deadline}
        error={errors.deadline}
        onChange={set('deadline')}
      />
      <FormField
        label="Budget (USD)"
        name="budget"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        required
        value={values.budget}
        error={errors.budget}
        onChange={set('budget')}
      />
      <div className="md:col-span-2">
        <TextAreaField
          label="Description"
          name="description"
          required
          maxLength={5000}
          className="h-36"
          value={values.description}
          error={errors.description}
          onChange={set('description')}
        />
      </div>
      <FormField label="Your name" name="userName" value={poster.name} readOnly />
      <FormField label="Your email" name="userEmail" type="email" value={poster.email} readOnly />
      <div className="md:col-span-2">
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}

export function toFormValues(task: Omit<TaskInput, 'budget'> & { budget: number }): TaskFormValues {
  return {
    title: task.title,
    category: task.category,
    description: task.description,
    deadline: task.deadline,
    budget: String(task.budget),
  };
}
