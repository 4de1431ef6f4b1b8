import { useId, useState } from 'react';
import { reopenInputSchema, REOPEN_REASON_MAX_LENGTH } from '../../../shared/offers.ts';
import type { Task } from '../../../shared/tasks.ts';
import { useDialog } from '../../components/dialogs.tsx';
import { TextAreaField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { formatBudget, formatDate } from '../../lib/format.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { useForm } from '../../lib/use-form.ts';
import { RefusalNotes, RefusedAction } from '../tasks/owner-actions.tsx';
import { whyNot } from '../tasks/task-permissions.ts';
import { useTaskAction } from '../tasks/use-task-action.ts';
import { endConfirm, OFFER_TOASTS } from './offer-messages.ts';
import { offersApi } from './offers-api.ts';

export function completeConfirm(freelancer: string) {
  return {
    title: 'Confirm completion?',
    text: `The task becomes completed, for good. Then you and ${freelancer} can review each other.`,
    confirmText: 'Yes, it is completed',
    icon: 'info',
  } as const;
}

/**
 * An assigned task, as its two parties see it (issue 9): the poster confirms completion or
 * reopens it, the hired freelancer marks it delivered or backs out; ending the assignment takes
 * a reason. `focusTask` puts the focus on the task's title once this panel is gone.
 */
export function AssignmentPanel({
  task,
  price,
  userId,
  refresh,
  focusTask,
}: {
  task: Task;
  /** The accepted offer's price, when the reader may see it (the two parties may). */
  price: number | null;
  userId: string;
  refresh(): Promise<void>;
  focusTask(): void;
}) {
  const dialog = useDialog();
  const runAction = useTaskAction(refresh);
  const [isEnding, setIsEnding] = useState(false);
  const heading = useFocusLater<HTMLHeadingElement>();
  const opener = useFocusLater<HTMLButtonElement>();
  const id = useId();
  const assignee = task.assignee;
  if (!assignee) return null;
  const isPoster = task.userId === userId;
  const deliverRefusal = whyNot('deliver', task, userId);

  async function complete() {
    if (!(await dialog.confirm(completeConfirm(assignee!.name)))) return;
    focusTask();
    await runAction(() => offersApi.completeTask(task._id), OFFER_TOASTS.completed);
  }

  async function deliver() {
    heading.request();
    await runAction(() => offersApi.deliverTask(task._id), OFFER_TOASTS.delivered);
  }

  async function endAssignment(reason: string) {
    // Ending is for good, like a hire: it asks first (issue 17).
    if (!(await dialog.confirm(endConfirm(isPoster)))) return;
    focusTask();
    await runAction(
      () => offersApi.reopenTask(task._id, { reason }),
      // Issue 21: delivered work with its money held is disputed, not reopened.
      (answer) => (answer.disputed ? OFFER_TOASTS.disputed : OFFER_TOASTS.reopened),
    );
  }

  const delivered = task.deliveredAt
    ? `Marked as delivered on ${formatDate(task.deliveredAt)}.`
    : 'Not marked as delivered yet.';

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-box border border-base-300 p-4"
    >
      <h2 id={`${id}-heading`} ref={heading.ref} tabIndex={-1} className="text-xl font-semibold">
        {isPoster ? 'Hired freelancer' : 'Your job'}
      </h2>
      <p>
        {isPoster ? `${assignee.name} is doing this task` : 'You are hired for this task'}
        {price === null ? '.' : ` for ${formatBudget(price)}.`} {delivered}
      </p>
      {isEnding ? (
        <EndAssignmentForm
          submitLabel={isPoster ? 'Reopen task' : 'Back out'}
          onSubmit={endAssignment}
          onCancel={() => {
            setIsEnding(false);
            opener.request();
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          {isPoster ? (
            <button type="button" className="btn btn-primary" onClick={complete}>
              Confirm completion
            </button>
          ) : deliverRefusal ? (
            <RefusedAction label="Mark as delivered" reasonId={`${id}-deliver`} />
          ) : (
            <button type="button" className="btn btn-primary" onClick={deliver}>
              Mark as delivered
            </button>
          )}
          <button
            ref={opener.ref}
            type="button"
            className="btn btn-outline"
            onClick={() => setIsEnding(true)}
          >
            {isPoster ? 'Reopen' : 'Back out'}
          </button>
        </div>
      )}
      <RefusalNotes
        notes={
          !isPoster && deliverRefusal && !isEnding
            ? [{ id: `${id}-deliver`, text: deliverRefusal }]
            : []
        }
      />
    </section>
  );
}

/** Ending an assignment needs a reason (issue 9): it is recorded with who ended it. */
function EndAssignmentForm({
  submitLabel,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  onSubmit(reason: string): Promise<void>;
  onCancel(): void;
}) {
  const form = useForm(reopenInputSchema, { reason: '' });
  return (
    <PanelForm
      name={submitLabel}
      submitLabel={submitLabel}
      isSubmitting={form.isSubmitting}
      onSubmit={form.handleSubmit(({ reason }) => onSubmit(reason))}
      onCancel={onCancel}
    >
      <TextAreaField
        label="Reason"
        required
        autoFocus
        maxLength={REOPEN_REASON_MAX_LENGTH}
        hint="Why the assignment ends. It is recorded and counts in the freelancer's completion rate when they end it."
        {...form.field('reason')}
      />
    </PanelForm>
  );
}
