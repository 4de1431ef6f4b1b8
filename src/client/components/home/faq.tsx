import { useRef, useState } from 'react';
import type { PublicConfig } from '../../../shared/public-config.ts';
import { apiPaths } from '../../lib/paths.ts';
import { FAQ_ENTRIES, FEES_QUESTION, HOME_HEADINGS } from './home-content.ts';
import { Reveal } from './reveal.tsx';

/**
 * spec §1: the FAQ accordion of 5 questions. Native <details>, one open at a time (`name`), so
 * it works by keyboard and without script. The fees' answer reads the configured numbers once
 * its question is opened (issue 47).
 */
export function Faq() {
  const [fees, setFees] = useState<string | null>(null);
  // Read once: closing or reopening the question reads nothing again, unless the read failed.
  const isFeesAsked = useRef(false);
  return (
    <section aria-labelledby="faq" className="mx-auto max-w-3xl space-y-6">
      <Reveal className="space-y-6">
        <h2 id="faq" className="text-center text-3xl font-bold">
          {HOME_HEADINGS.faq}
        </h2>
        <div className="space-y-2">
          {FAQ_ENTRIES.map((entry) => {
            const isFees = entry.question === FEES_QUESTION;
            return (
              <details
                key={entry.question}
                name="faq"
                className="collapse-arrow collapse border border-base-300 bg-base-100"
                onToggle={(event) => {
                  if (!isFees || !event.currentTarget.open || isFeesAsked.current) return;
                  isFeesAsked.current = true;
                  // Read only when asked, and not through loadPublicConfig, whose chunk would load
                  // with the page: its JavaScript budget has no room (DESIGN.md "Budgets").
                  void Promise.all([
                    import('../../lib/fees.ts'),
                    fetch(apiPaths.publicConfig).then((r) => r.json() as Promise<PublicConfig>),
                  ]).then(
                    ([fees, config]) => setFees(fees.configuredFees(config)),
                    () => {
                      isFeesAsked.current = false;
                    },
                  );
                }}
              >
                <summary className="collapse-title font-semibold">{entry.question}</summary>
                <div className="collapse-content">
                  <p>{(isFees && fees) || entry.answer}</p>
                </div>
              </details>
            );
          })}
        </div>
      </Reveal>
    </section>
  );
}
