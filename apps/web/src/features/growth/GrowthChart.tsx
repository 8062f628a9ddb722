// Why: the chosen metric over time with the age group's academy median (docs/domain.md, "Screens"); Recharts loads only with this chart.
import type { GrowthMedians, GrowthMetric, GrowthMetricKey } from '@kora/contracts';
import { useIntl } from 'react-intl';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dateText, monthLabel } from '../../components/date-format';
import { useCalendar } from '../../lib/calendar';
import { useLocale } from '../../lib/i18n';
import { ageGroupLabel, formatMetric } from './format';
import { paddedRange, valueTicks } from './helpers';

interface Point {
  x: number;
  y: number;
}

const dayMs = (date: string) => Date.parse(`${date}T12:00:00Z`);
const monthOf = (x: number) => new Date(x).toISOString().slice(0, 7);

/**
 * The player's values of a metric (oldest first) and the median of each month (at mid-month), for the
 * months the player was measured in and between: one record is compared with its month's median, not
 * drawn against a year-long line.
 */
export function chartSeries(records: GrowthMetric[], medians: GrowthMedians | undefined, metric: GrowthMetricKey) {
  const player: Point[] = records
    .flatMap((r) => {
      const y = r[metric];
      return y == null ? [] : [{ x: dayMs(r.date), y }];
    })
    .sort((a, b) => a.x - b.x);
  const first = player[0] && monthOf(player[0].x);
  const last = player.at(-1) && monthOf(player.at(-1)?.x ?? 0);
  const median: Point[] = (medians?.months ?? [])
    .filter((m) => first !== undefined && last !== undefined && m.month >= first && m.month <= last)
    .flatMap((m) => {
      const y = m[metric];
      return y == null ? [] : [{ x: dayMs(`${m.month}-15`), y }];
    })
    .sort((a, b) => a.x - b.x);
  return { player, median };
}

/** One tick per month at its first day, from the first point's month to the last's, at most `most` of them (evenly thinned). */
export function monthTicks(xs: number[], most = 6): number[] {
  if (xs.length === 0) return [];
  const start = new Date(Math.min(...xs));
  const end = Math.max(...xs);
  const months: number[] = [];
  for (let d = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1); d <= end; ) {
    months.push(d);
    const n = new Date(d);
    d = Date.UTC(n.getUTCFullYear(), n.getUTCMonth() + 1, 1);
  }
  if (months.length === 0) return [Math.min(...xs)];
  const step = Math.ceil(months.length / most);
  return months.filter((_, i) => i % step === 0);
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
  const ticks = monthTicks(xs);
  // A single month still gets room on either side, so its point and its tick are not on the edge.
  const domain: [number, number] = [Math.min(...xs, ...ticks) - 10 * 86_400_000, Math.max(...xs) + 10 * 86_400_000];
  const preference = useCalendar(locale);
  const date = (x: number) => dateText(new Date(x).toISOString().slice(0, 10), locale, preference);
  const medianName = medians?.ageGroup
    ? intl.formatMessage({ id: 'growth.chartMedian' }, { group: ageGroupLabel(intl, medians.ageGroup) })
    : intl.formatMessage({ id: 'growth.chartMedianNone' });
  return (
    // The SVG is laid out left to right in both languages (the time axis is reversed for Arabic instead):
    // in an RTL block its tick labels would anchor the wrong way and be drawn across the axis.
    <div className="h-72 w-full" data-testid="growth-chart" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            type="number"
            dataKey="x"
            domain={domain}
            ticks={ticks}
            scale="time"
            reversed={rtl}
            tickFormatter={(x: number) => monthLabel(new Date(x).toISOString().slice(0, 7), locale, 'short')}
            tick={{ fontSize: 12 }}
            allowDuplicatedCategory={false}
          />
          <YAxis
            type="number"
            dataKey="y"
            domain={range}
            ticks={valueTicks(range)}
            orientation={rtl ? 'right' : 'left'}
            tickFormatter={(v: number) => formatMetric(intl, metric, v, false)}
            tick={{ fontSize: 12 }}
            width={56}
          />
          <Tooltip
            labelFormatter={(x) => date(Number(x))}
            formatter={(v) => formatMetric(intl, metric, Number(v))}
            // The chart is laid out left to right; its tooltip reads in the page's direction.
            contentStyle={{ direction: rtl ? 'rtl' : 'ltr', textAlign: 'start' }}
          />
          <Legend wrapperStyle={{ direction: rtl ? 'rtl' : 'ltr' }} content={({ payload }) => <LegendList entries={payload ?? []} />} />
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

/**
 * The chart's legend in the page's language: each line's colour and name. Recharts' own legend
 * names every icon "… legend icon" in English for screen readers.
 */
function LegendList({ entries }: { entries: readonly { value?: unknown; color?: string }[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2 text-xs text-slate-600">
      {entries.map((entry) => (
        <li key={String(entry.value)} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 rounded" style={{ backgroundColor: entry.color }} />
          {String(entry.value ?? '')}
        </li>
      ))}
    </ul>
  );
}
