import type { ModerationState } from '../../../shared/moderation-state.ts';

/**
 * Issue 20: the server's message on a hidden or removed item ("Hidden while we review reports",
 * "Removed by Tasklane: …") as a line beside it in a list or thread, for its author: a question,
 * reply or message; a row of My Posted Tasks. Body-coloured text with a warning rule, readable in
 * both themes. Apart from moderation-alert.tsx: the pages that use each differ, and so do their
 * shared chunks.
 */
export function ModerationMark({ moderation }: { moderation: ModerationState | undefined }) {
  if (!moderation) return null;
  return (
    <span className="mt-1 block w-fit border-l-4 border-warning pl-2 text-sm font-semibold wrap-anywhere">
      {moderation.message}
    </span>
  );
}
