import { useLocation, useParams } from 'react-router';
import { RequireAuth } from '../components/require-auth.tsx';
import { paymentsPagePaths } from '../features/payments/payments-paths.ts';
import { lazyPage as page } from '../lib/lazy-page.tsx';

const Checkout = page(() => import('./checkout.tsx'));
const Receipt = page(() => import('./receipt.tsx'));
const DashboardPayments = page(() => import('./dashboard-payments.tsx'));
const DashboardEarnings = page(() => import('./dashboard-earnings.tsx'));

/**
 * Issue 21's pages, each still its own lazily loaded module, reached through this one: the route
 * table names them all with a single import, because the home page's JavaScript budget had no
 * room for four (each import costs it about 50 bytes gzip'd; see router.tsx). The routes give
 * the page by their parameters: /checkout/:offerId, /receipts/:number, and the dashboard's
 * payments and earnings by path. Every one is for signed-in users.
 */
export default function PaymentPages() {
  const { offerId, number } = useParams();
  const { pathname } = useLocation();
  let Page = DashboardPayments;
  if (offerId !== undefined) Page = Checkout;
  else if (number !== undefined) Page = Receipt;
  else if (pathname.startsWith(paymentsPagePaths.earnings)) Page = DashboardEarnings;
  return (
    <RequireAuth>
      <Page />
    </RequireAuth>
  );
}
