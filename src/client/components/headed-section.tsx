import type { ReactNode } from 'react';

/** A page's section named by its second-level heading (a landmark region for screen readers). */
export function HeadedSection({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = `${heading.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-2xl font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
