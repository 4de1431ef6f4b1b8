import { Link, useParams } from 'react-router';
import { PAYMENT_MESSAGES } from '../../shared/payments.ts';
import { PageTitle } from '../components/page-title.tsx';
import { CheckoutCardForm } from '../features/payments/checkout-card-form.tsx';
import { CheckoutSummary } from '../features/payments/checkout-summary.tsx';
import { paymentsApi, type Checkout } from '../features/payments/payments-api.ts';
import { CHECKOUT_TITLE } from '../features/payments/payments-messages.ts';
import { TestPaymentsBanner } from '../features/payments/test-payments-banner.tsx';
import { ApiError } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';

/** The checkout, or why this offer cannot be paid for now (already hired, withdrawn…). */
async function loadCheckout(offerId: string): Promise<Checkout | { refusal: string }> {
  try {
    return await paymentsApi.getCheckout(offerId);
  } catch (error) {
    // Not the poster's to hire (403), or not now (409: hired already, withdrawn, deadline
    // passed): the server says why. No such offer (404) is the route's not-found page.
    if (error instanceof ApiError && [403, 409].includes(error.status)) {
      return { refusal: error.message };
    }
    throw error;
  }
}

/**
 * /checkout/:offerId (issue 21): the poster pays the offer's amount and the service fee, held
 * until the work is done, and so hires its freelancer. Reached from Accept when payments are on.
 */
export default function CheckoutPage() {
  const { offerId = '' } = useParams();
  const checkout = useRouteData('checkout', () => loadCheckout(offerId));

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
          ) : (
            <p className="rounded-box bg-base-200 p-4">{PAYMENT_MESSAGES.useCheckoutPage}</p>
          )}
        </>
      )}
    </div>
  );
}
