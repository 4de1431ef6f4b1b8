import { CATEGORIES, taskInputSchema, type TaskInput } from '../../shared/tasks.ts';
import { useForm } from '../lib/use-form.ts';
import type { SessionUser } from '../lib/session.tsx';
import { FormField, SelectField, TextAreaField } from './form-field.tsx';

export type TaskFormValues = {
  title: string;
  category: string;
  description: string;
  deadline: string;
  budget: string;
};

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
  const form = useForm(taskInputSchema, initialValues);
  const submit = form.handleSubmit(
    async (input) => {
      if (await onSubmit(input)) form.reset();
    },
    // An unchosen category is a missing one ('Category is required.'), not an unknown one.
    (values) => ({ ...values, category: values.category || undefined }),
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4 md:grid-cols-2"
      aria-label={submitLabel}
    >
      <div className="md:col-span-2">
        <FormField label="Title" required maxLength={120} {...form.field('title')} />
      </div>
      <SelectField
        label="Category"
        required
        options={CATEGORIES}
        placeholder="Select a category"
        {...form.field('category')}
      />
      <FormField label="Deadline" type="date" required {...form.field('deadline')} />
      <FormField
        label="Budget (USD)"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        required
        {...form.field('budget')}
      />
      <div className="md:col-span-2">
        <TextAreaField
          label="Description"
          required
          maxLength={5000}
          className="h-36"
          {...form.field('description')}
        />
      </div>
      <FormField label="Your name" name="userName" value={poster.name} readOnly />
      <FormField label="Your email" name="userEmail" type="email" value={poster.email} readOnly />
      <div className="md:col-span-2">
        <button type="submit" className="btn btn-primary w-full" disabled={form.isSubmitting}>
          {form.isSubmitting ? 'Saving…' : submitLabel}
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
