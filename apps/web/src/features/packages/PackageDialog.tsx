// Why: add or edit a package over the contract's rules with the defaults and trial behaviour of docs/domain.md, "Packages".
import {
  isOneOf,
  keysOf,
  PACKAGE_MAX_MONTHS,
  PACKAGE_MAX_PRICE,
  PACKAGE_MAX_SESSIONS,
  PACKAGE_MAX_SKIP_LIMIT,
  PACKAGE_TRIAL_MAX_DAYS,
  PACKAGE_TRIAL_MIN_DAYS,
  PACKAGE_TYPES,
  type Package,
  packageBody,
} from '@kora/contracts';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextField } from '../../components/Field';
import { FormDialog } from '../../components/form/FormDialog';
import { useFieldError, useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { usePackageMutations } from './api';
import { numberValue, type PackageValues, packageFormValues, trialAllowed, trialChange, typeChange } from './rules';

type NumberName = 'price' | 'monthsNumber' | 'sessionsCount' | 'skipLimit' | 'trialDays';

// A text field, not type="number": browsers leave a number input empty when Arabic-Indic digits are typed.
function NumberField({ name, label, step = 1 }: { name: NumberName; label: ReactNode; min: number; max: number; step?: number }) {
  const { register } = useFormContext<PackageValues>();
  const error = useFieldError<PackageValues>(name);
  return (
    <TextField
      label={label}
      inputMode={step < 1 ? 'decimal' : 'numeric'}
      dir="ltr"
      error={error}
      {...register(name, { setValueAs: numberValue })}
    />
  );
}

/** A checkbox bound to the form, with its hint or error beneath. */
function FormCheck({
  name,
  label,
  hint,
  disabled,
  onChecked,
}: {
  name: 'hasTrial' | 'allowPause' | 'isActive';
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  onChecked?(checked: boolean): void;
}) {
  const { register } = useFormContext<PackageValues>();
  const error = useFieldError<PackageValues>(name);
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-3 py-1 text-sm font-medium text-slate-700 has-disabled:text-slate-400">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          disabled={disabled}
          aria-invalid={!!error || undefined}
          {...register(name, { onChange: (e) => onChecked?.(e.target.checked) })}
        />
        {label}
      </label>
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Create (`pkg` null) or edit a package. */
export function PackageDialog({ pkg, onClose }: { pkg: Package | null; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const { create, update } = usePackageMutations();
  const form = useZodForm(packageBody, { defaultValues: packageFormValues(pkg) });
  const f = useFields(form);
  const type = form.watch('packageType');
  const hasTrial = form.watch('hasTrial');
  const name = form.watch('name');

  const patch = (values: Partial<PackageValues>) => {
    for (const key of keysOf(values)) form.setValue(key, values[key], { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  return (
    <FormDialog
      form={form}
      onSubmit={async (body) => {
        const saved = pkg ? await update.mutateAsync({ id: pkg.id, body }) : await create.mutateAsync(body);
        toast(intl.formatMessage({ id: pkg ? 'packages.saved' : 'packages.created' }, { name: saved.name }));
        onClose();
      }}
      onClose={onClose}
      errorFallback={pkg ? 'packages.updateFailed' : 'packages.createFailed'}
      title={<FormattedMessage id={pkg ? 'packages.edit' : 'packages.add'} />}
      submitDisabled={!name?.trim()}
      columns={2}
      wide
    >
      <f.Text name="name" label={<FormattedMessage id="packages.name" />} required autoFocus />
      <f.Text name="nameArabic" label={<FormattedMessage id="packages.nameArabic" />} dir="rtl" />
      <NumberField name="price" label={<FormattedMessage id="packages.price" />} min={0} max={PACKAGE_MAX_PRICE} step={0.01} />
      <f.Select
        name="packageType"
        label={<FormattedMessage id="packages.type" />}
        onValueChange={(value) => {
          if (value !== null && isOneOf(PACKAGE_TYPES, value)) patch(typeChange(form.getValues(), value));
        }}
      >
        <option value="TIME_BASED">{intl.formatMessage({ id: 'packages.type.TIME_BASED' })}</option>
        <option value="SESSION_BASED">{intl.formatMessage({ id: 'packages.type.SESSION_BASED' })}</option>
      </f.Select>
      {type === 'SESSION_BASED' ? (
        <NumberField
          key="sessionsCount"
          name="sessionsCount"
          label={<FormattedMessage id="packages.sessions" />}
          min={1}
          max={PACKAGE_MAX_SESSIONS}
        />
      ) : (
        <NumberField
          key="monthsNumber"
          name="monthsNumber"
          label={<FormattedMessage id="packages.months" />}
          min={1}
          max={PACKAGE_MAX_MONTHS}
        />
      )}
      <NumberField name="skipLimit" label={<FormattedMessage id="packages.skipLimit" />} min={0} max={PACKAGE_MAX_SKIP_LIMIT} />
      <FormCheck
        name="hasTrial"
        label={<FormattedMessage id="packages.trial" />}
        hint={trialAllowed(type) ? undefined : <FormattedMessage id="packages.trialHint" />}
        disabled={!trialAllowed(type)}
        onChecked={(checked) => patch(trialChange(checked))}
      />
      {hasTrial && trialAllowed(type) && (
        <NumberField
          name="trialDays"
          label={<FormattedMessage id="packages.trialDays" />}
          min={PACKAGE_TRIAL_MIN_DAYS}
          max={PACKAGE_TRIAL_MAX_DAYS}
        />
      )}
      <div className="col-span-full flex flex-wrap gap-x-6">
        <FormCheck name="allowPause" label={<FormattedMessage id="packages.allowPause" />} />
        <FormCheck name="isActive" label={<FormattedMessage id="packages.active" />} />
      </div>
      <f.TextArea name="description" label={<FormattedMessage id="packages.description" />} dir="auto" />
      <f.TextArea name="descriptionArabic" label={<FormattedMessage id="packages.descriptionArabic" />} dir="rtl" />
    </FormDialog>
  );
}
