import { useEffect, useState } from 'react';
import { Link } from '../../lib/link.tsx';
import {
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationPage,
} from '../../../shared/notifications.ts';
import { useToast } from '../../components/toaster.tsx';
import { notificationsApi } from './notifications-api.ts';
import {
  setUnreadCount,
  setUnreadCountFrom,
  subscribeToNotifications,
  useUnreadCount,
} from './notifications-store.ts';

export const NO_NOTIFICATIONS = 'You have no notifications yet.';
export const MARK_ALL_READ = 'Mark all as read';
export const LOAD_MORE = 'Load more';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Issue 10: my notifications, newest first, a page at a time; new ones arrive live at the top.
 * What the list shows is read (issue 17), its "New" tags kept for this visit; opening one marks
 * it read too; "Mark all as read" clears the bell.
 */
export function NotificationsList({ firstPage }: { firstPage: NotificationPage }) {
  const unreadCount = useUnreadCount();
  const toast = useToast();
  const [items, setItems] = useState(firstPage.items);
  const [hasMore, setHasMore] = useState(firstPage.items.length === NOTIFICATIONS_PAGE_SIZE);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [isMarking, setIsMarking] = useState(false);

  useEffect(
    () =>
      subscribeToNotifications((notification) =>
        setItems((current) =>
          current.some((item) => item._id === notification._id)
            ? current
            : [notification, ...current],
        ),
      ),
    [],
  );

  /**
   * Reading the list reads what it shows (issue 17): the server marks them read, so the bell
   * drops in every tab, while this visit still shows which were new.
   */
  const markShownRead = (shown: Notification[]) => {
    const ids = shown.filter((item) => item.readAt === null).map((item) => item._id);
    if (ids.length === 0) return;
    setUnreadCountFrom(notificationsApi.markRead({ ids }).then((answer) => answer.unreadCount));
  };
  // The first page, once per visit (the list is keyed by the visit).
  useEffect(() => markShownRead(firstPage.items), [firstPage]);

  const markLocallyRead = (isMarked: (item: Notification) => boolean) => {
    const now = new Date().toISOString();
    setItems((current) =>
      current.map((item) =>
        item.readAt === null && isMarked(item) ? { ...item, readAt: now } : item,
      ),
    );
  };

  const loadMore = async () => {
    const last = items.at(-1);
    if (!last) return;
    setIsLoadingMore(true);
    try {
      const page = await notificationsApi.listNotifications(last._id);
      setItems((current) => [
        ...current,
        ...page.items.filter((item) => !current.some((known) => known._id === item._id)),
      ]);
      markShownRead(page.items);
      setHasMore(page.items.length === NOTIFICATIONS_PAGE_SIZE);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setIsLoadingMore(false);
    }
  };

  const markAllRead = async () => {
    setIsMarking(true);
    try {
      await notificationsApi.markRead({ all: true });
      markLocallyRead(() => true);
      setUnreadCount(0);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setIsMarking(false);
    }
  };

  /** Opening an unread one marks it read; the page it links to opens either way. */
  const open = (notification: Notification) => {
    if (notification.readAt !== null) return;
    markLocallyRead((item) => item._id === notification._id);
    setUnreadCountFrom(
      notificationsApi.markRead({ ids: [notification._id] }).then((answer) => answer.unreadCount),
    );
  };

  const hasUnread = Boolean(unreadCount) || items.some((item) => item.readAt === null);

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!hasUnread || isMarking}
          onClick={() => void markAllRead()}
        >
          {MARK_ALL_READ}
        </button>
      </div>
      {items.length === 0 ? (
        <p className="rounded-box bg-base-200 p-10 text-center text-lg">{NO_NOTIFICATIONS}</p>
      ) : (
        <ul
          className="divide-y divide-base-300 rounded-box border border-base-300"
          aria-label="Your notifications"
        >
          {items.map((item) => {
            const isUnread = item.readAt === null;
            return (
              <li
                key={item._id}
                className={`flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-4 ${isUnread ? 'bg-base-200 font-semibold' : ''}`}
              >
                <div className="flex min-w-0 flex-1 items-start gap-2">
                  {isUnread && <span className="badge badge-primary badge-sm shrink-0">New</span>}
                  <Link
                    to={item.link}
                    className="link-hover link wrap-anywhere"
                    onClick={() => open(item)}
                  >
                    {item.text}
                  </Link>
                </div>
                <time
                  dateTime={item.createdAt}
                  className="shrink-0 text-sm font-normal text-base-content/80"
                >
                  {new Date(item.createdAt).toLocaleString()}
                </time>
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && (
        <div className="text-center">
          <button
            type="button"
            className="btn btn-sm"
            disabled={isLoadingMore}
            onClick={() => void loadMore()}
          >
            {isLoadingMore ? <span className="loading loading-spinner loading-xs" /> : null}
            {LOAD_MORE}
          </button>
        </div>
      )}
    </div>
  );
}
