import { useState } from 'react';
import { PAYOUT_NAME_MAX_LENGTH, payoutAccountInputSchema } from '../../../shared/payments.ts';
import { FieldError, FormField } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { errorMessage, useForm } from '../../lib/use-form.ts';
import { earningsApi, type Earnings } from './earnings-api.ts';
import { EARNINGS_TOASTS, NO_PAYOUT_ACCOUNT_YET, PAYOUT_NAME_LABEL } from './earnings-messages.ts';

/**
 * Where payouts go (issue 21). With test payments a payout account is only the account
 * holder's name; adding one and changing it are the same form.
 */
export function EarningsPayoutAccount({
  account,
  onSaved,
}: {
  account: Earnings['payoutAccount'];
  onSaved(): Promise<void>;
}) {
  const toast = useToast();
  const form = useForm(payoutAccountInputSchema, { name: account?.name ?? '' });
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = form.handleSubmit(async ({ name }) => {
    setRefusal(null);
    let onboardingUrl: string | null;
    try {
      ({ onboardingUrl } = await earningsApi.setPayoutAccount(name));
    } catch (error) {
      setRefusal(errorMessage(error));
      return;
    }
    // Stripe: the account is set up on Stripe's hosted onboarding, which sends the browser back.
    if (onboardingUrl) {
      window.location.assign(onboardingUrl);
      return;
    }
    toast.success(EARNINGS_TOASTS.payoutAccountSaved(name));
    await onSaved();
  });

  return (
    <section aria-labelledby="payout-account-heading" className="card bg-base-200">
      <div className="card-body gap-3">
        <h2 id="payout-account-heading" className="card-title">
          Payout account
        </h2>
        <p>
          {account ? (
            <>
              Payouts go to <strong className="wrap-anywhere">{account.name}</strong>.
            </>
          ) : (
            NO_PAYOUT_ACCOUNT_YET
          )}
        </p>
        <form noValidate onSubmit={save} className="space-y-3" aria-label="Payout account">
          <FormField
            label={PAYOUT_NAME_LABEL}
            autoComplete="name"
            required
            maxLength={PAYOUT_NAME_MAX_LENGTH}
            {...form.field('name')}
          />
          <FieldError message={refusal} />
          <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
            {form.isSubmitting
              ? 'Saving…'
              : account
                ? 'Change payout account'
                : 'Add payout account'}
          </button>
        </form>
      </div>
    </section>
  );
}
