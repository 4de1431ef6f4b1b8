import { useState } from 'react';
import { CATEGORIES, taskInputSchema, type TaskInput } from '../../shared/tasks.ts';
import type { FileView } from '../../shared/files.ts';
import type { TaskAttachments } from '../features/files/task-files.ts';
import { TASK_UPLOADERS } from '../features/files/task-uploaders.ts';
import { Uploader } from '../features/files/uploader.tsx';
import { uploadsProblem, useUploads } from '../features/files/use-uploads.ts';
import { useForm } from '../lib/use-form.ts';
import type { SessionUser } from '../lib/session.tsx';
import { FieldError, FormField, SelectField, SubmitButton, TextAreaField } from './form-field.tsx';
import { SkillsPicker } from './skills-picker.tsx';
import { CURATED_SKILLS } from '../../shared/freelancer-profiles.ts';
import { suggestSkills } from '../../shared/task-skills.ts';
import { TASK_SKILLS_MAX, type Category } from '../../shared/tasks.ts';

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
  /** The task's photos and documents as stored (Edit). */
  initialFiles?: { photos: readonly FileView[]; files: readonly FileView[] };
  /** The task's skills as stored (Edit); issue 50. */
  initialSkills?: readonly string[];
  submitLabel: string;
  /** Resolves true when the form should reset (a task was added). */
  onSubmit(input: TaskInput & TaskAttachments): Promise<boolean>;
}

/**
 * The add and edit form (spec §2, §5): every field required, budget checked in the browser with
 * the spec's messages before any request; the poster is shown read-only and never sent.
 */
export function TaskForm({
  poster,
  initialValues = EMPTY_TASK_FORM,
  initialFiles,
  initialSkills = [],
  submitLabel,
  onSubmit,
}: TaskFormProps) {
  const form = useForm(taskInputSchema, initialValues);
  const photos = useUploads('task', initialFiles?.photos);
  const documents = useUploads('task', initialFiles?.files);
  const [filesError, setFilesError] = useState('');
  const [skills, setSkills] = useState<string[]>([...initialSkills]);
  const { title, description, category } = form.values;
  const offered = suggestSkills(title, description, category as Category | '', skills);
  const submit = form.handleSubmit(
    async (input: TaskInput) => {
      // Issue 49: a file still on its way, or refused, is not silently left out of the task.
      const problem = uploadsProblem(photos, documents);
      setFilesError(problem);
      if (problem) return;
      const attachments = {
        photoIds: photos.ready.map((file) => file.id),
        fileIds: documents.ready.map((file) => file.id),
      };
      if (await onSubmit({ ...input, ...attachments })) {
        form.reset();
        setSkills([...initialSkills]);
        photos.reset();
        documents.reset();
      }
    },
    // An unchosen category is a missing one ('Category is required.'), not an unknown one.
    (values) => ({ ...values, category: values.category || undefined, skills }),
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
      <div className="md:col-span-2">
        <SkillsPicker
          legend={`Skills (optional, up to ${TASK_SKILLS_MAX})`}
          listLabel="Skills of this task"
          skills={skills}
          onChange={setSkills}
          max={TASK_SKILLS_MAX}
          known={CURATED_SKILLS}
          offered={offered}
          error={form.errors.skills}
        />
      </div>
      {(['photos', 'documents'] as const).map((kind) => (
        <div key={kind} className="md:col-span-2">
          <Uploader uploads={kind === 'photos' ? photos : documents} {...TASK_UPLOADERS[kind]} />
        </div>
      ))}
      <FormField label="Your name" name="userName" value={poster.name} readOnly />
      <FormField label="Your email" name="userEmail" type="email" value={poster.email} readOnly />
      <div className="md:col-span-2">
        <FieldError message={filesError} />
        <SubmitButton busy={form.isSubmitting} busyLabel="Saving…" className="btn-primary w-full">
          {submitLabel}
        </SubmitButton>
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
