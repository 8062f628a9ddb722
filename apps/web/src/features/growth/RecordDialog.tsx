// Why: add or edit one growth record with the contract's rules and the form steps and defaults of docs/domain.md, "Screens".
import {
  GROWTH_METRICS,
  type GrowthMetric,
  type GrowthMetricKey,
  growthMetricFields,
  recordOf,
  riyadhToday,
  typedNumber,
} from '@kora/contracts';
import { type DefaultValues, useFormContext } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { TextField } from '../../components/Field';
import { useDateField } from '../../components/form/FormDate';
import { FormDialog } from '../../components/form/FormDialog';
import { useFieldError, useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { useGrowthMutations } from './api';
import { DEFAULT_SLEEP, METRIC_UNITS } from './helpers';

type Values = z.input<typeof growthMetricFields>;

function defaults(record: GrowthMetric | null): DefaultValues<Values> {
  if (record) {
    const { id: _id, playerId: _p, height, weight, ...fields } = record;
    // A stored record always has both; an empty one is left for the form's own message.
    return { ...fields, height: height ?? undefined, weight: weight ?? undefined };
  }
  return {
    ...recordOf(GROWTH_METRICS, () => null),
    date: riyadhToday(),
    height: undefined,
    weight: undefined,
    sleepingHours: DEFAULT_SLEEP,
    breakfastSource: null,
  };
}

function MetricField({ metric }: { metric: GrowthMetricKey }) {
  const intl = useIntl();
  const { register } = useFormContext<Values>();
  const error = useFieldError<Values>(metric);
  const unit = intl.formatMessage({ id: `growth.unit.${METRIC_UNITS[metric]}` });
  return (
    <TextField
      label={`${intl.formatMessage({ id: `growth.metric.${metric}` })} (${unit})`}
      // Text, not type="number", so that Arabic-Indic digits can be typed (typedNumber reads them).
      inputMode="decimal"
      dir="ltr"
      error={error}
      {...register(metric, { setValueAs: (v: unknown) => (v === '' || v == null ? null : (typedNumber(v) ?? Number.NaN)) })}
    />
  );
}

export function RecordDialog({ playerId, record, onClose }: { playerId: string; record: GrowthMetric | null; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const { create, update } = useGrowthMutations();
  const form = useZodForm(growthMetricFields, { defaultValues: defaults(record) });
  const f = { ...useFields(form), ...useDateField(form) };
  const save = async (values: Values) => {
    if (record) await update.mutateAsync({ id: record.id, body: values });
    else await create.mutateAsync({ ...values, playerId });
    toast(intl.formatMessage({ id: record ? 'growth.saved' : 'growth.created' }));
    onClose();
  };
  return (
    <FormDialog
      form={form}
      onSubmit={save}
      onClose={onClose}
      title={<FormattedMessage id={record ? 'growth.editTitle' : 'growth.add'} />}
      errorFallback={record ? 'growth.updateFailed' : 'growth.saveFailed'}
      columns={2}
      wide
    >
      <f.Date name="date" label={<FormattedMessage id="growth.date" />} max={riyadhToday()} />
      <f.Select name="breakfastSource" empty={null} label={<FormattedMessage id="growth.breakfast" />}>
        <option value="">{intl.formatMessage({ id: 'growth.breakfast.none' })}</option>
        <option value="Home">{intl.formatMessage({ id: 'growth.breakfast.Home' })}</option>
        <option value="School">{intl.formatMessage({ id: 'growth.breakfast.School' })}</option>
      </f.Select>
      {GROWTH_METRICS.map((m) => (
        <MetricField key={m} metric={m} />
      ))}
    </FormDialog>
  );
}
