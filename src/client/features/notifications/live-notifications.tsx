import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toaster.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { publishMessage } from '../conversations/live-messages.ts';
import {
  publishTaskChange,
  subscribeToWatchedTask,
  watchedTask,
  watchedTaskReadAt,
} from '../tasks/live-task.ts';
import { connectLiveEvents, type LiveHandlers } from './live-connection.ts';
import { publishNotification, setUnreadCount } from './notifications-store.ts';
import { isLinkInView, markLinkRead } from './read-while-shown.ts';

// The shell's lazy slots import both from this one chunk (notifications-shell.tsx).
export { NotificationBell } from './notification-bell.tsx';

/**
 * Issue 10 "Live": mounted while a user is signed in (notifications-shell.tsx), it holds the
 * tab's one stream of live events and closes it on sign-out. A new notification raises the
 * count, reaches the open notifications page and shows as an info toast, unless the reader is
 * looking at what it is about (read-while-shown.ts): then it is read at once, without a toast. A
 * new message reaches its open conversation. A suspension or ban sends the page to sign-in.
 */
export function LiveNotifications() {
  const toast = useToast();
  const { refresh } = useSession();
  const navigate = useNavigate();
  // The declarative router gives a new navigate on every navigation: read the latest from a
  // ref, so the stream is not reopened each time.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  useEffect(() => {
    const handlers: LiveHandlers = {
      onUnreadCount: setUnreadCount,
      onNotification: ({ notification, unreadCount }) => {
        publishNotification(notification);
        if (isLinkInView(notification.link)) {
          // The event's count includes this one, which is read now.
          setUnreadCount(Math.max(0, unreadCount - 1));
          markLinkRead(notification.link);
        } else {
          setUnreadCount(unreadCount);
          toast.info(notification.text);
        }
      },
      onMessage: publishMessage,
      onTaskChange: publishTaskChange,
      // Issue 47: suspended or banned, the open page leaves at once for the sign-in page, saying
      // why, rather than failing on its next request.
      onSessionEnded: (message) => {
        toast.error(message);
        // Signed out first: the sign-in page sends a signed-in user on.
        void refresh().then(() => navigateRef.current(paths.login, { replace: true }));
      },
    };
    let connection = connectLiveEvents(handlers, {
      taskId: watchedTask(),
      taskReadAt: watchedTaskReadAt(),
    });
    // A task page opened or left: one stream still, now for that task, going on from where
    // the last one was.
    const stopWatching = subscribeToWatchedTask((taskId) => {
      const lastEventId = connection.lastEventId();
      connection.close();
      connection = connectLiveEvents(handlers, {
        taskId,
        taskReadAt: watchedTaskReadAt(),
        lastEventId,
      });
    });
    return () => {
      stopWatching();
      connection.close();
      setUnreadCount(null);
    };
  }, [toast, refresh]);
  return null;
}
