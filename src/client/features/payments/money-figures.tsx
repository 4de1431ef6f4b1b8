import type { ReactNode } from 'react';
import { HeadedSection } from '../../components/headed-section.tsx';
import { formatCents } from '../../../shared/payments.ts';

export interface MoneyFigure {
  label: string;
  /** What the figure is made of, under it. */
  description: string;
  cents: number;
}

/**
 * Issue 21: a money page's figures under a heading (a poster's totals, a freelancer's balances),
 * each saying what it is: a description list, side by side on wide screens.
 */
export function MoneyFigures({
  heading,
  figures,
  children,
}: {
  heading: string;
  figures: MoneyFigure[];
  /** Under the figures: where to see more. */
  children?: ReactNode;
}) {
  return (
    <HeadedSection heading={heading}>
      <dl className="stats stats-vertical w-full shadow md:stats-horizontal">
        {figures.map((figure) => (
          <div key={figure.label} className="stat">
            <dt className="stat-title text-base-content">{figure.label}</dt>
            <dd className="stat-value text-3xl">{formatCents(figure.cents)}</dd>
            <dd className="stat-desc text-sm whitespace-normal text-base-content">
              {figure.description}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </HeadedSection>
  );
}
