// Why: every record with the change of each measurement to the previous record, better in green and worse in red
// (docs/domain.md, "Screens").
import { GROWTH_METRICS, type GrowthMetric, type GrowthMetricKey } from '@kora/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { ROW_ACTION_CLASS } from '../../components/ListScreen';
import { PlanDate } from '../../components/PlanDate';
import { formatChange, formatMetric } from './format';
import { changeDirection, changePercent } from './helpers';

const TONE = { better: 'text-green-700', worse: 'text-red-600', same: 'text-slate-500' } as const;

function Change({ metric, previous, current }: { metric: GrowthMetricKey; previous?: GrowthMetric; current: GrowthMetric }) {
  const intl = useIntl();
  const change = changePercent(previous?.[metric], current[metric]);
  if (change === null) return null;
  const direction = changeDirection(metric, change);
  return (
    <span
      className={`block text-xs font-medium ${TONE[direction]}`}
      data-testid="growth-change"
      data-direction={direction}
      title={intl.formatMessage({ id: 'growth.change' })}
    >
      <bdi dir="ltr">{formatChange(intl, change)}</bdi>
      {direction !== 'same' && <span className="sr-only"> {intl.formatMessage({ id: `growth.${direction}` })}</span>}
    </span>
  );
}

/** Records oldest first in `records`; shown newest first, each compared with the one before it. */
export function RecordsTable({
  records,
  onEdit,
  onDelete,
}: {
  records: GrowthMetric[];
  onEdit?(record: GrowthMetric): void;
  onDelete?(record: GrowthMetric): void;
}) {
  const intl = useIntl();
  const rows = records.map((r, i) => ({ record: r, previous: records[i - 1] })).reverse();
  const date = (r: GrowthMetric) => <PlanDate iso={r.date} />;
  const actions = (r: GrowthMetric) =>
    (onEdit || onDelete) && (
      <div className="flex gap-3">
        {onEdit && (
          <button type="button" className={ROW_ACTION_CLASS} onClick={() => onEdit(r)}>
            <FormattedMessage id="growth.edit" />
          </button>
        )}
        {onDelete && (
          <button type="button" className="font-semibold text-red-600 hover:underline" onClick={() => onDelete(r)}>
            <FormattedMessage id="growth.delete" />
          </button>
        )}
      </div>
    );
  return (
    <div className="rounded-2xl border border-slate-200 bg-white">
      {/* Phones: one card per record. */}
      <ul className="divide-y divide-slate-100 md:hidden">
        {rows.map(({ record, previous }) => (
          <li key={record.id} className="space-y-3 p-4" data-testid="growth-record">
            <div className="flex items-center justify-between gap-3">
              <p className="font-medium text-slate-900">{date(record)}</p>
              {actions(record)}
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              {GROWTH_METRICS.map((m) => (
                <div key={m}>
                  <dt className="text-xs text-slate-500">{intl.formatMessage({ id: `growth.metric.${m}` })}</dt>
                  <dd>
                    <bdi>{formatMetric(intl, m, record[m])}</bdi>
                    <Change metric={m} previous={previous} current={record} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-t-[inherit] md:block">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-3 text-start font-semibold">
                <FormattedMessage id="growth.col.date" />
              </th>
              {GROWTH_METRICS.map((m) => (
                <th key={m} scope="col" className="px-3 py-3 text-start font-semibold">
                  <FormattedMessage id={`growth.metric.${m}`} />
                </th>
              ))}
              {(onEdit || onDelete) && (
                <th scope="col" className="px-3 py-3 text-start font-semibold">
                  <FormattedMessage id="growth.col.actions" />
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(({ record, previous }) => (
              <tr key={record.id} className="hover:bg-slate-50" data-testid="growth-record">
                <td className="px-3 py-3 whitespace-nowrap">{date(record)}</td>
                {GROWTH_METRICS.map((m) => (
                  <td key={m} className="px-3 py-3 whitespace-nowrap">
                    <bdi>{formatMetric(intl, m, record[m])}</bdi>
                    <Change metric={m} previous={previous} current={record} />
                  </td>
                ))}
                {(onEdit || onDelete) && <td className="px-3 py-3">{actions(record)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
