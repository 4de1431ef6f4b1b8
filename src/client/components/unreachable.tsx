import { PageTitle } from './page-title.tsx';

export const UNREACHABLE_TITLE = 'Could not reach Tasklane';

/** A page whose code or data did not load (issue 8): say so, and try again on Retry. */
export function Unreachable({ onRetry }: { onRetry(): void }) {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <PageTitle name={UNREACHABLE_TITLE} />
      <h1 className="text-4xl font-bold">{UNREACHABLE_TITLE}</h1>
      <p>The page could not be loaded. Check your connection, then try again.</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
