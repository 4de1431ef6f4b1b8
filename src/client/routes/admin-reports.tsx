import { useState } from 'react';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { NO_REPORTS } from '../features/admin/reports-messages.ts';
import { adminApi, type ItemDecision, type ReportedItem } from '../features/admin/admin-api.ts';
import { useReasonDialog, type ReasonRequest } from '../features/admin/reason-dialog.tsx';
import { ReportedItemCard } from '../features/admin/reported-item.tsx';
import { useFocusById } from '../features/admin/use-focus-by-id.ts';
import { useRouteData } from '../lib/route-data.ts';
import { errorMessage } from '../lib/use-form.ts';

const HEADING_ID = 'admin-reports-heading';

/** What each decision does, said before it is made (issue 20 "Report"). */
function decisionRequest(item: ReportedItem, decision: ItemDecision): Omit<ReasonRequest, 'run'> {
  switch (decision) {
    case 'dismiss':
      return {
        title: `Dismiss the reports on ${item.label}?`,
        text: 'The reports are closed and, if they hid it, it shows again. The reporters are told it stays.',
        confirmText: 'Dismiss',
      };
    case 'remove':
      return {
        title: `Remove ${item.label}?`,
        text: 'It is taken down for good and its author is told your reason. The reporters are told it was removed.',
        confirmText: 'Remove',
        isDestructive: true,
      };
    case 'restore-group':
      return {
        title: `Restore everything the reporters of ${item.label} hid?`,
        text: 'All their open reports, on any item, are closed, and every item they hid that other reports would not hide shows again. Nobody is told.',
        confirmText: 'Restore all',
      };
  }
}

/** /admin (issue 20): the open reports, grouped by item, most reported and oldest first. */
export default function AdminReports() {
  const loaded = useRouteData('admin-reports', () => adminApi.listReports());
  const [items, setItems] = useState(loaded);
  const toast = useToast();
  const focusLater = useFocusById();

  const refresh = async () => {
    try {
      const fresh = await adminApi.listReports();
      // The item decided on (and its buttons) goes: the focus goes to the heading.
      focusLater(HEADING_ID);
      setItems(fresh);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const reasonDialog = useReasonDialog(refresh);

  const decide = (item: ReportedItem, decision: ItemDecision) =>
    reasonDialog.ask({
      ...decisionRequest(item, decision),
      run: ({ reason }) => adminApi.decideOnItem(item, decision, reason),
    });

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-4">
      <PageTitle name="Admin: Reports" />
      <h2 id={HEADING_ID} tabIndex={-1} className="text-2xl font-bold">
        Reports
      </h2>
      {items.length === 0 ? (
        <p className="rounded-box bg-base-200 p-10 text-center">{NO_REPORTS}</p>
      ) : (
        <ul aria-label="Open reports" className="space-y-4">
          {items.map((item) => (
            <li key={`${item.itemType}:${item.itemId}`}>
              <ReportedItemCard item={item} onDecide={(decision) => decide(item, decision)} />
            </li>
          ))}
        </ul>
      )}
      {reasonDialog.dialog}
    </section>
  );
}
