// Why: the academy decides which packages renew themselves with a parent's saved card, when a declined
// renewal is tried again and how long the child keeps training meanwhile (docs/domain.md, "Automatic
// renewals and retries"), and the sibling prices every payment applies; `GET`/`PUT /api/collections/settings` had no screen.
import { type CollectionSettings, collectionSettingsBody, INSTALMENT_GRANTS, type InstalmentGrant } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { FieldShell, inputClass } from '../../components/Field';
import { fieldErrorText } from '../../components/form/errors';
import { Form } from '../../components/form/Form';
import { useFieldError } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { SettingsSection } from '../../components/SettingsSection';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { collectionSettingsQuery, useSaveCollectionSettings } from './api';
import { SiblingPrices } from './SiblingPrices';

/** At most this many tries (the contract's bound). */
const MAX_TRIES = 6;

function SettingsForm({ settings, canWrite }: { settings: CollectionSettings; canWrite: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const { locale } = useLocale();
  const save = useSaveCollectionSettings();
  const graceId = useId();
  const qualifying = settings.packages.filter((p) => p.instalmentsQualify);
  const form = useZodForm(collectionSettingsBody, {
    defaultValues: {
      retryDays: settings.retryDays,
      graceDays: settings.graceDays,
      autoRenewPackageIds: settings.packages.filter((p) => p.autoRenew).map((p) => p.id),
      siblingDiscounts: settings.siblingDiscounts,
      // Instalments (docs/domain.md, "Instalments"): each package of 3, 6 or 12 months, off or with its grant.
      instalmentPackages: qualifying.length ? qualifying.map((p) => ({ id: p.id, grant: p.instalments })) : undefined,
    },
  });
  const plans = useWatch({ control: form.control, name: 'instalmentPackages' }) ?? [];
  const setPlan = (id: string, grant: InstalmentGrant | null) =>
    form.setValue(
      'instalmentPackages',
      plans.map((x) => (x.id === id ? { id, grant } : x)),
      { shouldDirty: true },
    );
  const days = useWatch({ control: form.control, name: 'retryDays' }) ?? [];
  const chosen = useWatch({ control: form.control, name: 'autoRenewPackageIds' }) ?? [];
  // The schedule's own rule (in order) or a day's (a number from 0 to 30): one message under the tries.
  const { errors } = useFormState({ control: form.control, name: 'retryDays' });
  const daysError = fieldErrorText(
    intl,
    [errors.retryDays, ...(Array.isArray(errors.retryDays) ? errors.retryDays : [])].find((e) => e?.message),
  );
  const graceError = useFieldError('graceDays', form.control);
  const setDays = (next: number[]) => form.setValue('retryDays', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const toggle = (id: string, on: boolean) =>
    form.setValue('autoRenewPackageIds', on ? [...chosen, id] : chosen.filter((c) => c !== id), { shouldDirty: true });
  return (
    <Form
      form={form}
      errorFallback="collections.settings.saveFailed"
      onSubmit={async (values) => {
        // The saved answer replaces the query's data, whose new time remounts this form with it (the section's key).
        await save.mutateAsync(values);
        toast(intl.formatMessage({ id: 'collections.settings.saved' }));
      }}
      className="space-y-5"
      data-testid="renewal-settings-form"
    >
      <fieldset className="space-y-2" disabled={!canWrite}>
        <legend className="text-sm font-medium text-slate-700">
          <FormattedMessage id="collections.settings.tries" />
        </legend>
        <p className="text-xs text-slate-500">
          <FormattedMessage id="collections.settings.triesHint" />
        </p>
        <ol className="flex flex-wrap gap-2">
          {days.map((day, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a try is its place in the schedule
            <li key={i} className="flex items-center gap-1 rounded-lg border border-slate-200 bg-slate-50 px-2 py-1">
              <label className="flex items-center gap-1 text-sm text-slate-700">
                <FormattedMessage id="collections.settings.tryDay" values={{ n: i + 1 }} />
                <input
                  type="number"
                  min={0}
                  max={30}
                  inputMode="numeric"
                  className={`${inputClass(daysError)} w-16! py-1! text-center`}
                  value={Number.isFinite(day) ? day : ''}
                  onChange={(e) => setDays(days.map((d, j) => (j === i ? e.target.valueAsNumber : d)))}
                  data-testid="retry-day"
                />
              </label>
              {days.length > 1 && canWrite && (
                <button
                  type="button"
                  className="rounded px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                  aria-label={intl.formatMessage({ id: 'collections.settings.removeTry' }, { n: i + 1 })}
                  onClick={() => setDays(days.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
          {days.length < MAX_TRIES && canWrite && (
            <li>
              <Button
                variant="ghost"
                onClick={() => setDays([...days, Math.min(30, (days[days.length - 1] ?? -1) + 2)])}
                data-testid="retry-add"
              >
                <FormattedMessage id="collections.settings.addTry" />
              </Button>
            </li>
          )}
        </ol>
        {daysError && (
          <p role="alert" className="text-sm text-red-600">
            {daysError}
          </p>
        )}
      </fieldset>

      <div className="max-w-xs">
        <FieldShell id={graceId} label={<FormattedMessage id="collections.settings.grace" />} error={graceError}>
          <input
            id={graceId}
            type="number"
            min={0}
            max={60}
            inputMode="numeric"
            disabled={!canWrite}
            className={inputClass(graceError)}
            {...form.register('graceDays', { valueAsNumber: true })}
          />
        </FieldShell>
        <p className="mt-1 text-xs text-slate-500">
          <FormattedMessage id="collections.settings.graceHint" />
        </p>
      </div>

      <fieldset className="space-y-2" disabled={!canWrite}>
        <legend className="text-sm font-medium text-slate-700">
          <FormattedMessage id="collections.settings.packages" />
        </legend>
        {settings.packages.length === 0 ? (
          <p className="text-sm text-slate-500">
            <FormattedMessage id="collections.settings.noPackages" />
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {settings.packages.map((p) => (
              <li key={p.id} className="flex items-start gap-3 px-3 py-2">
                <input
                  id={`renew-${p.id}`}
                  type="checkbox"
                  className="mt-0.5 size-4 accent-brand-600"
                  checked={chosen.includes(p.id)}
                  disabled={!p.timeBased}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                  data-testid="renew-package"
                />
                <label htmlFor={`renew-${p.id}`} className="min-w-0 flex-1 text-sm">
                  <span className="block font-medium break-words text-slate-900">{displayName(p, locale)}</span>
                  {!p.timeBased && (
                    <span className="block text-xs text-slate-500">
                      <FormattedMessage id="collections.settings.sessionBased" />
                    </span>
                  )}
                </label>
                {p.instalmentsQualify && (
                  <label className="flex shrink-0 flex-col gap-1 text-xs text-slate-600">
                    <FormattedMessage id="collections.settings.instalments" />
                    <select
                      className={`${inputClass(undefined)} py-1!`}
                      value={plans.find((x) => x.id === p.id)?.grant ?? 'off'}
                      onChange={(e) => setPlan(p.id, INSTALMENT_GRANTS.find((g) => g === e.target.value) ?? null)}
                      data-testid="instalments-package"
                    >
                      {(['off', ...INSTALMENT_GRANTS] as const).map((g) => (
                        <option key={g} value={g}>
                          {intl.formatMessage({ id: `collections.settings.instalments.${g}` })}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <SiblingPrices form={form} canWrite={canWrite} />

      {canWrite && (
        <div className="flex justify-end">
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
            <FormattedMessage id="common.save" />
          </Button>
        </div>
      )}
    </Form>
  );
}

/** Settings → Packages → Automatic renewals (with the sibling prices). */
export function RenewalSettingsSection() {
  const auth = useAuth();
  const settings = useQuery(collectionSettingsQuery);
  return (
    <SettingsSection
      title="collections.settings.title"
      hint="collections.settings.hint"
      query={settings}
      loadFailed="collections.settings.loadFailed"
      skeletonRows={3}
      data-testid="renewal-settings"
    >
      {(data) => <SettingsForm key={settings.dataUpdatedAt} settings={data} canWrite={auth.canWrite('Settings')} />}
    </SettingsSection>
  );
}
