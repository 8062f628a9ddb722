// Why: the schedule's one dialog to plan, move and cancel events, series included
// (docs/domain.md, "Events, attendance and session accounting").
import {
  addDaysIso,
  addYears,
  daysBetween,
  EVENT_DEFAULTS,
  EVENT_TYPES,
  type Event,
  type EventScope,
  eventCreateBodySchema,
  MAX_REPEAT_WEEKS,
  riyadhToday,
  type Team,
} from '@kora/contracts';
import { useId, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { FieldShell, inputClass } from '../../components/Field';
import { useDateField } from '../../components/form/FormDate';
import { FormDialog } from '../../components/form/FormDialog';
import { useFieldError, useFields } from '../../components/form/fields';
import { type Choice, useMultiPicker } from '../../components/form/MultiPicker';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useCoaches, useTeams } from '../teams/api';
import { useEventMutations } from './api';
import { ExpectedPlayers } from './CantCome';
import { useTimeField } from './TimeField';

/** What the dialog opens on: a new event (prefilled with a team and a day), or an existing one. */
export type EventTarget = { kind: 'create'; date: string; teamId?: string } | { kind: 'edit'; event: Event };

type Values = z.input<typeof eventCreateBodySchema>;
type Parsed = z.output<typeof eventCreateBodySchema>;

/**
 * A new event: the defaults (a training, 09:00–10:00; docs/domain.md, "Events, attendance and session accounting"),
 * on the chosen day, for the chosen team and its coaches.
 */
export function defaultValues(target: EventTarget, teams: Team[] = []): Values {
  if (target.kind === 'edit') {
    const e = target.event;
    return {
      type: e.type,
      date: e.date,
      time: e.time,
      endTime: e.endTime,
      field: e.field,
      teamIds: e.teams.map((t) => t.id),
      coachIds: e.coaches.map((c) => c.id),
      repeat: null,
    };
  }
  const team = teams.find((t) => t.id === target.teamId);
  return {
    ...EVENT_DEFAULTS,
    date: target.date,
    field: '',
    teamIds: team ? [team.id] : [],
    coachIds: team?.coaches.map((c) => c.id) ?? [],
    repeat: null,
  };
}

/** A training has exactly one team: one select. A match may have several: the multi-picker. */
function TeamsField({ teams, known, onTeamAdded }: { teams: Team[]; known?: Choice[]; onTeamAdded(id: string): void }) {
  const { MultiPicker } = useMultiPicker(useFormContext<Values>());
  const type = useWatch<Values, 'type'>({ name: 'type' });
  if (type === 'MATCH')
    return (
      <div className="col-span-full">
        <MultiPicker
          name="teamIds"
          label={<FormattedMessage id="schedule.teams" />}
          choices={teams}
          known={known}
          addLabel="schedule.addTeam"
          noneLeftLabel="schedule.noMoreTeams"
          emptyLabel="schedule.matchHint"
          onAdd={onTeamAdded}
        />
      </div>
    );
  return <SingleTeam teams={teams} onTeamAdded={onTeamAdded} />;
}

function SingleTeam({ teams, onTeamAdded }: { teams: Team[]; onTeamAdded(id: string): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const id = useId();
  const error = useFieldError<Values>('teamIds');
  return (
    <Controller
      name="teamIds"
      render={({ field }) => (
        <div className="col-span-full">
          <FieldShell id={id} label={<FormattedMessage id="schedule.team" />} error={error}>
            <select
              id={id}
              ref={field.ref}
              className={`${inputClass(error)} h-9.5 py-0!`}
              value={field.value?.[0] ?? ''}
              aria-invalid={!!error || undefined}
              onChange={(e) => {
                field.onChange(e.target.value ? [e.target.value] : []);
                if (e.target.value) onTeamAdded(e.target.value);
              }}
              onBlur={field.onBlur}
            >
              <option value="">{intl.formatMessage({ id: 'schedule.chooseTeam' })}</option>
              {teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {displayName(t, locale)}
                </option>
              ))}
            </select>
          </FieldShell>
        </div>
      )}
    />
  );
}

/** "Repeat weekly until" (new events only): at most 52 weeks after the first date, with the number of events it makes. */
function RepeatField() {
  const form = useFormContext<Values>();
  const { setValue } = form;
  const f = useDateField(form);
  const [date, repeat] = useWatch<Values, ['date', 'repeat']>({ name: ['date', 'repeat'] });
  const id = useId();
  const weeks = repeat?.until && date ? Math.floor(daysBetween(date, repeat.until) / 7) : -1;
  return (
    <div className="col-span-full space-y-3 rounded-xl border border-slate-200 p-3">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={!!repeat}
          onChange={(e) =>
            setValue('repeat', e.target.checked ? { until: addDaysIso(date, 7 * 7) } : null, { shouldValidate: true, shouldDirty: true })
          }
        />
        <FormattedMessage id="schedule.repeat" />
      </label>
      {repeat && (
        <>
          <f.Date
            name="repeat.until"
            label={<FormattedMessage id="schedule.repeatUntil" />}
            min={date}
            max={addDaysIso(date, MAX_REPEAT_WEEKS * 7)}
          />
          <p className="text-xs text-slate-500">
            <FormattedMessage id="schedule.repeatHint" values={{ weeks: MAX_REPEAT_WEEKS }} />{' '}
            {weeks >= 0 && weeks <= MAX_REPEAT_WEEKS && (
              <strong className="text-slate-700">
                <FormattedMessage id="schedule.repeatCount" values={{ count: weeks + 1 }} />
              </strong>
            )}
          </p>
        </>
      )}
    </div>
  );
}

/** For an event of a series: this one only, or this one and the later ones. */
function ScopeField({ scope, onChange }: { scope: EventScope; onChange(scope: EventScope): void }) {
  const name = useId();
  return (
    <fieldset className="col-span-full rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">
        <FormattedMessage id="schedule.scope" />
      </legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {(['this', 'following'] as const).map((s) => (
          <label key={s} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name={name} className="size-4 accent-brand-700" checked={scope === s} onChange={() => onChange(s)} />
            <FormattedMessage id={`schedule.scope.${s}`} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function EventDialog({ target, onClose }: { target: EventTarget; onClose(): void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const toast = useToast();
  const teams = useTeams();
  const coaches = useCoaches();
  const { create, update, remove } = useEventMutations();
  const event = target.kind === 'edit' ? target.event : null;
  const form = useZodForm(eventCreateBodySchema, { defaultValues: defaultValues(target, teams.data) });
  const f = { ...useFields(form), ...useDateField(form), ...useTimeField(form), ...useMultiPicker(form) };
  const [scope, setScope] = useState<EventScope>('this');
  const [confirm, setConfirm] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const today = riyadhToday();
  const teamList = teams.data ?? [];

  // A new event for a team takes that team's coaches, unless coaches were already chosen.
  const teamAdded = (id: string) => {
    if (event || (form.getValues('coachIds')?.length ?? 0) > 0) return;
    const team = teamList.find((t) => t.id === id);
    if (team?.coaches.length)
      form.setValue(
        'coachIds',
        team.coaches.map((c) => c.id),
        { shouldDirty: true },
      );
  };
  const typeChanged = (type: string | null) => {
    // Back to a training: it keeps its first team only.
    const ids = form.getValues('teamIds') ?? [];
    if (type !== 'MATCH' && ids.length > 1) form.setValue('teamIds', ids.slice(0, 1), { shouldValidate: true });
  };

  const save = async ({ repeat, ...body }: Parsed) => {
    if (!event) {
      await create.mutateAsync(repeat ? { ...body, repeat } : body);
      const count = repeat ? Math.floor(daysBetween(body.date, repeat.until) / 7) + 1 : 1;
      toast(intl.formatMessage({ id: count > 1 ? 'schedule.createdSeries' : 'schedule.created' }, { count }));
    } else {
      await update.mutateAsync({ id: event.id, scope: event.seriesId ? scope : 'this', body });
      toast(intl.formatMessage({ id: 'schedule.saved' }));
    }
    onClose();
  };

  const del = async () => {
    if (!event) return;
    setDeleteError(undefined);
    try {
      const { eventsDeleted } = await remove.mutateAsync({ id: event.id, scope: event.seriesId ? scope : 'this' });
      setConfirm(false);
      // The server's count: "this and following" may take many events.
      toast(intl.formatMessage({ id: 'schedule.deleted' }, { count: eventsDeleted }));
      onClose();
    } catch (err) {
      setDeleteError(errorText(err, 'errors.schedule.delete_failed'));
    }
  };

  const series = !!event?.seriesId;
  const following = series && scope === 'following';
  return (
    <>
      <FormDialog
        form={form}
        onSubmit={save}
        onClose={onClose}
        wide
        columns={2}
        title={<FormattedMessage id={event ? 'schedule.editTitle' : 'schedule.newTitle'} />}
        errorFallback={
          !event ? 'errors.schedule.create_failed' : following ? 'errors.schedule.save_failed' : 'errors.schedule.update_failed'
        }
        submitLabel={<FormattedMessage id={event ? 'common.save' : 'schedule.create'} />}
        actions={
          event && (
            <Button variant="danger" onClick={() => setConfirm(true)}>
              <FormattedMessage id="common.delete" />
            </Button>
          )
        }
      >
        <f.Select name="type" label={<FormattedMessage id="schedule.type" />} onValueChange={typeChanged}>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {intl.formatMessage({ id: `event.${t}` })}
            </option>
          ))}
        </f.Select>
        <f.Date name="date" label={<FormattedMessage id="schedule.date" />} min={addYears(today, -1)} max={addYears(today, 2)} />
        {/* Start and end side by side, on phones too. */}
        <div className="col-span-full grid grid-cols-2 gap-4">
          <f.Time name="time" label={<FormattedMessage id="schedule.start" />} />
          <f.Time name="endTime" label={<FormattedMessage id="schedule.end" />} />
        </div>
        <div className="col-span-full">
          <f.Text name="field" label={<FormattedMessage id="schedule.field" />} maxLength={100} />
        </div>
        <TeamsField teams={teamList} known={event?.teams} onTeamAdded={teamAdded} />
        <div className="col-span-full">
          <f.MultiPicker
            name="coachIds"
            label={<FormattedMessage id="schedule.coaches" />}
            choices={coaches.data ?? []}
            known={event?.coaches}
            addLabel="schedule.addCoach"
            noneLeftLabel="schedule.noMoreCoaches"
            emptyLabel="schedule.noCoaches"
          />
          {coaches.isError && <p className="mt-1 text-sm text-red-600">{errorText(coaches.error, 'coaches.loadFailed')}</p>}
        </div>
        {event && event.participants.length > 0 && (
          <div className="col-span-full">
            <ExpectedPlayers event={event} />
          </div>
        )}
        {!event && <RepeatField />}
        {series && <ScopeField scope={scope} onChange={setScope} />}
      </FormDialog>
      <ConfirmDialog
        open={confirm}
        onOpenChange={(o) => {
          setConfirm(o);
          setDeleteError(undefined);
        }}
        title={<FormattedMessage id="schedule.deleteTitle" />}
        text={<FormattedMessage id={following ? 'schedule.deleteFollowingText' : 'schedule.deleteText'} />}
        confirmLabel={<FormattedMessage id={following ? 'schedule.deleteFollowing' : 'schedule.delete'} />}
        onConfirm={del}
        loading={remove.isPending}
        error={deleteError}
      />
    </>
  );
}
