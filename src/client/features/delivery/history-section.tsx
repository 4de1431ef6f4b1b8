import { useId, type ReactNode } from 'react';

/** A hire's history as both parties read it (rounds of changes, deliveries): a titled list. */
export function HistorySection({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-box border border-base-300 p-4">
      <h2 id={id} className="text-xl font-semibold">
        {heading}
      </h2>
      <ol aria-labelledby={id} className="space-y-3">
        {children}
      </ol>
    </section>
  );
}
