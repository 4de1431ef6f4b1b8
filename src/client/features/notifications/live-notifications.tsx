import { useEffect } from 'react';
import { useToast } from '../../components/toaster.tsx';
import { publishMessage } from '../conversations/live-messages.ts';
import { publishTaskChange, subscribeToWatchedTask, watchedTask } from '../tasks/live-task.ts';
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
 * new message reaches its open conversation.
 */
export function LiveNotifications() {
  const toast = useToast();
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
    };
    let connection = connectLiveEvents(handlers, { taskId: watchedTask() });
    // A task page opened or left: one stream still, now for that task, going on from where
    // the last one was.
    const stopWatching = subscribeToWatchedTask((taskId) => {
      const lastEventId = connection.lastEventId();
      connection.close();
      connection = connectLiveEvents(handlers, { taskId, lastEventId });
    });
    return () => {
      stopWatching();
      connection.close();
      setUnreadCount(null);
    };
  }, [toast]);
  return null;
}
