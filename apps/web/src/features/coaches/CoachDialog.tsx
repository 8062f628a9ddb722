import { COACH_TYPES, type Coach } from '@kora/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FieldShell, inputClass, TextField } from '../../components/Field';
import { ErrorBox } from '../../components/States';
import { ColorDot } from '../../components/TeamColor';
import { useToast } from '../../components/Toaster';
import { errorMessage } from '../../lib/api';
import { useTeams } from '../teams/api';
import { useCoachMutations } from './api';

/** Add or edit a coach: name and position required; an e-mail (new coaches only) creates a login whose password is shown once. */
export function CoachDialog({ coach, onClose }: { coach: Coach | null; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const teams = useTeams();
  const { create, update } = useCoachMutations();
  const [name, setName] = useState(coach?.name ?? '');
  const [coachType, setCoachType] = useState<string>(coach?.coachType ?? '');
  const [email, setEmail] = useState('');
  const [teamIds, setTeamIds] = useState<string[]>(coach?.teamsCoaching.map((t) => t.id) ?? []);
  const [error, setError] = useState<string>();
  const [password, setPassword] = useState<string>();
  const [copied, setCopied] = useState(false);

  const save = async () => {
    setError(undefined);
    try {
      if (coach) {
        await update.mutateAsync({ id: coach.id, body: { name, coachType, teamIds } });
        toast(intl.formatMessage({ id: 'coaches.saved' }, { name }));
        onClose();
      } else {
        const res = await create.mutateAsync({ name, coachType, teamIds, ...(email ? { email } : {}) });
        toast(intl.formatMessage({ id: 'coaches.added' }, { name }));
        if (res.password) setPassword(res.password);
        else onClose();
      }
    } catch (err) {
      setError(errorMessage(err, intl.formatMessage({ id: 'coaches.saveFailed' })));
    }
  };

  if (password) {
    return (
      <Dialog open onOpenChange={(o) => !o && onClose()} title={<FormattedMessage id="coaches.loginCreated" />}>
        <p className="text-sm text-slate-600">
          <FormattedMessage id="coaches.passwordOnce" values={{ email: <strong dir="ltr">{email}</strong> }} />
        </p>
        <div className="mt-4 flex items-center gap-2 rounded-xl bg-slate-100 p-3">
          <code className="flex-1 text-lg font-semibold tracking-wider" dir="ltr" data-testid="coach-password">
            {password}
          </code>
          <Button
            variant="outline"
            onClick={async () => {
              await navigator.clipboard?.writeText(password).catch(() => undefined);
              setCopied(true);
            }}
          >
            <FormattedMessage id={copied ? 'coaches.copied' : 'coaches.copy'} />
          </Button>
        </div>
        <div className="mt-5 flex justify-end">
          <Button onClick={onClose}>
            <FormattedMessage id="coaches.done" />
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={<FormattedMessage id={coach ? 'coaches.editTitle' : 'coaches.addTitle'} />}>
      <div className="space-y-4">
        <TextField label={<FormattedMessage id="coaches.name" />} value={name} onChange={(e) => setName(e.target.value)} required />
        <FieldShell id="coach-type" label={<FormattedMessage id="coaches.position" />}>
          <select id="coach-type" className={inputClass()} value={coachType} onChange={(e) => setCoachType(e.target.value)}>
            <option value="">{intl.formatMessage({ id: 'coaches.choosePosition' })}</option>
            {COACH_TYPES.map((c) => (
              <option key={c} value={c}>
                {intl.formatMessage({ id: `coachType.${c}` })}
              </option>
            ))}
          </select>
        </FieldShell>
        {!coach && (
          <TextField
            label={<FormattedMessage id="coaches.email" />}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            hint={<FormattedMessage id="coaches.emailHint" />}
          />
        )}
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">
            <FormattedMessage id="coaches.teams" />
          </legend>
          <div className="flex max-h-44 flex-wrap gap-2 overflow-y-auto">
            {(teams.data ?? []).map((t) => {
              const on = teamIds.includes(t.id);
              return (
                <button
                  key={t.id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setTeamIds((ids) => (on ? ids.filter((id) => id !== t.id) : [...ids, t.id]))}
                  className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${on ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-600'}`}
                >
                  <ColorDot color={t.color} className="size-2.5" />
                  {t.name}
                </button>
              );
            })}
          </div>
        </fieldset>
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button onClick={save} disabled={!name.trim() || !coachType} loading={create.isPending || update.isPending}>
            <FormattedMessage id="common.save" />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
