import { createChannel } from '../../lib/channel.ts';

/**
 * The task whose page this tab shows, and the news that it changed (issue 17): the page says
 * which task it shows; the tab's live stream (notifications/live-notifications.tsx) asks the
 * server for that task's changes and publishes each here; the page reads itself again.
 */
const changes = createChannel<string>();
const watching = createChannel<string | undefined>();
let watched: string | undefined;
let watchedReadAt: number | undefined;

export const publishTaskChange = changes.publish;

/** The task the open page shows, if any. */
export const watchedTask = () => watched;

/** When the open page began reading its task (Date.now()), if it shows one. */
export const watchedTaskReadAt = () => watchedReadAt;

/** Calls `listener` whenever the page shown moves to another task, or to none. */
export const subscribeToWatchedTask = watching.subscribe;

/**
 * Shows `taskId`'s page, read from `readAt` (Date.now()): calls `onChange` when it changes, from
 * then (a change before the stream opened included), until the returned function.
 */
export function watchTask(taskId: string, readAt: number, onChange: () => void): () => void {
  watched = taskId;
  watchedReadAt = readAt;
  watching.publish(taskId);
  const unsubscribe = changes.subscribe((changed) => {
    if (changed === taskId) onChange();
  });
  return () => {
    unsubscribe();
    if (watched !== taskId) return;
    watched = undefined;
    watchedReadAt = undefined;
    watching.publish(undefined);
  };
}
