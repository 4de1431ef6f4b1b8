import { useId, useState, type FormEvent } from 'react';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASON_MAX_LENGTH,
  formatCents,
  PAYMENT_MESSAGES,
  resolveDisputeSchema,
  type DisputeOutcome,
} from '../../../shared/payments.ts';
import { useDialog } from '../../components/dialogs.tsx';
import {
  FieldError,
  FormField,
  SubmitButton,
  TextAreaField,
} from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { adminDisputesApi, type AdminDispute } from './admin-disputes-api.ts';
import {
  CHOOSE_OUTCOME,
  CONFIRM_DECISION_BUTTON,
  CONFIRM_DECISION_TITLE,
  confirmDecisionText,
  decideFormName,
  DECISION_REASON_LABEL,
  OUTCOME_LABELS,
  SPLIT_AMOUNT_LABEL,
} from './admin-disputes-messages.ts';
import { parseDollarsToCents } from './parse-dollars.ts';

interface Errors {
  outcome?: string;
  split?: string;
  reason?: string;
}

/**
 * What each outcome does with this dispute's money, said beside its choice and, with the share
 * chosen, in the confirmation.
 */
function outcomeHint(
  outcome: DisputeOutcome,
  { payment, freelancer, poster }: AdminDispute,
  shareCents?: number,
) {
  if (outcome === 'release') {
    return `${freelancer.name} is paid ${formatCents(payment.toFreelancerCents)} after fees; the task completes.`;
  }
  if (outcome === 'refund') {
    return `${poster.name} gets ${formatCents(payment.totalCents)} back; the task reopens.`;
  }
  if (shareCents !== undefined) {
    return `${freelancer.name} is paid ${formatCents(shareCents)} of the ${formatCents(payment.amountCents)} amount, less their fee; ${poster.name} is refunded the rest; the task completes.`;
  }
  return 'Part of the amount to the freelancer, the rest refunded; the task completes.';
}

/**
 * An operator's decision on an open dispute (issue 21): release, refund, or split by the
 * freelancer's share in dollars, with a reason both parties are told; confirmed first, saying
 * what the money does (issue 47). `onDecided` runs once the
 * server has taken it; its refusal (already decided, a split out of range) shows in the form.
 */
export function AdminDisputeDecisionForm({
  item,
  onDecided,
}: {
  item: AdminDispute;
  onDecided(): Promise<void>;
}) {
  const id = useId();
  const dialog = useDialog();
  const [outcome, setOutcome] = useState<DisputeOutcome | ''>('');
  const [split, setSplit] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const { amountCents } = item.payment;
  const outcomeErrorId = `${id}-outcome-error`;

  const decide = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const found: Errors = {};
    if (!outcome) found.outcome = CHOOSE_OUTCOME;
    let freelancerCents: number | undefined;
    if (outcome === 'split') {
      const cents = parseDollarsToCents(split);
      if (cents === null || cents <= 0 || cents >= amountCents) {
        found.split = PAYMENT_MESSAGES.splitAmount(amountCents);
      } else {
        freelancerCents = cents;
      }
    }
    const parsed = resolveDisputeSchema.safeParse({
      outcome: outcome || 'release',
      reason,
      ...(freelancerCents !== undefined ? { freelancerCents } : {}),
    });
    if (!parsed.success) {
      const reasonIssue = parsed.error.issues.find((issue) => issue.path[0] === 'reason');
      if (reasonIssue) found.reason = reasonIssue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    const isConfirmed = await dialog.confirm({
      title: CONFIRM_DECISION_TITLE,
      text: confirmDecisionText(outcomeHint(parsed.data.outcome, item, freelancerCents)),
      icon: 'warning',
      confirmText: CONFIRM_DECISION_BUTTON,
    });
    if (!isConfirmed) return;
    setIsSubmitting(true);
    try {
      await adminDisputesApi.resolveDispute(item._id, parsed.data);
    } catch (error) {
      setRefusal(errorMessage(error));
      setIsSubmitting(false);
      return;
    }
    setIsSubmitting(false);
    await onDecided();
  };

  return (
    <form
      noValidate
      aria-label={decideFormName(item.task.title)}
      onSubmit={decide}
      className="space-y-4 rounded-box bg-base-200 p-4"
    >
      <fieldset
        role="radiogroup"
        aria-labelledby={`${id}-outcome`}
        aria-required="true"
        aria-invalid={errors.outcome ? true : undefined}
        aria-describedby={errors.outcome ? outcomeErrorId : undefined}
        className="space-y-2"
      >
        <legend id={`${id}-outcome`} className="mb-1 font-medium">
          Outcome
        </legend>
        {DISPUTE_OUTCOMES.map((choice) => (
          <div key={choice} className="flex items-start gap-3">
            <input
              id={`${id}-${choice}`}
              type="radio"
              className="radio radio-sm mt-0.5"
              name={`${id}-outcome-choice`}
              value={choice}
              checked={outcome === choice}
              aria-describedby={`${id}-${choice}-hint`}
              onChange={() => {
                setOutcome(choice);
                setErrors((current) => ({ ...current, outcome: undefined }));
              }}
            />
            <div>
              <label htmlFor={`${id}-${choice}`} className="cursor-pointer font-medium">
                {OUTCOME_LABELS[choice]}
              </label>
              <p id={`${id}-${choice}-hint`} className="text-sm">
                {outcomeHint(choice, item)}
              </p>
            </div>
          </div>
        ))}
        <FieldError id={outcomeErrorId} message={errors.outcome} />
      </fieldset>
      {outcome === 'split' && (
        <FormField
          label={SPLIT_AMOUNT_LABEL}
          inputMode="decimal"
          autoComplete="off"
          required
          hint={`More than $0.00 and less than the ${formatCents(amountCents)} amount. The freelancer is paid it less their fee; the poster is refunded the rest.`}
          value={split}
          error={errors.split}
          onChange={(event) => setSplit(event.target.value)}
        />
      )}
      <TextAreaField
        label={DECISION_REASON_LABEL}
        className="h-24"
        required
        maxLength={DISPUTE_REASON_MAX_LENGTH}
        hint="The poster and the freelancer are told it."
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <FieldError message={refusal} />
      <SubmitButton busy={isSubmitting} busyLabel="Deciding…">
        Decide
      </SubmitButton>
    </form>
  );
}
