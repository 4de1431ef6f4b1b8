import { useSyncExternalStore } from 'react';
import type { Notification } from '../../../shared/notifications.ts';

/**
 * The tab's notification state (issue 10): the unread count the bells show and the new
 * notifications the live stream brings, for whoever listens (the open notifications page). A
 * module of its own, outside the shell's first load: only signed-in pages import it.
 */
type Listener = (notification: Notification) => void;

let unreadCount: number | null = null;
const countWatchers = new Set<() => void>();
const listeners = new Set<Listener>();

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

/** Calls `listener` with each new notification while subscribed; returns the unsubscribe. */
export function subscribeToNotifications(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishNotification(notification: Notification): void {
  for (const listener of listeners) listener(notification);
}
