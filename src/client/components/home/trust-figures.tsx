import { useEffect, useState } from 'react';
import type { TrustFigures as Figures } from '../../../shared/trust-figures.ts';
import { apiPaths } from '../../lib/paths.ts';

const compact = (value: number, currency?: string) =>
  new Intl.NumberFormat('en-US', {
    notation: 'compact',
    maximumFractionDigits: 1,
    ...(currency ? { style: 'currency', currency } : {}),
  }).format(value);

/**
 * The home page's trust signals (issue 51), from GET /api/trust-figures: each shows only once the
 * server has enough behind it (it answers null before). The strip keeps its height while empty
 * or loading, so nothing below it moves (layout shift, issue 48).
 */
export function TrustFigures() {
  const [figures, setFigures] = useState<Figures | null>(null);
  useEffect(() => {
    fetch(apiPaths.trustFigures)
      .then((response) => (response.ok ? (response.json() as Promise<Figures>) : null))
      .then(setFigures, () => {});
  }, []);
  const shown: [string, string][] = [];
  if (figures?.tasksCompleted) shown.push([compact(figures.tasksCompleted), 'tasks completed']);
  if (figures?.paymentsHeldUsd) {
    shown.push([compact(figures.paymentsHeldUsd, 'USD'), 'paid through escrow']);
  }
  if (figures?.averageRating) {
    const { average, count } = figures.averageRating;
    shown.push([`${average.toFixed(1)} ★`, `average of ${compact(count)} reviews`]);
  }
  return (
    <dl className="mx-auto flex h-20 max-w-3xl items-start justify-center gap-4 text-center sm:h-16 sm:gap-10">
      {shown.map(([figure, label]) => (
        <div key={label} className="flex min-w-0 flex-col-reverse">
          <dt className="text-xs leading-tight sm:text-sm">{label}</dt>
          <dd className="text-xl font-bold text-primary sm:text-2xl">{figure}</dd>
        </div>
      ))}
    </dl>
  );
}
