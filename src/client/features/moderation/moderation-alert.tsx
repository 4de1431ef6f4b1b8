import type { ModerationState } from '../../../shared/moderation-state.ts';

/**
 * Issue 20: what the author of a hidden or removed item reads on its page (a task, their profile):
 * the server's message ("Hidden while we review reports", "Removed by Tasklane: …"), announced.
 * Nothing for an item shown to everyone.
 */
export function ModerationAlert({
  moderation,
  what,
}: {
  moderation: ModerationState | undefined;
  /** What is hidden, for the sentence after the message: "this task". */
  what: string;
}) {
  if (!moderation) return null;
  return (
    <div role="status" className="alert alert-warning">
      <div className="wrap-anywhere">
        <p className="font-semibold">{moderation.message}</p>
        <p>Only you and Tasklane’s team can see {what} now.</p>
      </div>
    </div>
  );
}
