import type { UserSummary } from '../../../shared/user-summary.ts';
import { UserLink } from '../profiles/user-link.tsx';

/**
 * A question, reply or message as written (issue 10): who (to their profile) and when, then the
 * text as text, never as HTML, its line breaks kept.
 */
export function WrittenText({
  author,
  createdAt,
  text,
  note,
}: {
  author: Pick<UserSummary, '_id' | 'name'>;
  createdAt: string;
  text: string;
  /** A word after the name, e.g. "(poster)". */
  note?: string | undefined;
}) {
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <UserLink user={author} />
        {note && <span>{note}</span>}
        <time dateTime={createdAt} className="text-base-content/80">
          {new Date(createdAt).toLocaleString()}
        </time>
      </p>
      <p className="mt-1 whitespace-pre-line wrap-anywhere">{text}</p>
    </>
  );
}
