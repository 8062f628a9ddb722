// Why: growth values and age groups read the same on the list, the records and the chart, in both languages.
import type { AgeGroup, GrowthMetricKey } from '@kora/contracts';
import type { IntlShape } from 'react-intl';
import { METRIC_UNITS, metricDecimals } from './helpers';

/** A measurement with its unit ("152.3 cm"), or a dash when not measured. */
export function formatMetric(intl: IntlShape, metric: GrowthMetricKey, value: number | null | undefined, unit = true) {
  if (value == null) return '—';
  const d = metricDecimals(metric);
  const n = intl.formatNumber(value, { minimumFractionDigits: d, maximumFractionDigits: d });
  return unit ? `${n} ${intl.formatMessage({ id: `growth.unit.${METRIC_UNITS[metric]}` })}` : n;
}

/** "U12" in English, its Arabic wording on Arabic screens. */
export const ageGroupLabel = (intl: IntlShape, group: AgeGroup) =>
  intl.formatMessage({ id: 'growth.ageGroupLabel' }, { age: Number(group.slice(1)) });

/** A change in percent to 1 decimal with its sign ("+1.3%"). */
export const formatChange = (intl: IntlShape, change: number) =>
  intl.formatNumber(change / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
