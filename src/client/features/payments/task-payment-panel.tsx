import { useEffect, useId, useState } from 'react';
import {
  DISPUTE_STATEMENT_MAX_LENGTH,
  formatCents,
  PAYMENT_MESSAGES,
  statementInputSchema,
  type Dispute,
} from '../../../shared/payments.ts';
import type { PublicConfig } from '../../../shared/public-config.ts';
import type { Task } from '../../../shared/tasks.ts';
import { FieldError, SubmitButton, TextAreaField } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { loadPublicConfig } from '../../lib/public-config.ts';
import { errorMessage, useForm } from '../../lib/use-form.ts';
import { paymentsApi, type TaskPayment } from './payments-api.ts';
import {
  freelancerReceives,
  HELD_HEADING,
  heldForTask,
  PAYMENT_STATUS_LABELS,
  PAYMENT_TOASTS,
  STATEMENT_LABEL,
} from './payments-messages.ts';
import { TestPaymentsBanner } from './test-payments-banner.tsx';

interface Loaded {
  payment: TaskPayment;
  config: PublicConfig;
}

// The server's settings change only when it restarts: read once per page load, for the
// banner's mode and the freelancer's fee.
let configRead: Promise<PublicConfig> | null = null;
function readConfig(): Promise<PublicConfig> {
  configRead ??= loadPublicConfig().catch((error: unknown) => {
    configRead = null;
    throw error;
  });
  return configRead;
}

/** The task's payment, or null when it has none (404: never paid for, or not this reader's). */
async function loadPayment(taskId: string): Promise<Loaded | null> {
  try {
    // Without payments (PAYMENTS=off) no task has one: nothing to ask the server.
    const config = await readConfig();
    if (config.payments === 'off') return null;
    return { payment: await paymentsApi.getTaskPayment(taskId), config };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** What became of money no longer held, in one sentence, as the ledger moved it. */
function settledText({ status, settled }: TaskPayment): string | null {
  if (!settled) return null;
  const toFreelancer = formatCents(settled.toFreelancerCents);
  const refunded = formatCents(settled.refundedCents);
  if (status === 'released')
    return `Released: ${toFreelancer} went to the freelancer after their fee.`;
  if (status === 'refunded') return `Refunded: ${refunded} went back to the poster.`;
  if (status === 'split') {
    return `Split: ${toFreelancer} went to the freelancer after their fee; ${refunded} was refunded to the poster.`;
  }
  return null;
}

/**
 * A task's payment on its page (issue 21), for its poster and hired freelancer: what is held
 * (offer + fee = total; the freelancer also reads what they receive after their fee), what
 * became of it, and a dispute's statements with a form to add one while it is open. Loaded
 * lazily by the task page, and read again whenever the task changes.
 */
export default function TaskPaymentPanel({
  task,
  isFreelancer,
}: {
  task: Task;
  isFreelancer: boolean;
}) {
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // A failed read keeps what is shown: the task page itself says when the server is away.
  const reload = () => loadPayment(task._id).then(setLoaded, () => undefined);
  // `task` is a new object each time the page reads it again (live, issue 17); an answer to an
  // earlier read that comes last is not shown.
  useEffect(() => {
    let isCurrent = true;
    loadPayment(task._id).then(
      (answer) => isCurrent && setLoaded(answer),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [task]);
  if (!loaded) return null;

  const { payment, config } = loaded;
  const isHeld =
    payment.heldCents > 0 && (payment.status === 'held' || payment.status === 'disputed');
  const settled = settledText(payment);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-box border border-base-300 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {HELD_HEADING}
        </h2>
        <span className="badge badge-outline">
          {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
        </span>
      </div>
      <TestPaymentsBanner mode={config.payments} />
      {isHeld && (
        <div className="space-y-1">
          <p className="text-2xl font-semibold">{heldForTask(payment.totalCents)}</p>
          <p>
            Offer {formatCents(payment.amountCents)} + service fee{' '}
            {formatCents(payment.clientFeeCents)} = {formatCents(payment.totalCents)}
          </p>
          {isFreelancer && (
            <p>{freelancerReceives(payment.toFreelancerCents, config.freelancerFeePercent)}</p>
          )}
        </div>
      )}
      {payment.status === 'processing' && <p>{PAYMENT_MESSAGES.notConfirmed}</p>}
      {settled && <p className="text-lg font-semibold">{settled}</p>}
      {payment.dispute && (
        <DisputeDetails taskId={task._id} dispute={payment.dispute} onAdded={reload} />
      )}
    </section>
  );
}

function DisputeDetails({
  taskId,
  dispute,
  onAdded,
}: {
  taskId: string;
  dispute: Dispute;
  onAdded(): Promise<void>;
}) {
  const isOpen = dispute.status === 'open';
  return (
    <div className="space-y-4">
      {isOpen ? (
        <p role="note" className="rounded-box border-l-4 border-warning bg-base-200 p-4">
          {PAYMENT_MESSAGES.disputed}
        </p>
      ) : (
        dispute.reason && (
          <p>
            Decided {dispute.resolvedAt ? `on ${formatDate(dispute.resolvedAt)} ` : ''}by an admin:
            “{dispute.reason}”
          </p>
        )
      )}
      <h3 className="text-lg font-semibold">Statements</h3>
      <ol aria-label="Statements" className="space-y-3">
        {dispute.statements.map((statement) => (
          <li key={statement._id} className="rounded-box bg-base-200 p-3">
            <p className="text-sm">
              <span className="font-semibold">{statement.author.name}</span> (
              {statement.role === 'poster' ? 'Poster' : 'Freelancer'}) ·{' '}
              <time dateTime={statement.createdAt}>{formatDate(statement.createdAt)}</time>
            </p>
            <p className="whitespace-pre-line wrap-anywhere">{statement.text}</p>
          </li>
        ))}
      </ol>
      {isOpen && <StatementForm taskId={taskId} onAdded={onAdded} />}
    </div>
  );
}

function StatementForm({ taskId, onAdded }: { taskId: string; onAdded(): Promise<void> }) {
  const id = useId();
  const toast = useToast();
  const form = useForm(statementInputSchema, { text: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ text }) => {
    setRefusal(null);
    try {
      await paymentsApi.addStatement(taskId, text);
    } catch (error) {
      setRefusal(errorMessage(error));
      return;
    }
    form.reset();
    toast.success(PAYMENT_TOASTS.statementAdded);
    await onAdded();
  });
  return (
    <form noValidate aria-labelledby={`${id}-heading`} onSubmit={submit} className="space-y-3">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        Add a statement
      </h3>
      <TextAreaField
        label={STATEMENT_LABEL}
        required
        maxLength={DISPUTE_STATEMENT_MAX_LENGTH}
        className="h-28"
        hint={`What happened, for the admin who decides, up to ${DISPUTE_STATEMENT_MAX_LENGTH.toLocaleString('en-US')} characters. The other party reads it too.`}
        {...form.field('text')}
      />
      <FieldError message={refusal} />
      <SubmitButton busy={form.isSubmitting} busyLabel="Sending…">
        Add statement
      </SubmitButton>
    </form>
  );
}
