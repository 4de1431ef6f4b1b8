import { lazy, type Ref, Suspense, useId, useState } from 'react';
import type { ZodType } from 'zod';
import {
  CHANGE_NOTE_MAX_LENGTH,
  changeRequestInputSchema,
  type DeliverInput,
  DELIVERY_MESSAGES,
  disputeInputSchema,
  type TaskDelivery,
} from '../../../shared/delivery.ts';
import { reopenInputSchema, REOPEN_REASON_MAX_LENGTH } from '../../../shared/offers.ts';
import type { Task } from '../../../shared/tasks.ts';
import { useDialog } from '../../components/dialogs.tsx';
import { TextAreaField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { formatBudget, formatDate } from '../../lib/format.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { useForm } from '../../lib/use-form.ts';
import { deliveryApi } from '../delivery/delivery-api.ts';
import {
  CHANGES_LABEL,
  changesAsked,
  changesHint,
  changesPending,
  DELIVERY_TOASTS,
  DISPUTE_HINT,
  DISPUTE_REASON_LABEL,
  disputeConfirm,
} from '../delivery/delivery-messages.ts';
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

/** Issue 49: the delivery's form (a note, the uploader) in a chunk of its own, loaded when opened. */
const DeliverForm = lazy(() => import('../delivery/deliver-form.tsx'));

/**
 * The form the panel shows: ending the assignment, asking for changes, a dispute, or (issue 49)
 * the delivery with its note and files.
 */
type Step = 'end' | 'changes' | 'dispute' | 'deliver';

/**
 * An assigned task, as its two parties see it (issue 9): the hired freelancer marks it delivered
 * or backs out; the poster confirms completion, or (issue 47) answers delivered work by asking
 * for changes (a limited number of rounds) or, where its money is held, by opening a dispute;
 * otherwise the poster may reopen it. Each takes a reason or note. `delivery` is the hire's
 * rounds (null until read); `focusTask` puts the focus on the task's title once this panel is gone.
 */
export function AssignmentPanel({
  task,
  price,
  userId,
  delivery,
  refresh,
  focusTask,
}: {
  task: Task;
  /** The accepted offer's price, when the reader may see it (the two parties may). */
  price: number | null;
  userId: string;
  delivery: TaskDelivery | null;
  refresh(): Promise<void>;
  focusTask(): void;
}) {
  const dialog = useDialog();
  const runAction = useTaskAction(refresh);
  const [step, setStep] = useState<Step | null>(null);
  // The button that opened the last step gets the focus back when it closes.
  const [openedBy, setOpenedBy] = useState<Step>('end');
  const heading = useFocusLater<HTMLHeadingElement>();
  const opener = useFocusLater<HTMLButtonElement>();
  const id = useId();
  const assignee = task.assignee;
  if (!assignee) return null;
  const isPoster = task.userId === userId;
  const isDelivered = task.deliveredAt !== null;
  const isPaymentHeld = delivery?.isPaymentHeld ?? false;
  const deliverRefusal = whyNot('deliver', task, userId);
  // Delivered work with its money held is disputed rather than reopened (issue 21's rule), also
  // while it is back with the freelancer for changes: the server says whether it was delivered.
  const disputesInstead = isPaymentHeld && (delivery?.hasDelivered ?? false);
  const roundsUsed =
    delivery && delivery.roundsLeft === 0
      ? DELIVERY_MESSAGES.roundsUsed(delivery.roundsMax, isPaymentHeld)
      : null;
  const lastRound = delivery?.rounds.at(-1);
  const waitingRound = !isDelivered && lastRound && !lastRound.redeliveredAt ? lastRound : null;

  async function complete() {
    if (!(await dialog.confirm(completeConfirm(assignee!.name)))) return;
    focusTask();
    await runAction(() => offersApi.completeTask(task._id), OFFER_TOASTS.completed);
  }

  async function deliver(input: DeliverInput) {
    heading.request();
    const isDone = await runAction(
      () => offersApi.deliverTask(task._id, input),
      OFFER_TOASTS.delivered,
    );
    if (isDone) setStep(null);
  }

  async function endAssignment(reason: string) {
    // Ending is for good, like a hire: it asks first (issue 17).
    // Until the delivery is read, whether money is held is not known: claim neither.
    const known = { isPaymentHeld, isDelivered: isDelivered && delivery !== null };
    if (!(await dialog.confirm(endConfirm(isPoster, known)))) return;
    focusTask();
    await runAction(
      () => offersApi.reopenTask(task._id, { reason }),
      // Issue 21: delivered work with its money held is disputed, not reopened.
      (answer) => (answer.disputed ? OFFER_TOASTS.disputed : OFFER_TOASTS.reopened),
    );
  }

  async function requestChanges(note: string) {
    heading.request();
    const isDone = await runAction(
      () => deliveryApi.requestChanges(task._id, { note }),
      DELIVERY_TOASTS.changesRequested(assignee!.name),
    );
    if (isDone) setStep(null);
  }

  async function openDispute(reason: string) {
    if (!(await dialog.confirm(disputeConfirm(assignee!.name)))) return;
    heading.request();
    const isDone = await runAction(
      () => deliveryApi.disputeDelivery(task._id, { reason }),
      OFFER_TOASTS.disputed,
    );
    if (isDone) setStep(null);
  }

  const open = (opened: Step) => {
    setOpenedBy(opened);
    setStep(opened);
  };
  const opens = (opened: Step) => ({
    buttonRef: openedBy === opened ? opener.ref : undefined,
    onOpen: () => open(opened),
  });
  const closeStep = () => {
    setStep(null);
    opener.request();
  };
  const delivered = task.deliveredAt
    ? `Marked as delivered on ${formatDate(task.deliveredAt)}.`
    : 'Not marked as delivered yet.';
  const forms: Record<Exclude<Step, 'deliver'>, Omit<TextStepProps, 'onCancel'>> = {
    end: {
      schema: reopenInputSchema,
      field: 'reason',
      submitLabel: isPoster ? 'Reopen task' : 'Back out',
      label: 'Reason',
      maxLength: REOPEN_REASON_MAX_LENGTH,
      hint: "Why the assignment ends. It is recorded and counts in the freelancer's completion rate when they end it.",
      onSubmit: endAssignment,
    },
    changes: {
      schema: changeRequestInputSchema,
      field: 'note',
      submitLabel: 'Request changes',
      label: CHANGES_LABEL,
      maxLength: CHANGE_NOTE_MAX_LENGTH,
      hint: changesHint(assignee.name, delivery?.roundsLeft ?? 0),
      onSubmit: requestChanges,
    },
    dispute: {
      schema: disputeInputSchema,
      field: 'reason',
      submitLabel: 'Open a dispute',
      label: DISPUTE_REASON_LABEL,
      maxLength: REOPEN_REASON_MAX_LENGTH,
      hint: DISPUTE_HINT,
      onSubmit: openDispute,
    },
  };
  // The poster's answers to delivered work wait for the rounds to be read, and for no dispute.
  const canDispute = isPoster && disputesInstead && delivery?.isDisputed === false;
  const answersDelivery = isPoster && isDelivered && delivery?.isDisputed === false;
  // The poster's reopen does not wait for the delivery (nor fail with its read): where money is
  // held for delivered work, the server makes a reopen a dispute anyway.
  const endsAssignment = !isPoster || !disputesInstead;

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
      {waitingRound && (
        <p className="rounded-box border-l-4 border-info bg-base-200 p-4 whitespace-pre-line wrap-anywhere">
          {isPoster
            ? changesPending(assignee.name, formatDate(waitingRound.requestedAt))
            : changesAsked(task.userName, formatDate(waitingRound.requestedAt), waitingRound.note)}
        </p>
      )}
      {step === 'deliver' && (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <DeliverForm posterName={task.userName} onSubmit={deliver} onCancel={closeStep} />
        </Suspense>
      )}
      {step && step !== 'deliver' && (
        <TextStepForm key={step} {...forms[step]} onCancel={closeStep} />
      )}
      {step === null && (
        <div className="flex flex-wrap gap-2">
          {isPoster ? (
            <button type="button" className="btn btn-primary" onClick={complete}>
              Confirm completion
            </button>
          ) : deliverRefusal ? (
            <RefusedAction label="Mark as delivered" reasonId={`${id}-deliver`} />
          ) : (
            <StepButton label="Mark as delivered" primary {...opens('deliver')} />
          )}
          {answersDelivery &&
            (roundsUsed ? (
              <RefusedAction label="Request changes" reasonId={`${id}-rounds`} />
            ) : (
              <StepButton label="Request changes" {...opens('changes')} />
            ))}
          {canDispute && <StepButton label="Open a dispute" {...opens('dispute')} />}
          {endsAssignment && (
            <StepButton label={isPoster ? 'Reopen' : 'Back out'} {...opens('end')} />
          )}
        </div>
      )}
      <RefusalNotes
        notes={[
          ...(!isPoster && deliverRefusal && step === null
            ? [{ id: `${id}-deliver`, text: deliverRefusal }]
            : []),
          ...(answersDelivery && roundsUsed && step === null
            ? [{ id: `${id}-rounds`, text: roundsUsed }]
            : []),
        ]}
      />
    </section>
  );
}

/** A button that opens one of the panel's steps (`buttonRef` for the focus coming back). */
function StepButton({
  label,
  primary = false,
  buttonRef,
  onOpen,
}: {
  label: string;
  primary?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  onOpen(): void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={primary ? 'btn btn-primary' : 'btn btn-outline'}
      onClick={onOpen}
    >
      {label}
    </button>
  );
}

/**
 * One step's form: a required text (a reason, a note) checked by its shared schema, sent on
 * submit; Cancel (or Escape) closes it.
 */
interface TextStepProps {
  schema: ZodType<Record<string, string>>;
  field: string;
  submitLabel: string;
  label: string;
  maxLength: number;
  hint: string;
  onSubmit(text: string): Promise<void>;
  onCancel(): void;
}

function TextStepForm({
  schema,
  field,
  submitLabel,
  label,
  maxLength,
  hint,
  onSubmit,
  onCancel,
}: TextStepProps) {
  const form = useForm(schema, { [field]: '' });
  return (
    <PanelForm
      name={submitLabel}
      submitLabel={submitLabel}
      isSubmitting={form.isSubmitting}
      onSubmit={form.handleSubmit((parsed) => onSubmit(parsed[field] ?? ''))}
      onCancel={onCancel}
    >
      <TextAreaField
        label={label}
        required
        autoFocus
        maxLength={maxLength}
        hint={hint}
        {...form.field(field)}
      />
    </PanelForm>
  );
}
