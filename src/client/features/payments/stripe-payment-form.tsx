import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeError } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { checkoutPath } from '../../../shared/links.ts';
import { PAYMENT_MESSAGES } from '../../../shared/payments.ts';
import { FieldError } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { paths } from '../../lib/paths.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { forgetRouteData, useRouteData } from '../../lib/route-data.ts';
import { errorMessage } from '../../lib/use-form.ts';
import {
  CHECKOUT_DATA,
  changedCheckout,
  orRefusal,
  paymentsApi,
  type Checkout,
} from './payments-api.ts';
import { PAYMENT_TOASTS, payButtonLabel, STRIPE_TEXTS } from './payments-messages.ts';

/**
 * Issue 21, PAYMENTS=stripe: Stripe.js's Payment Element. The card goes from the browser to
 * Stripe and never reaches us; the server made the PaymentIntent (POST /api/offers/:id/checkout)
 * and hires once Stripe says it succeeded (POST /api/payments/:id/confirm, or the webhook).
 * Stripe's loader (which adds js.stripe.com's script as it is imported) is imported only here,
 * when this form renders: the money pages' chunk, shared with test mode, never loads it.
 */

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** The query the checkout is come back to with, after a payment method that redirects. */
export const RETURN_PARAM = 'payment';

/** Stripe's refusal in our words where we have them; Stripe's own (already for people) else. */
function refusalOf(error: StripeError): string {
  if (error.decline_code === 'insufficient_funds') return PAYMENT_MESSAGES.insufficientFunds;
  if (error.type === 'card_error' && error.code === 'card_declined') {
    return PAYMENT_MESSAGES.declined;
  }
  if (error.type === 'card_error' || error.type === 'validation_error') {
    return error.message ?? PAYMENT_MESSAGES.declined;
  }
  return PAYMENT_MESSAGES.providerFailed;
}

/** The theme's colours for the Element, which lives in Stripe's own frame. */
const appearance = () =>
  ({
    theme: document.documentElement.dataset.theme === 'forest' ? 'night' : 'stripe',
  }) as const;

/** Hires once Stripe says paid: the toast, then the task; or why not. */
function useFinish(checkout: Checkout) {
  const navigate = useNavigate();
  const toast = useToast();
  return async (paymentId: string) => {
    const paid = await paymentsApi.confirmPayment(paymentId);
    forgetRouteData(CHECKOUT_DATA);
    toast.success(PAYMENT_TOASTS.hired(checkout.freelancer.name, checkout.totalCents));
    navigate(paths.task(paid.taskId), { replace: true });
  };
}

export function StripePaymentForm({
  checkout,
  onPriceChanged,
}: {
  checkout: Checkout;
  onPriceChanged(now: Checkout): void;
}) {
  // Started again at a new price (issue 47), once the page shows it.
  const started = useRouteData(`stripe-payment-${checkout.totalCents}`, () =>
    orRefusal(paymentsApi.startPayment(checkout.offerId, checkout.totalCents)),
  );
  const isRefused = 'refusal' in started;
  useEffect(() => {
    if (!isRefused) return;
    let current = true;
    void changedCheckout(checkout).then((now) => current && now && onPriceChanged(now));
    return () => {
      current = false;
    };
  }, [isRefused, checkout]);
  if ('refusal' in started) {
    return <FieldError message={started.refusal} />;
  }
  return (
    <Elements
      stripe={stripeFor(started.publishableKey)}
      options={{ clientSecret: started.clientSecret, appearance: appearance() }}
    >
      <PayForm checkout={checkout} paymentId={started.paymentId} />
    </Elements>
  );
}

function PayForm({ checkout, paymentId }: { checkout: Checkout; paymentId: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const finish = useFinish(checkout);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = useFocusLater<HTMLDivElement>();

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setRefusal(null);
    const returnUrl = new URL(checkoutPath(checkout.offerId), window.location.origin);
    returnUrl.searchParams.set(RETURN_PARAM, paymentId);
    // Cards finish here; methods that visit their bank come back to the checkout (below).
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl.href },
      redirect: 'if_required',
    });
    try {
      if (result.error) throw new Error(refusalOf(result.error));
      await finish(paymentId);
    } catch (error) {
      // Issue 47: a decline is read at once, not found by scrolling back to the form.
      refused.request();
      setRefusal(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="card-form-heading"
      aria-busy={!ready}
      onSubmit={(event) => void pay(event)}
      className="space-y-4 rounded-box bg-base-200 p-4"
    >
      <h2 id="card-form-heading" className="text-xl font-semibold">
        {STRIPE_TEXTS.heading}
      </h2>
      {!ready && <p>{STRIPE_TEXTS.loading}</p>}
      <PaymentElement onReady={() => setReady(true)} />
      <div ref={refused.ref} tabIndex={-1}>
        <FieldError message={refusal} />
      </div>
      <button
        type="submit"
        className="btn btn-primary w-full sm:w-auto"
        disabled={!stripe || !ready || busy}
      >
        {busy ? 'Paying…' : payButtonLabel(checkout.totalCents)}
      </button>
    </form>
  );
}

/**
 * Back from a payment method that redirects (Stripe's return_url): ask the server, which asks
 * Stripe, and go on to the task; or say why not, with the way back to the form.
 */
export function StripeReturn({ checkout, paymentId }: { checkout: Checkout; paymentId: string }) {
  const finish = useFinish(checkout);
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    finish(paymentId).catch((error: unknown) => {
      if (current) setRefusal(errorMessage(error));
    });
    return () => {
      current = false;
    };
    // Once per payment come back to (finish is a new function on every render).
  }, [paymentId]);

  if (!refusal) return <p role="status">{STRIPE_TEXTS.confirming}</p>;
  return (
    <div className="space-y-4">
      <FieldError message={refusal} />
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => navigate(checkoutPath(checkout.offerId), { replace: true })}
      >
        {STRIPE_TEXTS.tryAgain}
      </button>
    </div>
  );
}
