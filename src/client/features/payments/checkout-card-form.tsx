import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TEST_CARDS, testCardSchema } from '../../../shared/payments.ts';
import { FieldError, FormField } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { paths } from '../../lib/paths.ts';
import { forgetRouteData } from '../../lib/route-data.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { errorMessage, useForm } from '../../lib/use-form.ts';
import {
  CHECKOUT_DATA,
  changedCheckout,
  isPriceChange,
  paymentsApi,
  type Checkout,
} from './payments-api.ts';
import { CARD_LABELS, PAYMENT_TOASTS, payButtonLabel } from './payments-messages.ts';

/** 4242424242424242 → 4242 4242 4242 4242, as a card shows it; as typed, too (issue 47). */
const grouped = (typed: string) =>
  typed
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const TEST_CARD_HINT = `Test cards: ${grouped(TEST_CARDS.succeeds)} is paid; ${grouped(TEST_CARDS.declined)} is declined; ${grouped(TEST_CARDS.insufficientFunds)} has insufficient funds. Any future expiry, any 3 digits.`;

/**
 * The test provider's card form (issue 21, PAYMENTS=test): checked in the browser with the
 * shared schema, then charged by the server. Paid: the freelancer is hired and the poster goes
 * to the task. Refused (declined, a bad card, the hire no longer possible): the server's message
 * under the form, which keeps what was typed.
 */
export function CheckoutCardForm({
  checkout,
  onPriceChanged,
}: {
  checkout: Checkout;
  onPriceChanged(now: Checkout): void;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useForm(testCardSchema, { number: '', expiry: '', cvc: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = useFocusLater<HTMLDivElement>();
  const numberField = form.field('number');

  const pay = form.handleSubmit(async () => {
    setRefusal(null);
    try {
      // The typed values, as the server checks them with the same schema.
      const paid = await paymentsApi.payToHire(checkout.offerId, form.values, checkout.totalCents);
      forgetRouteData(CHECKOUT_DATA);
      toast.success(PAYMENT_TOASTS.hired(checkout.freelancer.name, checkout.totalCents));
      navigate(paths.task(paid.taskId));
    } catch (error) {
      // Only the price change says nothing was charged; any other refusal is read as it is.
      const now = isPriceChange(error) && (await changedCheckout(checkout));
      if (now) onPriceChanged(now);
      else {
        // Issue 47: a decline is read at once, not found by scrolling back to the form.
        refused.request();
        setRefusal(errorMessage(error));
      }
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="card-form-heading"
      onSubmit={pay}
      className="space-y-4 rounded-box bg-base-200 p-4"
    >
      <h2 id="card-form-heading" className="text-xl font-semibold">
        Card
      </h2>
      <FormField
        label={CARD_LABELS.number}
        autoComplete="cc-number"
        inputMode="numeric"
        required
        hint={checkout.mode === 'test' ? TEST_CARD_HINT : undefined}
        {...numberField}
        onChange={(event) =>
          numberField.onChange({ target: { value: grouped(event.target.value) } })
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={CARD_LABELS.expiry}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          required
          {...form.field('expiry')}
        />
        <FormField
          label={CARD_LABELS.cvc}
          autoComplete="cc-csc"
          inputMode="numeric"
          required
          {...form.field('cvc')}
        />
      </div>
      <div ref={refused.ref} tabIndex={-1}>
        <FieldError message={refusal} />
      </div>
      <button
        type="submit"
        className="btn btn-primary w-full sm:w-auto"
        disabled={form.isSubmitting}
      >
        {form.isSubmitting ? 'Paying…' : payButtonLabel(checkout.totalCents)}
      </button>
    </form>
  );
}
