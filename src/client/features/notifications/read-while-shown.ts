import { useEffect } from 'react';
import { notificationsApi } from './notifications-api.ts';
import { currentUnreadCount, setUnreadCountFrom } from './notifications-store.ts';

/**
 * Reading a thing clears its notifications (issue 10 follow-up), the way a marketplace's bell
 * does: while a page shows what a link points at (an open offer conversation, a question reached
 * by its link) in a visible tab, my unread notifications with that link are marked read on the
 * server, which tells my other tabs the new count (`event: unread`). New ones for it that arrive
 * meanwhile are read on arrival (live-notifications.tsx), so the bell does not rise for them.
 */

/** The links shown in this tab now, each with how many parts of the page show it. */
const shownLinks = new Map<string, number>();

/** Whether the reader is looking at what the link points at: shown, in a visible tab. */
export function isLinkInView(link: string): boolean {
  return document.visibilityState === 'visible' && shownLinks.has(link);
}

/** Marks my unread notifications with this link read; the bell takes the count of the answer. */
export function markLinkRead(link: string): void {
  setUnreadCountFrom(notificationsApi.markRead({ link }).then((answer) => answer.unreadCount));
}

/**
 * While `link` is not null, what it points at is shown: its notifications are marked read now
 * and each time the tab becomes visible again (those that came while it was hidden).
 */
export function useReadWhileShown(link: string | null): void {
  useEffect(() => {
    if (link === null) return;
    shownLinks.set(link, (shownLinks.get(link) ?? 0) + 1);
    const markIfInView = () => {
      // None unread at all: nothing to ask. Unknown (null) yet: ask.
      if (isLinkInView(link) && currentUnreadCount() !== 0) markLinkRead(link);
    };
    markIfInView();
    document.addEventListener('visibilitychange', markIfInView);
    return () => {
      document.removeEventListener('visibilitychange', markIfInView);
      const left = (shownLinks.get(link) ?? 1) - 1;
      if (left > 0) shownLinks.set(link, left);
      else shownLinks.delete(link);
    };
  }, [link]);
}
