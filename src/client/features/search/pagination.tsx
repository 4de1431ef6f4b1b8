import { Link } from '../../lib/link.tsx';
import { SAME_PAGE_STATE } from '../../lib/navigation-state.ts';

/** Page numbers to show: the first, the last and two either side of the current; null is a gap. */
export function pageNumbers(current: number, count: number): (number | null)[] {
  const shown = new Set([1, count]);
  for (let page = current - 2; page <= current + 2; page += 1) {
    if (page >= 1 && page <= count) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((page, index) =>
    index > 0 && page - sorted[index - 1]! > 1 ? [null, page] : [page],
  );
}

/** Numbered pages of a search (issue 11), each a link so it is a history entry of its own. */
export function Pagination({
  page,
  pageCount,
  pageUrl,
  onChoose,
}: {
  page: number;
  pageCount: number;
  pageUrl(page: number): string;
  /** After a page is chosen: the page takes the reader to the top of the new results. */
  onChoose(): void;
}) {
  if (pageCount <= 1) return null;
  // Previous on the first page and Next on the last are left out rather than greyed (contrast).
  const step = (to: number, label: string) =>
    to >= 1 &&
    to <= pageCount && (
      <li>
        <Link to={pageUrl(to)} state={SAME_PAGE_STATE} className="btn join-item" onClick={onChoose}>
          {label}
        </Link>
      </li>
    );
  return (
    <nav aria-label="Pages" className="flex justify-center">
      <ul className="join flex-wrap">
        {step(page - 1, 'Previous')}
        {pageNumbers(page, pageCount).map((number, index) => (
          <li key={number ?? `gap-${index}`}>
            {number === null ? (
              <span className="btn btn-ghost pointer-events-none join-item" aria-hidden="true">
                …
              </span>
            ) : (
              <Link
                to={pageUrl(number)}
                state={SAME_PAGE_STATE}
                className={`btn join-item ${number === page ? 'btn-primary' : ''}`}
                aria-label={`Page ${number}`}
                aria-current={number === page ? 'page' : undefined}
                onClick={onChoose}
              >
                {number}
              </Link>
            )}
          </li>
        ))}
        {step(page + 1, 'Next')}
      </ul>
    </nav>
  );
}
