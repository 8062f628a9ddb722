// Why: the family portal's one academy setting, the "can't come" cut-off (docs/domain.md, "The family
// portal": `GET`/`PUT /api/family-settings`), had an API and no screen.
import { AVAILABILITY_CUTOFF_MAX_MINUTES } from '@kora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { SettingsSection } from '../../components/SettingsSection';
import { ErrorBox } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { useErrorText } from '../../lib/errors';
import { familySettingsQuery, saveFamilySettings } from './api';

/** The cut-offs offered, in minutes before the event's start (0: until it starts). */
export const CUTOFF_CHOICES = [0, 30, 60, 120, 180, 360, 720, 1440, 2880] as const;

/** "2 hours before the event", "30 minutes before the event", "Until the event starts". */
export function cutoffText(intl: IntlShape, minutes: number) {
  if (minutes === 0) return intl.formatMessage({ id: 'familySettings.atStart' });
  if (minutes % 60 !== 0) return intl.formatMessage({ id: 'familySettings.minutesBefore' }, { count: minutes });
  return intl.formatMessage({ id: 'familySettings.hoursBefore' }, { count: minutes / 60 });
}

function CutoffForm({ current }: { current: number }) {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const auth = useAuth();
  const id = useId();
  const [value, setValue] = useState(current);
  const save = useMutation({
    mutationFn: saveFamilySettings,
    onSuccess: (saved) => {
      qc.setQueryData(familySettingsQuery.queryKey, saved);
      toast(intl.formatMessage({ id: 'familySettings.saved' }));
    },
  });
  // A value set another way (the API) stays choosable as it is.
  const choices = CUTOFF_CHOICES.some((c) => c === current) ? [...CUTOFF_CHOICES] : [...CUTOFF_CHOICES, current].sort((a, b) => a - b);
  const canWrite = auth.canWrite('Settings');
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value);
      }}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          <FormattedMessage id="familySettings.cutoff" />
        </label>
        <select
          id={id}
          className={inputClass()}
          value={value}
          disabled={!canWrite || save.isPending}
          onChange={(e) => setValue(Number(e.target.value))}
          data-testid="family-cutoff"
        >
          {choices
            .filter((c) => c <= AVAILABILITY_CUTOFF_MAX_MINUTES)
            .map((c) => (
              <option key={c} value={c}>
                {cutoffText(intl, c)}
              </option>
            ))}
        </select>
      </div>
      {canWrite && (
        <Button type="submit" loading={save.isPending} disabled={value === current}>
          <FormattedMessage id="common.save" />
        </Button>
      )}
      {save.isError && <ErrorBox>{errorText(save.error, 'familySettings.saveFailed')}</ErrorBox>}
    </form>
  );
}

/** Settings → Academy → Family portal: until when before an event parents may say their child can't come. */
export function FamilySettingsSection() {
  const settings = useQuery(familySettingsQuery);
  return (
    <SettingsSection
      title="familySettings.title"
      hint="familySettings.cutoffHint"
      query={settings}
      loadFailed="familySettings.loadFailed"
      data-testid="family-settings"
    >
      {(data) => <CutoffForm key={data.availabilityCutoffMinutes} current={data.availabilityCutoffMinutes} />}
    </SettingsSection>
  );
}
