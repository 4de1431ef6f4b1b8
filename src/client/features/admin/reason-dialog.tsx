import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  MAX_SUSPENSION_DAYS,
  reasonOnlySchema,
  suspendSchema,
} from '../../../shared/moderation.ts';
import { FormField, TextAreaField } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { errorMessage, useForm } from '../../lib/use-form.ts';

export interface ReasonInput {
  reason: string;
  days?: number | undefined;
}

/** An operator's action that needs a reason (issue 20), asked for before it runs. */
export interface ReasonRequest {
  title: string;
  /** What the action does, said before it is done. */
  text: string;
  confirmText: string;
  isDestructive?: boolean;
  /** A suspension: how many days, too. */
  asksDays?: boolean;
  /** Runs the action; resolves to the server's message. */
  run(input: ReasonInput): Promise<string>;
}

const DEFAULT_DAYS = '7';

/**
 * A dialog asking for the action's reason (and a suspension's days), checked with the server's
 * schema before anything is sent. Once the server has answered, the dialog closes, its message
 * shows in a toast (an error toast for a refusal) and `onSettled` runs, whatever the outcome:
 * a refusal often means the list shown is out of date.
 */
export function useReasonDialog(onSettled: () => Promise<void> | void): {
  ask(request: ReasonRequest): void;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState<{ id: number; request: ReasonRequest } | null>(null);
  const nextId = useRef(1);
  const toast = useToast();

  const finish = async (outcome: { message: string; isError: boolean }) => {
    setOpen(null);
    if (outcome.isError) toast.error(outcome.message);
    else toast.success(outcome.message);
    await onSettled();
  };

  return {
    ask: (request) => setOpen({ id: nextId.current++, request }),
    dialog: open && (
      <ReasonDialog
        key={open.id}
        request={open.request}
        onCancel={() => setOpen(null)}
        onDone={finish}
      />
    ),
  };
}

function ReasonDialog({
  request,
  onCancel,
  onDone,
}: {
  request: ReasonRequest;
  onCancel(): void;
  onDone(outcome: { message: string; isError: boolean }): Promise<void>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const schema = request.asksDays ? suspendSchema : reasonOnlySchema;
  const form = useForm(schema, { reason: '', days: DEFAULT_DAYS });

  useEffect(() => {
    // The control that opened the dialog gets the focus back when it closes, if it is still there.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    // showModal() traps focus (on the first field) and makes the rest of the page inert.
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const submit = form.handleSubmit(
    async (input: ReasonInput) => {
      try {
        await onDone({ message: await request.run(input), isError: false });
      } catch (error) {
        await onDone({ message: errorMessage(error), isError: true });
      }
    },
    ({ reason, days }) => (request.asksDays ? { reason, days: Number(days) } : { reason }),
  );

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!form.isSubmitting) onCancel();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-bold wrap-anywhere">
          {request.title}
        </h2>
        <p id={textId} className="py-3">
          {request.text}
        </p>
        <form noValidate onSubmit={submit} className="space-y-3">
          <TextAreaField
            label="Reason"
            required
            rows={3}
            hint="Recorded in the audit log with your name."
            {...form.field('reason')}
          />
          {request.asksDays && (
            <FormField
              label="Days"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SUSPENSION_DAYS}
              required
              hint={`From 1 to ${MAX_SUSPENSION_DAYS}.`}
              {...form.field('days')}
            />
          )}
          <div className="modal-action flex-wrap">
            <button
              type="submit"
              className={`btn ${request.isDestructive ? 'btn-error' : 'btn-primary'}`}
              disabled={form.isSubmitting}
            >
              {request.confirmText}
            </button>
            <button type="button" className="btn" onClick={onCancel} disabled={form.isSubmitting}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
