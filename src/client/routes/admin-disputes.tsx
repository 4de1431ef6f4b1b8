import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { useFocusById } from '../features/admin/use-focus-by-id.ts';
import {
  adminDisputesApi,
  type AdminDispute,
  type DisputeListStatus,
} from '../features/payments/admin-disputes-api.ts';
import { AdminDisputeCard } from '../features/payments/admin-disputes-card.tsx';
import { AdminDisputeDecisionForm } from '../features/payments/admin-disputes-decision-form.tsx';
import {
  disputeDecided,
  DISPUTES_HEADING,
  NO_DECIDED_DISPUTES,
  NO_OPEN_DISPUTES,
} from '../features/payments/admin-disputes-messages.ts';
import { paymentsPagePaths } from '../features/payments/payments-paths.ts';
import { TestPaymentsBanner } from '../features/payments/test-payments-banner.tsx';
import { useRouteData } from '../lib/route-data.ts';
import { loadPublicConfig } from '../lib/public-config.ts';
import { errorMessage } from '../lib/use-form.ts';

const HEADING_ID = 'admin-disputes-heading';

const TABS: { status: DisputeListStatus; label: string; to: string }[] = [
  { status: 'open', label: 'Open', to: paymentsPagePaths.adminDisputes },
  {
    status: 'resolved',
    label: 'Decided',
    to: `${paymentsPagePaths.adminDisputes}?status=resolved`,
  },
];

/** The open disputes, each with its decision form; a decided one leaves the list. */
function OpenDisputes({ loaded }: { loaded: AdminDispute[] }) {
  const [items, setItems] = useState(loaded);
  const toast = useToast();
  const focusLater = useFocusById();

  const decided = async (item: AdminDispute) => {
    toast.success(disputeDecided(item.task.title));
    // The form used goes with its dispute: the focus goes to the heading.
    focusLater(HEADING_ID);
    setItems((current) => current.filter((other) => other._id !== item._id));
    try {
      setItems(await adminDisputesApi.listDisputes('open'));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  if (items.length === 0) {
    return <p className="rounded-box bg-base-200 p-10 text-center">{NO_OPEN_DISPUTES}</p>;
  }
  return (
    <ul aria-label="Open disputes" className="space-y-4">
      {items.map((item) => (
        <li key={item._id}>
          <AdminDisputeCard item={item}>
            <AdminDisputeDecisionForm item={item} onDecided={() => decided(item)} />
          </AdminDisputeCard>
        </li>
      ))}
    </ul>
  );
}

function DecidedDisputes({ items }: { items: AdminDispute[] }) {
  if (items.length === 0) {
    return <p className="rounded-box bg-base-200 p-10 text-center">{NO_DECIDED_DISPUTES}</p>;
  }
  return (
    <ul aria-label="Decided disputes" className="space-y-4">
      {items.map((item) => (
        <li key={item._id}>
          <AdminDisputeCard item={item} />
        </li>
      ))}
    </ul>
  );
}

async function loadDisputes(status: DisputeListStatus) {
  const [items, config] = await Promise.all([
    adminDisputesApi.listDisputes(status),
    loadPublicConfig(),
  ]);
  return { items, mode: config.payments };
}

/**
 * /admin/disputes (issue 21): the payments in dispute, oldest first, each decided by an operator
 * (release, refund or split, with a reason); the decided ones under their own tab.
 */
export default function AdminDisputes() {
  const [searchParams] = useSearchParams();
  const status: DisputeListStatus = searchParams.get('status') === 'resolved' ? 'resolved' : 'open';
  const { items, mode } = useRouteData(`admin-disputes-${status}`, () => loadDisputes(status));

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-4">
      <PageTitle name="Admin: Disputes" />
      <h2 id={HEADING_ID} tabIndex={-1} className="text-2xl font-bold">
        {DISPUTES_HEADING}
      </h2>
      <TestPaymentsBanner mode={mode} />
      <nav aria-label="Disputes shown">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => (
            <li key={tab.status}>
              <Link
                to={tab.to}
                aria-current={tab.status === status ? 'page' : undefined}
                className={`btn btn-sm ${tab.status === status ? 'btn-neutral' : 'btn-ghost'}`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {status === 'open' ? (
        <OpenDisputes key={items.map((item) => item._id).join()} loaded={items} />
      ) : (
        <DecidedDisputes items={items} />
      )}
    </section>
  );
}
