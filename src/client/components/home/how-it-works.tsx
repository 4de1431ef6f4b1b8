import { HOME_HEADINGS, HOW_IT_WORKS_STEPS } from './first-screen.ts';
import { Reveal } from './reveal.tsx';

/** spec §1: the 3-step guide (post, receive bids, hire and complete). */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="space-y-6">
      <Reveal className="space-y-6">
        <h2 id="how-it-works" className="text-center text-3xl font-bold">
          {HOME_HEADINGS.howItWorks}
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step.title} className="card bg-base-200">
              <div className="card-body items-center text-center">
                <span
                  aria-hidden="true"
                  className="grid size-12 place-items-center rounded-full bg-primary text-xl font-bold text-primary-content"
                >
                  {index + 1}
                </span>
                <h3 className="card-title">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Reveal>
    </section>
  );
}
