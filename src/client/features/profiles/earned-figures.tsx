import { useId } from 'react';
import { RESPONSE_TIME_DAYS, type Profile, type Trust } from '../../../shared/profiles.ts';

/**
 * Issue 50, "earned, not typed": the figures Tasklane saw, in words, each with how it is
 * computed (on hover by its title, and read out to screen readers).
 */

export const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** A median response time in words: "within an hour", "within 2 hours", "within 3 days". */
export function responseTimeInWords(minutes: number | null): string {
  if (minutes === null) return 'None yet';
  if (minutes <= 60) return 'within an hour';
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return `within ${hours} hours`;
  const days = Math.ceil(hours / 24);
  return days === 1 ? 'within a day' : `within ${days} days`;
}

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A day (YYYY-MM-DD, UTC) as "today", "yesterday" or the date. */
export function dayInWords(day: string, now = new Date()): string {
  if (day === utcDay(now.getTime())) return 'today';
  if (day === utcDay(now.getTime() - 24 * 60 * 60 * 1000)) return 'yesterday';
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export const ON_TIME_RULE =
  "On-time delivery is the share of their delivered assignments first delivered on or before the task's deadline day";

export function onTimeSentence(profile: Profile): string {
  const { onTimeCount, deliveredCount, onTimeRate } = profile.freelancer;
  if (onTimeRate === null) return `${ON_TIME_RULE}. ${profile.name} has not delivered yet.`;
  return `${ON_TIME_RULE}: ${onTimeCount} of ${deliveredCount} = ${percent(onTimeRate)}.`;
}

export const RESPONSE_TIME_RULE = `Typical response time is the median, over the last ${RESPONSE_TIME_DAYS} days, of the time taken to answer a question on their task or a private message to them`;

export function hireRateSentence(profile: Profile): string {
  const { hires, tasksPosted, hireRate } = profile.client;
  const rule = 'The hire rate is hires ÷ tasks posted';
  if (hireRate === null) return `${rule}. ${profile.name} has not posted a task yet.`;
  return `${rule}: ${hires} ÷ ${tasksPosted} = ${percent(hireRate)}.`;
}

/** Each badge: its name, and how Tasklane decides it. */
export const TRUST_BADGES: Record<keyof Trust['badges'], { label: string; how: string }> = {
  emailVerified: {
    label: 'Email verified',
    how: 'They confirmed their email address with the link Tasklane sent.',
  },
  payoutAccountSet: {
    label: 'Payout account set',
    how: 'They set up an account to receive payments for their work.',
  },
  paymentMethodUsed: {
    label: 'Payment method used',
    how: 'They paid for at least one hire through Tasklane.',
  },
  noUpheldReports: {
    label: 'No upheld reports',
    how: 'No report about them or what they wrote was upheld by a Tasklane admin.',
  },
};

/** The "Trust" row: what Tasklane has checked, each badge saying how. */
export function TrustBadges({ trust }: { trust: Trust }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="render-near-screen card bg-base-200">
      <div className="card-body gap-3">
        <h2 id={id} className="card-title">
          Trust
        </h2>
        <ul className="flex flex-wrap gap-2">
          {Object.entries(TRUST_BADGES).map(([key, { label, how }]) => {
            const earned = trust.badges[key as keyof Trust['badges']];
            return (
              <li key={key} title={how} data-badge={key}>
                <span className={`badge h-auto py-1 ${earned ? 'badge-success' : 'badge-ghost'}`}>
                  <span aria-hidden="true">{earned ? '✓' : '–'}</span>
                  {label}
                  <span className="sr-only">{earned ? ': yes' : ': not yet'}</span>
                </span>
                <span className="sr-only"> {how}</span>
              </li>
            );
          })}
        </ul>
        <p className="text-sm">Hover over or read a badge for how it is checked.</p>
      </div>
    </section>
  );
}

/**
 * The checks a person passed, small, for a header or a card: only those earned (the "Trust"
 * row says which are not yet), each saying how on hover and to screen readers.
 */
export function EarnedBadges({
  trust,
  keys = Object.keys(TRUST_BADGES) as (keyof Trust['badges'])[],
}: {
  /** The whole of a profile's, or the few badges of a summary. */
  trust: { badges: Partial<Trust['badges']> };
  keys?: readonly (keyof Trust['badges'])[];
}) {
  const earned = keys.filter((key) => trust.badges[key]);
  if (earned.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Checked by Tasklane">
      {earned.map((key) => (
        <li key={key} title={TRUST_BADGES[key].how}>
          <span className="badge badge-success badge-sm h-auto py-0.5">
            <span aria-hidden="true">✓</span>
            {TRUST_BADGES[key].label}
          </span>
          <span className="sr-only"> {TRUST_BADGES[key].how}</span>
        </li>
      ))}
    </ul>
  );
}
