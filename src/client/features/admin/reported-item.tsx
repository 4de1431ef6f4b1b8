import { useId } from 'react';
import { Link } from '../../lib/link.tsx';
import { REPORT_UNCOUNTED_LABELS } from '../../../shared/moderation.ts';
import type { ItemDecision, ReportedItem } from './admin-api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { plural, reasonLabel } from './admin-format.ts';
import { AdminUserLink } from './admin-user-link.tsx';

/** "the task “X”" at the start of a sentence or heading. */
export const capitalized = (text: string) => text.replace(/^./, (first) => first.toUpperCase());

/**
 * One item of the operator's queue (issue 20): what was reported, by whom it was written, how
 * many reported it and why (each reporter's note), with Dismiss and Remove. The author's and the
 * reporters' names lead to the operator's page about each. Restore all undoes what its reporters
 * hid anywhere (issue 47); a report that does not count toward hiding says why.
 */
export function ReportedItemCard({
  item,
  onDecide,
}: {
  item: ReportedItem;
  onDecide(decision: ItemDecision): void;
}) {
  const headingId = useId();
  const reasons = Object.entries(item.reasons).sort(([, a], [, b]) => b - a);

  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-box border border-base-300 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold wrap-anywhere">
          {capitalized(item.label)}
        </h3>
        {item.moderation === 'hidden' && (
          <span className="badge badge-outline">Hidden while reviewed</span>
        )}
      </div>
      <p className="text-sm">
        <strong>{plural(item.reportCount, 'report')}</strong>, the first on{' '}
        <time dateTime={item.firstReportedAt}>{formatDateTime(item.firstReportedAt)}</time>. Written
        by <AdminUserLink user={item.author} />.{' '}
        <Link to={item.link} className="link" aria-describedby={headingId}>
          Open it
        </Link>
      </p>
      <blockquote className="rounded-box bg-base-200 p-3 whitespace-pre-wrap wrap-anywhere">
        {item.content}
      </blockquote>
      <div>
        <p className="font-medium">Reasons</p>
        <ul className="list-inside list-disc text-sm" aria-label="Reasons">
          {reasons.map(([reason, count]) => (
            <li key={reason}>
              {reasonLabel(reason)}: {count}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <p className="font-medium">Reports</p>
        <ul className="space-y-1 text-sm" aria-label="Reports">
          {item.notes.map((note) => (
            <li key={note.reporter._id} className="wrap-anywhere">
              <AdminUserLink user={note.reporter} />: {reasonLabel(note.reason)}
              {note.note && <> — “{note.note}”</>}
              {note.uncountedBecause && <> ({REPORT_UNCOUNTED_LABELS[note.uncountedBecause]})</>}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-describedby={headingId}
          onClick={() => onDecide('dismiss')}
        >
          Dismiss
        </button>
        <button
          type="button"
          className="btn btn-error btn-sm"
          aria-describedby={headingId}
          onClick={() => onDecide('remove')}
        >
          Remove
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-describedby={headingId}
          onClick={() => onDecide('restore-group')}
        >
          Restore all its reporters hid
        </button>
      </div>
    </article>
  );
}
