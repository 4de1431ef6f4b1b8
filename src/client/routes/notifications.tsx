import { useLocation } from 'react-router';
import { PageTitle } from '../components/page-title.tsx';
import { notificationsApi } from '../features/notifications/notifications-api.ts';
import { NotificationsList } from '../features/notifications/notifications-list.tsx';
import { useRouteData } from '../lib/route-data.ts';

/** /notifications (issue 10): what others did that concerns me. */
export default function Notifications() {
  const firstPage = useRouteData('notifications', () => notificationsApi.listNotifications());
  // A new visit (the bell clicked on this page) starts the list again from its fresh first page.
  const { key } = useLocation();
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <PageTitle name="Notifications" />
      <h1 className="text-3xl font-bold">Notifications</h1>
      <NotificationsList key={key} firstPage={firstPage} />
    </section>
  );
}
