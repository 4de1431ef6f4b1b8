import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../lib/link.tsx';
import { PAYMENT_MESSAGES } from '../../shared/payments.ts';
import { PageTitle } from '../components/page-title.tsx';
import { CheckoutCardForm } from '../features/payments/checkout-card-form.tsx';
import { CheckoutSummary } from '../features/payments/checkout-summary.tsx';
import {
  CHECKOUT_DATA,
  orRefusal,
  paymentsApi,
  type Checkout,
} from '../features/payments/payments-api.ts';
import {
  CHECKOUT_TITLE,
  PAID_BACK,
  SEE_THE_RECEIPT,
} from '../features/payments/payments-messages.ts';
import { paymentsPagePaths } from '../features/payments/payments-paths.ts';
import {
  RETURN_PARAM,
  StripePaymentForm,
  StripeReturn,
} from '../features/payments/stripe-payment-form.tsx';
import { TestPaymentsBanner } from '../features/payments/test-payments-banner.tsx';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useFocusLater } from '../lib/use-focus-later.ts';

/**
 * /checkout/:offerId (issue 21): the poster pays the offer's amount and the service fee, held
 * until the work is done, and so hires its freelancer. Reached from Accept when payments are on.
 */
export default function CheckoutPage() {
  const { offerId = '' } = useParams();
  const loaded = useRouteData(CHECKOUT_DATA, () => orRefusal(paymentsApi.getCheckout(offerId)));
  // Issue 47: the offer's price changed under the page: the server charged nothing and the page
  // shows the new price, saying so, before the poster pays again.
  const [changed, setChanged] = useState<Checkout | null>(null);
  const notice = useFocusLater<HTMLParagraphElement>();
  const onPriceChanged = (now: Checkout) => {
    notice.request();
    setChanged(now);
  };
  const checkout = changed ?? loaded;
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
          {changed && (
            <p
              ref={notice.ref}
              tabIndex={-1}
              role="alert"
              className="rounded-box border-l-4 border-warning bg-base-200 p-4"
            >
              {PAYMENT_MESSAGES.priceChanged(changed.totalCents)}
            </p>
          )}
          <p>{PAYMENT_MESSAGES.payToHire}</p>
          <CheckoutSummary checkout={checkout} />
          {checkout.mode !== 'test' && returning ? (
            <StripeReturn checkout={checkout} paymentId={returning} />
          ) : checkout.paidReceipt ? (
            // Back after paying (issue 47): what was paid, not the card form again.
            <p role="status" className="rounded-box bg-base-200 p-4 text-lg font-semibold">
              {PAID_BACK}{' '}
              <Link to={paymentsPagePaths.receipt(checkout.paidReceipt)} className="link">
                {SEE_THE_RECEIPT}
              </Link>
            </p>
          ) : checkout.mode === 'test' ? (
            <CheckoutCardForm checkout={checkout} onPriceChanged={onPriceChanged} />
          ) : (
            <StripePaymentForm checkout={checkout} onPriceChanged={onPriceChanged} />
          )}
        </>
      )}
    </div>
  );
}
