import { Link, useParams, useSearchParams } from 'react-router';
import { PAYMENT_MESSAGES } from '../../shared/payments.ts';
import { PageTitle } from '../components/page-title.tsx';
import { CheckoutCardForm } from '../features/payments/checkout-card-form.tsx';
import { CheckoutSummary } from '../features/payments/checkout-summary.tsx';
import { orRefusal, paymentsApi } from '../features/payments/payments-api.ts';
import { CHECKOUT_TITLE } from '../features/payments/payments-messages.ts';
import {
  RETURN_PARAM,
  StripePaymentForm,
  StripeReturn,
} from '../features/payments/stripe-payment-form.tsx';
import { TestPaymentsBanner } from '../features/payments/test-payments-banner.tsx';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';

/**
 * /checkout/:offerId (issue 21): the poster pays the offer's amount and the service fee, held
 * until the work is done, and so hires its freelancer. Reached from Accept when payments are on.
 */
export default function CheckoutPage() {
  const { offerId = '' } = useParams();
  const checkout = useRouteData('checkout', () => orRefusal(paymentsApi.getCheckout(offerId)));
  // Back from Stripe's redirect (a payment method that visits the bank): finish it.
  const [search] = useSearchParams();
  const returning = search.get(RETURN_PARAM);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle name={CHECKOUT_TITLE} />
      <h1 className="text-3xl font-bold">{CHECKOUT_TITLE}</h1>
      {'refusal' in checkout ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-box border-l-4 border-warning bg-base-200 p-4">
            {checkout.refusal}
          </p>
          <Link to={paths.myPostedTasks} className="btn btn-outline">
            Go to My Posted Tasks
          </Link>
        </div>
      ) : (
        <>
          <TestPaymentsBanner mode={checkout.mode} />
          <p>{PAYMENT_MESSAGES.payToHire}</p>
          <CheckoutSummary checkout={checkout} />
          {checkout.mode === 'test' ? (
            <CheckoutCardForm checkout={checkout} />
          ) : returning ? (
            <StripeReturn checkout={checkout} paymentId={returning} />
          ) : (
            <StripePaymentForm checkout={checkout} />
          )}
        </>
      )}
    </div>
  );
}
