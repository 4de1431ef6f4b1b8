import type { MarketDay } from '../../shared/moderation.ts';
import { PageTitle } from '../components/page-title.tsx';
import { adminApi } from '../features/admin/admin-api.ts';
import { TrendChart, type Series } from '../features/admin/trend-chart.tsx';
import { useRouteData } from '../lib/route-data.ts';

type Measure = Omit<Series, 'values'> & { key: keyof Omit<MarketDay, 'day'> };

/** The charts of the market page, each a title and one or two measures (issue 20). */
const MARKET_CHARTS: { title: string; measures: Measure[] }[] = [
  {
    title: 'Tasks posted',
    measures: [{ key: 'tasksPosted', label: 'Tasks posted', kind: 'bar', format: 'count' }],
  },
  {
    title: 'Offers made',
    measures: [{ key: 'offersMade', label: 'Offers made', kind: 'bar', format: 'count' }],
  },
  {
    title: 'Tasks hired and fill rate',
    measures: [
      { key: 'tasksHired', label: 'Tasks hired', kind: 'bar', format: 'count' },
      { key: 'fillRate', label: 'Fill rate', kind: 'line', format: 'percent' },
    ],
  },
  {
    title: 'Median hours to first offer and to hire',
    measures: [
      { key: 'medianHoursToFirstOffer', label: 'To first offer', kind: 'line', format: 'hours' },
      { key: 'medianHoursToHire', label: 'To hire', kind: 'line', format: 'hours' },
    ],
  },
  {
    title: 'Completions and completion rate',
    measures: [
      { key: 'completions', label: 'Completions', kind: 'bar', format: 'count' },
      { key: 'completionRate', label: 'Completion rate', kind: 'line', format: 'percent' },
    ],
  },
  {
    title: 'New users',
    measures: [{ key: 'newUsers', label: 'New users', kind: 'bar', format: 'count' }],
  },
  {
    title: 'Reports opened and closed',
    measures: [
      { key: 'reportsOpened', label: 'Reports opened', kind: 'bar', format: 'count' },
      { key: 'reportsClosed', label: 'Reports closed', kind: 'bar', format: 'count' },
    ],
  },
];

/** /admin/market (issue 20 "How the market is doing"): the last 30 days, a chart per measure. */
export default function AdminMarket() {
  const stats = useRouteData('admin-market', () => adminApi.marketStats());
  const days = stats.days.map((row) => row.day);

  return (
    <section aria-labelledby="admin-market-heading" className="space-y-4">
      <PageTitle name="Admin: Market" />
      <h2 id="admin-market-heading" className="text-2xl font-bold">
        Market
      </h2>
      <p>
        The last {days.length} days, a bar or point per day (UTC), today last. A day with nothing to
        measure a rate or median on leaves a gap.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        {MARKET_CHARTS.map((chart) => (
          <TrendChart
            key={chart.title}
            title={chart.title}
            days={days}
            series={chart.measures.map(({ key, ...measure }) => ({
              ...measure,
              values: stats.days.map((row) => row[key]),
            }))}
          />
        ))}
      </div>
    </section>
  );
}
