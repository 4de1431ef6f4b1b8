import { FAQ_ENTRIES, HOME_HEADINGS } from './home-content.ts';
import { Reveal } from './reveal.tsx';

/**
 * spec §1: the FAQ accordion of 5 questions. Native <details>, one open at a time (`name`), so
 * it works by keyboard and without script.
 */
export function Faq() {
  return (
    <section aria-labelledby="faq" className="mx-auto max-w-3xl space-y-6">
      <Reveal className="space-y-6">
        <h2 id="faq" className="text-center text-3xl font-bold">
          {HOME_HEADINGS.faq}
        </h2>
        <div className="space-y-2">
          {FAQ_ENTRIES.map((entry) => (
            <details
              key={entry.question}
              name="faq"
              className="collapse-arrow collapse border border-base-300 bg-base-100"
            >
              <summary className="collapse-title font-semibold">{entry.question}</summary>
              <div className="collapse-content">
                <p>{entry.answer}</p>
              </div>
            </details>
          ))}
        </div>
      </Reveal>
    </section>
  );
}
