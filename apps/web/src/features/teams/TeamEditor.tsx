import { COLORS, type Team, teamBodySchema } from '@kora/contracts';
import { useState } from 'react';
import { Controller, useFormState } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { Form } from '../../components/form/Form';
import { useFields } from '../../components/form/fields';
import { useMultiPicker } from '../../components/form/MultiPicker';
import { useZodForm } from '../../components/form/useZodForm';
import { COLOR_HEX } from '../../components/TeamColor';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useCoaches, usePlayers, useTeamMutations } from './api';

interface Props {
  team: Team | null;
  canWrite: boolean;
  onSaved(team: Team): void;
  onDeleted(): void;
  onBack(): void;
}

type TeamForm = z.output<typeof teamBodySchema>;
const valuesOf = (team: Team | null) => ({
  name: team?.name ?? '',
  nameArabic: team?.nameArabic ?? '',
  color: team?.color ?? 'BLUE',
  coachIds: team?.coaches.map((c) => c.id) ?? [],
  playerIds: team?.players.map((p) => p.id) ?? [],
});

/** Name, colour, coaches and players of a team; create, save and delete (with confirmation) need W:ManageTeam. */
export function TeamEditor({ team, canWrite, onSaved, onDeleted, onBack }: Props) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const coaches = useCoaches();
  const players = usePlayers();
  const { create, update, remove } = useTeamMutations();
  const [confirm, setConfirm] = useState(false);
  const form = useZodForm(teamBodySchema, { defaultValues: valuesOf(team), disabled: !canWrite });
  const f = { ...useFields(form), ...useMultiPicker(form) };
  const { isSubmitting } = useFormState({ control: form.control });
  const name = form.watch('name');

  const save = async (body: TeamForm) => {
    const saved = team ? await update.mutateAsync({ id: team.id, body }) : await create.mutateAsync(body);
    toast(intl.formatMessage({ id: team ? 'teams.saved' : 'teams.created' }, { name: displayName(saved, locale) }));
    form.reset(valuesOf(saved));
    onSaved(saved);
  };

  const del = async () => {
    if (!team) return;
    try {
      await remove.mutateAsync(team.id);
      setConfirm(false);
      toast(intl.formatMessage({ id: 'teams.deleted' }, { name: displayName(team, locale) }));
      onDeleted();
    } catch (err) {
      form.setError('root.server', { type: 'server', message: errorText(err, 'teams.deleteFailed') });
      setConfirm(false);
    }
  };

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="mb-5 flex items-center gap-2">
        <button
          type="button"
          onClick={onBack}
          className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 md:hidden"
          aria-label={intl.formatMessage({ id: 'common.back' })}
        >
          <span className="inline-block rtl:rotate-180">←</span>
        </button>
        <h2 className="min-w-0 truncate text-lg font-semibold">{team ? displayName(team, locale) : <FormattedMessage id="teams.new" />}</h2>
      </div>
      <Form
        form={form}
        onSubmit={save}
        errorFallback={team ? 'teams.updateFailed' : 'teams.createFailed'}
        describeError={
          team
            ? undefined
            : (err) => intl.formatMessage({ id: 'teams.createFailedWith' }, { message: errorText(err, 'teams.createFailed') })
        }
        className="space-y-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <f.Text name="name" label={<FormattedMessage id="teams.name" />} maxLength={60} />
          <f.Text name="nameArabic" label={<FormattedMessage id="teams.nameArabic" />} maxLength={100} dir="rtl" />
        </div>
        <Controller
          name="color"
          control={form.control}
          render={({ field }) => (
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
                    onClick={() => field.onChange(c)}
                    aria-pressed={field.value === c}
                    title={intl.formatMessage({ id: `color.${c}` })}
                    aria-label={intl.formatMessage({ id: `color.${c}` })}
                    className={`size-8 rounded-full ring-1 ring-black/10 ${field.value === c ? 'outline-2 outline-offset-2 outline-brand-700' : ''}`}
                    style={{ backgroundColor: COLOR_HEX[c] }}
                  />
                ))}
              </div>
            </fieldset>
          )}
        />
        <f.MultiPicker
          name="coachIds"
          label={<FormattedMessage id="teams.coaches" />}
          choices={coaches.data ?? []}
          known={team?.coaches}
          readOnly={!canWrite}
          addLabel="teams.addCoach"
          noneLeftLabel="teams.noMoreCoaches"
          emptyLabel="teams.noCoaches"
        />
        <f.MultiPicker
          name="playerIds"
          label={<FormattedMessage id="teams.players" />}
          choices={players.data ?? []}
          known={team?.players}
          readOnly={!canWrite}
          addLabel="teams.addPlayer"
          noneLeftLabel="teams.noMorePlayers"
          emptyLabel="teams.noPlayers"
        />
        {canWrite && (
          <div className="flex flex-wrap justify-between gap-2">
            {team ? (
              <Button variant="danger" onClick={() => setConfirm(true)}>
                <FormattedMessage id="common.delete" />
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={!name?.trim()} loading={isSubmitting}>
              <FormattedMessage id={team ? 'common.save' : 'teams.create'} />
            </Button>
          </div>
        )}
      </Form>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={<FormattedMessage id="teams.deleteTitle" />}
        text={<FormattedMessage id="teams.deleteText" values={{ name: team ? displayName(team, locale) : '' }} />}
        confirmLabel={<FormattedMessage id="common.delete" />}
        onConfirm={del}
        loading={remove.isPending}
      />
    </div>
  );
}
