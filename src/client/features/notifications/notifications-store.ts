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

/** Bumped by every change of the count, so an answer can tell whether it is still the latest. */
let countChanges = 0;

export function setUnreadCount(update: number | null | ((count: number | null) => number | null)) {
  unreadCount = typeof update === 'function' ? update(unreadCount) : update;
  countChanges += 1;
  for (const watch of countWatchers) watch();
}

/** The count now, outside React. */
export const currentUnreadCount = () => unreadCount;

/**
 * Sets the count an API call answers, unless the count changed while it was on its way (a live
 * event, newer than the answer, wins). No answer: the count shown stays until the next event.
 */
export function setUnreadCountFrom(answer: Promise<number>): void {
  const changesBefore = countChanges;
  answer
    .then((count) => {
      if (countChanges === changesBefore) setUnreadCount(count);
    })
    .catch(() => undefined);
}

/** Calls the listener with each new notification while subscribed; returns the unsubscribe. */
export const subscribeToNotifications = notifications.subscribe;
export const publishNotification = notifications.publish;
