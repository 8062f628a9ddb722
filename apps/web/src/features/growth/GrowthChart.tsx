// Why: the chosen metric over time with the age group's academy median (spec part 2 §2); Recharts loads only with this chart.
import type { GrowthMedians, GrowthMetric, GrowthMetricKey } from '@kora/contracts';
import { useIntl } from 'react-intl';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocale } from '../../lib/i18n';
import { ageGroupLabel, formatMetric } from './format';
import { paddedRange } from './helpers';

interface Point {
  x: number;
  y: number;
}

const dayMs = (date: string) => Date.parse(`${date}T12:00:00Z`);

/** The player's values of a metric (oldest first) and the median of each month (at mid-month). */
export function chartSeries(records: GrowthMetric[], medians: GrowthMedians | undefined, metric: GrowthMetricKey) {
  const player: Point[] = records
    .flatMap((r) => (r[metric] == null ? [] : [{ x: dayMs(r.date), y: r[metric] as number }]))
    .sort((a, b) => a.x - b.x);
  const median: Point[] = (medians?.months ?? [])
    .flatMap((m) => (m[metric] == null ? [] : [{ x: dayMs(`${m.month}-15`), y: m[metric] as number }]))
    .sort((a, b) => a.x - b.x);
  return { player, median };
}

export default function GrowthChart({
  records,
  medians,
  metric,
}: {
  records: GrowthMetric[];
  medians?: GrowthMedians;
  metric: GrowthMetricKey;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const rtl = locale === 'ar';
  const { player, median } = chartSeries(records, medians, metric);
  const range = paddedRange([...player, ...median].map((p) => p.y)) ?? [0, 1];
  const xs = [...player, ...median].map((p) => p.x);
  const date = (x: number) => intl.formatDate(x, { dateStyle: 'medium', timeZone: 'UTC' });
  const medianName = medians?.ageGroup
    ? intl.formatMessage({ id: 'growth.chartMedian' }, { group: ageGroupLabel(intl, medians.ageGroup) })
    : intl.formatMessage({ id: 'growth.chartMedianNone' });
  return (
    <div className="h-72 w-full" data-testid="growth-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            type="number"
            dataKey="x"
            domain={[Math.min(...xs), Math.max(...xs)]}
            scale="time"
            reversed={rtl}
            tickFormatter={(x: number) => intl.formatDate(x, { month: 'short', year: '2-digit', timeZone: 'UTC' })}
            tick={{ fontSize: 12 }}
            allowDuplicatedCategory={false}
          />
          <YAxis
            type="number"
            dataKey="y"
            domain={range}
            orientation={rtl ? 'right' : 'left'}
            tickFormatter={(v: number) => formatMetric(intl, metric, v, false)}
            tick={{ fontSize: 12 }}
            width={56}
          />
          <Tooltip labelFormatter={(x) => date(Number(x))} formatter={(v) => formatMetric(intl, metric, Number(v))} />
          <Legend />
          <Line
            data={player}
            dataKey="y"
            name={intl.formatMessage({ id: 'growth.chartPlayer' })}
            stroke="#15803d"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
          {median.length > 0 && (
            <Line
              data={median}
              dataKey="y"
              name={medianName}
              stroke="#64748b"
              strokeDasharray="5 4"
              strokeWidth={2}
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          )}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
