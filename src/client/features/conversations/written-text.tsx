import type { ReactNode } from 'react';
import type { ModerationState } from '../../../shared/moderation-state.ts';
import type { UserSummary } from '../../../shared/user-summary.ts';
import { ModerationMark } from '../moderation/moderation-mark.tsx';
import { UserLink } from '../profiles/user-link.tsx';

/**
 * A question, reply or message as written (issue 10): who (to their profile) and when, then the
 * text as text, never as HTML, its line breaks kept. Its author alone sees it while it is hidden
 * by reports or removed, marked so (issue 20).
 */
export function WrittenText({
  author,
  createdAt,
  text,
  note,
  moderation,
  action,
}: {
  author: Pick<UserSummary, '_id' | 'name'>;
  createdAt: string;
  text: string;
  /** A word after the name, e.g. "(poster)". */
  note?: string | undefined;
  moderation?: ModerationState | undefined;
  /** A control about the text, at the end of its first line (issue 20: Report). */
  action?: ReactNode;
}) {
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <UserLink user={author} />
        {note && <span>{note}</span>}
        <time dateTime={createdAt} className="text-base-content/80">
          {new Date(createdAt).toLocaleString()}
        </time>
        {action && <span className="ml-auto">{action}</span>}
      </p>
      <ModerationMark moderation={moderation} />
      <p className="mt-1 whitespace-pre-line wrap-anywhere">{text}</p>
    </>
  );
}
