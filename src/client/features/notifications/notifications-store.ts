import { useSyncExternalStore } from 'react';
import type { Notification } from '../../../shared/notifications.ts';
import { createChannel } from '../../lib/channel.ts';

/**
 * The tab's notification state (issue 10): the unread count the bells show and the new
 * notifications the live stream brings, for whoever listens (the open notifications page). A
 * module of its own, outside the shell's first load: only signed-in pages import it.
 */
let unreadCount: number | null = null;
const countWatchers = new Set<() => void>();
const notifications = createChannel<Notification>();

/** My unread notifications; null while unknown (signed out, or not read yet). */
export function useUnreadCount(): number | null {
  return useSyncExternalStore(
    (watch) => {
      countWatchers.add(watch);
      return () => countWatchers.delete(watch);
    },
    () => unreadCount,
  );
}

export function setUnreadCount(update: number | null | ((count: number | null) => number | null)) {
  unreadCount = typeof update === 'function' ? update(unreadCount) : update;
  for (const watch of countWatchers) watch();
}

/** Calls the listener with each new notification while subscribed; returns the unsubscribe. */
export const subscribeToNotifications = notifications.subscribe;
export const publishNotification = notifications.publish;
