import { useId, useState, type FormEvent } from 'react';
import { formatCents, PAYMENT_MESSAGES } from '../../../shared/payments.ts';
import { FieldError, FormField, SubmitButton } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { earningsApi, type Earnings } from './earnings-api.ts';
import { EARNINGS_TOASTS, WITHDRAW_AMOUNT_LABEL } from './earnings-messages.ts';
import { parseDollarsToCents } from './parse-dollars.ts';

type Choice = 'all' | 'amount';

/**
 * Withdraw (issue 21): all of the available balance, or an amount typed in dollars and sent in
 * whole cents. The server decides what may go (no payout account, nothing or too much to
 * withdraw) and its refusal is shown under the form.
 */
export function EarningsWithdraw({
  earnings,
  onWithdrawn,
}: {
  earnings: Earnings;
  onWithdrawn(): Promise<void>;
}) {
  const id = useId();
  const toast = useToast();
  const [choice, setChoice] = useState<Choice>('all');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const withdraw = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    let amountCents: number | undefined;
    if (choice === 'amount') {
      const cents = parseDollarsToCents(amount);
      if (!cents) {
        setAmountError(PAYMENT_MESSAGES.withdrawAmount);
        return;
      }
      amountCents = cents;
    }
    setAmountError(null);
    setIsSubmitting(true);
    try {
      const payout = await earningsApi.withdraw(amountCents);
      toast.success(
        EARNINGS_TOASTS.withdrawing(payout.amountCents, earnings.payoutAccount?.name ?? ''),
      );
      setAmount('');
      setChoice('all');
      await onWithdrawn();
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setIsSubmitting(false);
    }
  };

  const options: { value: Choice; label: string }[] = [
    { value: 'all', label: `All of it (${formatCents(earnings.availableCents)})` },
    { value: 'amount', label: 'An amount' },
  ];

  return (
    <section aria-labelledby="withdraw-heading" className="card bg-base-200">
      <div className="card-body gap-3">
        <h2 id="withdraw-heading" className="card-title">
          Withdraw
        </h2>
        <p>
          Withdraw your available balance to your payout account. Payouts usually arrive within a
          few seconds.
        </p>
        <form noValidate onSubmit={withdraw} className="space-y-3" aria-label="Withdraw">
          <fieldset className="space-y-2">
            <legend id={`${id}-how-much`} className="mb-1 font-medium">
              How much?
            </legend>
            {options.map((option) => (
              <label key={option.value} className="flex cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name={`${id}-choice`}
                  value={option.value}
                  checked={choice === option.value}
                  onChange={() => {
                    setChoice(option.value);
                    setAmountError(null);
                  }}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </fieldset>
          {choice === 'amount' && (
            <FormField
              label={WITHDRAW_AMOUNT_LABEL}
              inputMode="decimal"
              autoComplete="off"
              required
              hint={`At most ${formatCents(earnings.availableCents)}, in dollars and cents, such as 12.34.`}
              value={amount}
              error={amountError}
              onChange={(event) => setAmount(event.target.value)}
            />
          )}
          <FieldError message={refusal} />
          <SubmitButton busy={isSubmitting} busyLabel="Withdrawing…">
            Withdraw
          </SubmitButton>
        </form>
      </div>
    </section>
  );
}
