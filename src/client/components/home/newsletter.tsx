import { FieldError } from '../form-field.tsx';
import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '../../../shared/account-rules.ts';
import { UNREACHABLE_MESSAGE } from '../../lib/api-error.ts';
import { useToast } from '../toaster.tsx';
import { HOME_HEADINGS, NEWSLETTER_THANKS } from './home-content.ts';
import { Reveal } from './reveal.tsx';

/** The pattern zod's z.email() uses, so this form agrees with the others without loading zod. */
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function emailProblem(value: string): string | null {
  if (!value) return AUTH_MESSAGES.emailRequired;
  return EMAIL.test(value) ? null : AUTH_MESSAGES.emailInvalid;
}

/** spec §5, §7, §8: a valid email is required; the sign-up is stored and confirmed by mail (issue 19). */
export function Newsletter() {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email.trim());
    setError(problem);
    if (problem) return;
    // Issue 19: stored, and confirmed by a mailed link (double opt-in).
    const answer = await fetch('/api/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: email.trim() }),
    }).catch(() => undefined);
    if (!answer?.ok) {
      const body = (await answer?.json().catch(() => null)) as { message?: string } | null;
      toast.error(body?.message ?? UNREACHABLE_MESSAGE);
      return;
    }
    toast.success(NEWSLETTER_THANKS);
    setEmail('');
  }

  return (
    <section aria-labelledby="newsletter" className="rounded-box bg-base-200 px-6 py-10">
      <Reveal className="mx-auto max-w-xl space-y-4 text-center">
        <h2 id="newsletter" className="text-3xl font-bold">
          {HOME_HEADINGS.newsletter}
        </h2>
        <p>New tasks, tips for clients and freelancers, and product news. No spam.</p>
        <form
          noValidate
          onSubmit={submit}
          aria-labelledby="newsletter"
          className="flex flex-col gap-3 text-left sm:flex-row sm:items-start"
        >
          {/* Not FormField: daisyUI's .label dims text to 60%, below AA contrast on base-200. */}
          <div className="w-full">
            <label htmlFor="newsletter-email" className="mb-1 block font-medium">
              Email address
            </label>
            <input
              id="newsletter-email"
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
              className={`input w-full ${error ? 'input-error' : ''}`}
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'newsletter-email-error' : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
            <FieldError id="newsletter-email-error" message={error} />
          </div>
          <button type="submit" className="btn btn-primary sm:mt-7">
            Subscribe
          </button>
        </form>
      </Reveal>
    </section>
  );
}
