import { COLORS, type Color, type Team } from '@kora/contracts';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { FieldShell, inputClass, TextField } from '../../components/Field';
import { Avatar } from '../../components/Shell';
import { ErrorBox } from '../../components/States';
import { COLOR_HEX } from '../../components/TeamColor';
import { useToast } from '../../components/Toaster';
import { errorMessage } from '../../lib/api';
import { useCoaches, useTeamMutations } from './api';

interface Props {
  team: Team | null;
  canWrite: boolean;
  onSaved(team: Team): void;
  onDeleted(): void;
  onBack(): void;
}

/** Name, colour and coaches of a team; create, save and delete (with confirmation) need W:ManageTeam. */
export function TeamEditor({ team, canWrite, onSaved, onDeleted, onBack }: Props) {
  const intl = useIntl();
  const toast = useToast();
  const coaches = useCoaches();
  const { create, update, remove } = useTeamMutations();
  const [name, setName] = useState(team?.name ?? '');
  const [color, setColor] = useState<Color>((team?.color as Color) ?? 'BLUE');
  const [coachIds, setCoachIds] = useState<string[]>(team?.coaches.map((c) => c.id) ?? []);
  const [error, setError] = useState<string>();
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    setName(team?.name ?? '');
    setColor((team?.color as Color) ?? 'BLUE');
    setCoachIds(team?.coaches.map((c) => c.id) ?? []);
    setError(undefined);
  }, [team]);

  const available = (coaches.data ?? []).filter((c) => !coachIds.includes(c.id));
  const chosen = coachIds
    .map((id) => (coaches.data ?? []).find((c) => c.id === id) ?? team?.coaches.find((c) => c.id === id))
    .filter(Boolean);

  const save = async () => {
    if (!name.trim()) return setError(intl.formatMessage({ id: 'teams.nameRequired' }));
    setError(undefined);
    const body = { name, color, coachIds, playerIds: team?.players.map((p) => p.id) ?? [] };
    try {
      const saved = team ? await update.mutateAsync({ id: team.id, body }) : await create.mutateAsync(body);
      toast(intl.formatMessage({ id: team ? 'teams.saved' : 'teams.created' }, { name: saved.name }));
      onSaved(saved);
    } catch (err) {
      setError(
        team
          ? errorMessage(err, intl.formatMessage({ id: 'teams.updateFailed' }))
          : intl.formatMessage(
              { id: 'teams.createFailedWith' },
              { message: errorMessage(err, intl.formatMessage({ id: 'teams.createFailed' })) },
            ),
      );
    }
  };

  const del = async () => {
    if (!team) return;
    try {
      await remove.mutateAsync(team.id);
      setConfirm(false);
      toast(intl.formatMessage({ id: 'teams.deleted' }, { name: team.name }));
      onDeleted();
    } catch (err) {
      setError(errorMessage(err, intl.formatMessage({ id: 'teams.deleteFailed' })));
      setConfirm(false);
    }
  };

  return (
    <div className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={onBack}
          className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 md:hidden"
          aria-label={intl.formatMessage({ id: 'common.back' })}
        >
          <span className="inline-block rtl:rotate-180">←</span>
        </button>
        <h2 className="text-lg font-semibold">{team ? team.name : <FormattedMessage id="teams.new" />}</h2>
      </div>
      <TextField
        label={<FormattedMessage id="teams.name" />}
        value={name}
        onChange={(e) => setName(e.target.value)}
        disabled={!canWrite}
        maxLength={60}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">
          <FormattedMessage id="teams.color" />
        </legend>
        <div className="flex flex-wrap gap-2">
          {COLORS.map((c) => (
            <button
              key={c}
              type="button"
              disabled={!canWrite}
              onClick={() => setColor(c)}
              aria-pressed={color === c}
              title={intl.formatMessage({ id: `color.${c}` })}
              aria-label={intl.formatMessage({ id: `color.${c}` })}
              className={`size-8 rounded-full ring-1 ring-black/10 ${color === c ? 'outline-2 outline-offset-2 outline-brand-700' : ''}`}
              style={{ backgroundColor: COLOR_HEX[c] }}
            />
          ))}
        </div>
      </fieldset>
      <div className="space-y-2">
        <FieldShell id="coach-picker" label={<FormattedMessage id="teams.coaches" />}>
          {canWrite && (
            <select
              id="coach-picker"
              className={inputClass()}
              value=""
              onChange={(e) => e.target.value && setCoachIds((ids) => [...ids, e.target.value])}
              disabled={available.length === 0}
            >
              <option value="">{intl.formatMessage({ id: available.length ? 'teams.addCoach' : 'teams.noMoreCoaches' })}</option>
              {available.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        {chosen.length === 0 ? (
          <p className="text-sm text-slate-500">
            <FormattedMessage id="teams.noCoaches" />
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {chosen.map((c) => (
              <li key={c!.id} className="flex items-center gap-2 rounded-full bg-slate-100 py-1 ps-1 pe-2 text-sm">
                <Avatar name={c!.name} src={c!.avatar} size="size-6" />
                {c!.name}
                {canWrite && (
                  <button
                    type="button"
                    onClick={() => setCoachIds((ids) => ids.filter((id) => id !== c!.id))}
                    className="rounded-full px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                    aria-label={intl.formatMessage({ id: 'teams.removeCoach' }, { name: c!.name })}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {team && (
        <p className="text-sm text-slate-500">
          <FormattedMessage id="teams.playerCount" values={{ count: team.players.length }} />
        </p>
      )}
      {error && <ErrorBox>{error}</ErrorBox>}
      {canWrite && (
        <div className="flex flex-wrap justify-between gap-2">
          {team ? (
            <Button variant="outline" className="text-red-700" onClick={() => setConfirm(true)}>
              <FormattedMessage id="common.delete" />
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={save} disabled={!name.trim()} loading={create.isPending || update.isPending}>
            <FormattedMessage id={team ? 'common.save' : 'teams.create'} />
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={<FormattedMessage id="teams.deleteTitle" />}
        text={<FormattedMessage id="teams.deleteText" values={{ name: team?.name }} />}
        confirmLabel={<FormattedMessage id="common.delete" />}
        onConfirm={del}
        loading={remove.isPending}
      />
    </div>
  );
}
