import { createChannel } from '../../lib/channel.ts';

/**
 * The task whose page this tab shows, and the news that it changed (issue 17): the page says
 * which task it shows; the tab's live stream (notifications/live-notifications.tsx) asks the
 * server for that task's changes and publishes each here; the page reads itself again.
 */
const changes = createChannel<string>();
const watching = createChannel<string | undefined>();
let watched: string | undefined;

export const publishTaskChange = changes.publish;

/** The task the open page shows, if any. */
export const watchedTask = () => watched;

/** Calls `listener` whenever the page shown moves to another task, or to none. */
export const subscribeToWatchedTask = watching.subscribe;

/** Shows `taskId`'s page: calls `onChange` when it changes, until the returned function. */
export function watchTask(taskId: string, onChange: () => void): () => void {
  watched = taskId;
  watching.publish(taskId);
  const unsubscribe = changes.subscribe((changed) => {
    if (changed === taskId) onChange();
  });
  return () => {
    unsubscribe();
    if (watched !== taskId) return;
    watched = undefined;
    watching.publish(undefined);
  };
}
