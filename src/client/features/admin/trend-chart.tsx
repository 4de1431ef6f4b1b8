import { useId } from 'react';

export type SeriesFormat = 'count' | 'percent' | 'hours';

/** One measure over the days: bars or a line; a day without a value (null) leaves a gap. */
export interface Series {
  label: string;
  values: readonly (number | null)[];
  kind: 'bar' | 'line';
  format: SeriesFormat;
}

const WIDTH = 300;
const HEIGHT = 100;
const TOP = 4; // room for a line's dots at the top

/** The first series in the primary colour, the second in the text colour, dashed or outlined. */
const STYLES = [
  { className: 'text-primary', dash: undefined, isFilled: true },
  { className: 'text-base-content', dash: '4 3', isFilled: false },
] as const;

export function formatValue(value: number | null, format: SeriesFormat): string {
  if (value === null) return 'none';
  if (format === 'percent') return `${Math.round(value * 100)}%`;
  if (format === 'hours') return `${value < 10 ? value.toFixed(1) : Math.round(value)} h`;
  return value.toLocaleString('en-US');
}

/** Today's value and, over the days, the total (counts) or the mean of the days with one. */
function summary(series: Series): string {
  const today = series.values.at(-1) ?? null;
  const known = series.values.filter((value): value is number => value !== null);
  const total = known.reduce((sum, value) => sum + value, 0);
  const overall =
    series.format === 'count'
      ? `${formatValue(total, 'count')} in ${series.values.length} days`
      : `${formatValue(known.length ? total / known.length : null, series.format)} on average`;
  return `${series.label}: ${formatValue(today, series.format)} today, ${overall}`;
}

/**
 * A chart of up to two measures over the days (issue 20 "How the market is doing"), drawn as
 * SVG: counts and hours against one scale, rates against 0–100% (or more). The figure is named
 * by its title; its caption says today's values and the period's, and a table under a disclosure
 * gives every day's numbers, so the picture itself is hidden from screen readers.
 */
export function TrendChart({
  title,
  days,
  series,
}: {
  title: string;
  days: readonly string[];
  series: readonly Series[];
}) {
  const titleId = useId();
  const slot = WIDTH / Math.max(days.length, 1);
  const isRate = (one: Series) => one.format === 'percent';
  const maxOf = (list: readonly Series[], floor: number) =>
    Math.max(floor, ...list.flatMap((one) => one.values.filter((v): v is number => v !== null)));
  const scaleMax = maxOf(
    series.filter((one) => !isRate(one)),
    1,
  );
  const rateMax = maxOf(series.filter(isRate), 1);
  const y = (one: Series, value: number) =>
    HEIGHT - (value / (isRate(one) ? rateMax : scaleMax)) * (HEIGHT - TOP);
  const bars = series.filter((one) => one.kind === 'bar');
  const barWidth = (slot * 0.8) / Math.max(bars.length, 1);
  const scaleFormat = series.find((one) => !isRate(one))?.format;

  return (
    <figure aria-labelledby={titleId} className="space-y-2 rounded-box border border-base-300 p-4">
      <figcaption className="space-y-1">
        <span id={titleId} className="block font-semibold">
          {title}
        </span>
        <ul className="text-sm">
          {series.map((one, index) => (
            <li key={one.label} className="flex items-center gap-2">
              <svg
                viewBox="0 0 16 8"
                className={`h-2 w-4 shrink-0 ${STYLES[index]?.className}`}
                aria-hidden="true"
              >
                {one.kind === 'bar' ? (
                  <rect
                    x="1"
                    y="0.5"
                    width="14"
                    height="7"
                    fill={STYLES[index]?.isFilled ? 'currentColor' : 'none'}
                    stroke="currentColor"
                  />
                ) : (
                  <line
                    x1="0"
                    y1="4"
                    x2="16"
                    y2="4"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeDasharray={STYLES[index]?.dash}
                  />
                )}
              </svg>
              <span>{summary(one)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
      <div aria-hidden="true" className="flex justify-between text-xs">
        <span>{scaleFormat ? `${formatValue(scaleMax, scaleFormat)} max` : ''}</span>
        {series.some(isRate) && <span>{formatValue(rateMax, 'percent')} max</span>}
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full overflow-visible"
        aria-hidden="true"
        focusable="false"
      >
        <line
          x1="0"
          y1={HEIGHT}
          x2={WIDTH}
          y2={HEIGHT}
          className="text-base-content"
          stroke="currentColor"
          strokeOpacity="0.4"
        />
        {series.map((one, index) => {
          const style = STYLES[index] ?? STYLES[0];
          if (one.kind === 'bar') {
            const offset = bars.indexOf(one);
            return (
              <g key={one.label} className={style.className}>
                {one.values.map((value, day) =>
                  value ? (
                    <rect
                      key={days[day]}
                      x={day * slot + slot * 0.1 + offset * barWidth}
                      y={y(one, value)}
                      width={barWidth}
                      height={HEIGHT - y(one, value)}
                      fill={style.isFilled ? 'currentColor' : 'none'}
                      stroke="currentColor"
                      strokeWidth={style.isFilled ? 0 : 1}
                      vectorEffect="non-scaling-stroke"
                    />
                  ) : null,
                )}
              </g>
            );
          }
          // A line through the days with a value; a day without one breaks it.
          const runs: { day: number; value: number }[][] = [[]];
          one.values.forEach((value, day) => {
            if (value === null) runs.push([]);
            else runs.at(-1)!.push({ day, value });
          });
          const cx = (day: number) => day * slot + slot / 2;
          return (
            <g key={one.label} className={style.className}>
              {runs
                .filter((run) => run.length > 1)
                .map((run) => (
                  <polyline
                    key={run[0]!.day}
                    points={run.map(({ day, value }) => `${cx(day)},${y(one, value)}`).join(' ')}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                    strokeDasharray={style.dash}
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
              {runs.flat().map(({ day, value }) => (
                <circle
                  key={day}
                  cx={cx(day)}
                  cy={y(one, value)}
                  r="2.2"
                  fill="currentColor"
                  // Ringed in the page's colour, so a point stands out on a bar.
                  stroke="var(--color-base-100)"
                  strokeWidth="0.8"
                />
              ))}
            </g>
          );
        })}
      </svg>
      <div aria-hidden="true" className="flex justify-between text-xs">
        <span>{days[0]}</span>
        <span>{days.at(-1)} (today, UTC)</span>
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium">
          Every day’s numbers<span className="sr-only"> of {title.toLowerCase()}</span>
        </summary>
        <div className="overflow-x-auto">
          <table className="table table-xs">
            <caption className="sr-only">{`${title}, by day (UTC)`}</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Day</th>
                {series.map((one) => (
                  <th key={one.label} scope="col">
                    {one.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day}>
                  <th scope="row" className="font-normal">
                    {day}
                  </th>
                  {series.map((one) => (
                    <td key={one.label}>{formatValue(one.values[index] ?? null, one.format)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
