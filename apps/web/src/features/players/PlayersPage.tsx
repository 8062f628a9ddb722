import type { Player } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { countries } from '../../components/countries';
import { DialogLoading } from '../../components/DialogLoading';
import { todayIso } from '../../components/date-format';
import { FilterSelect } from '../../components/FilterSelect';
import { CardFields, ListScreen, ROW_ACTION_CLASS } from '../../components/ListScreen';
import { PlanDate } from '../../components/PlanDate';
import { ColorDot } from '../../components/TeamColor';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { initialLocale, loadCatalog, useLocale } from '../../lib/i18n';
import { useListSearch } from '../../lib/list-search';
import type { MessageId } from '../../lib/message-ids';
import { usePlayers, useTeams } from '../teams/api';
import { unconfirmedGuardiansQuery } from './api';
import { ExportPlayersMenu } from './ExportPlayersMenu';
import { FamilyJoinsPanel } from './FamilyJoinsPanel';
import { AgeBandFilter, ConditionFilter, TeamFilter } from './Filters';
import { AGE_BANDS, ageOf, emptyFilters, filterPlayers, type PlayerFilters, statusOf } from './helpers';
import { MedicalNote } from './MedicalNote';
import { StatusBadge } from './StatusBadge';

/** The values a filter of the address may take (others fall back to "All"). */
const CHOICES = { gender: ['MALE', 'FEMALE'], age: Object.keys(AGE_BANDS), condition: ['with', 'without'] } as const;

// The add form (phone, date and country controls with their metadata) loads when it is opened, not with the list.
const AddPlayerDialog = lazy(() => import('./AddPlayerDialog').then((m) => ({ default: m.AddPlayerDialog })));
// The import dialog's words are the catalogs' `tools` part (locales/parts.ts): loaded with its code, not by the shell.
const ImportPlayersDialog = lazy(() =>
  Promise.all([import('./ImportPlayersDialog'), loadCatalog(initialLocale(), ['tools']).catch(() => undefined)]).then(([m]) => ({
    default: m.ImportPlayersDialog,
  })),
);
const PlayerTeamsDialog = lazy(() => import('./PlayerTeamsDialog').then((m) => ({ default: m.PlayerTeamsDialog })));

export function PlayersPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { locale } = useLocale();
  const auth = useAuth();
  const canWrite = auth.canWrite('Players');
  const canAdd = canWrite || auth.canWrite('Settings');
  const players = usePlayers();
  // Asked once the list is in, so it never delays the rows: a guardian who has not confirmed is marked on the row.
  const guardians = useQuery({ ...unconfirmedGuardiansQuery, enabled: players.isSuccess });
  const unconfirmed = useMemo(() => new Set(guardians.data?.playerIds), [guardians.data]);
  const teams = useTeams();
  const paged = useListSearch<PlayerFilters>(emptyFilters, CHOICES);
  const f = paged.filters;
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [teamsFor, setTeamsFor] = useState<Player | null>(null);
  const set = (k: keyof PlayerFilters) => (v: string) => paged.setFilter(k, v);

  const list = useMemo(() => filterPlayers(players.data ?? [], f), [players.data, f]);
  const nationalities = useMemo(
    () => [...new Set((players.data ?? []).flatMap((p) => (p.nationality ? [p.nationality] : [])))],
    [players.data],
  );
  const neighborhoods = useMemo(
    () => [...new Set((players.data ?? []).flatMap((p) => (p.residentialNeighborhood ? [p.residentialNeighborhood] : [])))].sort(),
    [players.data],
  );
  const countryName = (code: string | null) => countries(locale).find((c) => c.code === code)?.name ?? code ?? '—';

  // The cells of a player, shared by the phone cards and the desktop table.
  const teamChips = (p: Player) => (
    <div className="flex flex-wrap items-center gap-1.5">
      {p.teamsPlaying.map((x) => (
        <span key={x.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs">
          <ColorDot color={x.color} className="size-2" />
          {displayName(x, locale)}
        </span>
      ))}
      {canWrite && (
        <button
          type="button"
          onClick={() => setTeamsFor(p)}
          className="rounded-full border border-dashed border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-brand-600 hover:text-brand-700"
        >
          <FormattedMessage id="players.addToTeam" />
        </button>
      )}
    </div>
  );
  const age = (birthdate: string | null) =>
    birthdate ? (
      <>
        <FormattedMessage id="players.years" values={{ age: ageOf(birthdate) }} />
        <PlanDate iso={birthdate} stacked className="text-xs text-slate-500" hijriClassName="" />
      </>
    ) : (
      '—'
    );
  const viewLink = (p: Player, className: string) => (
    <Link
      to="/players/$playerId"
      params={{ playerId: p.id }}
      search={{ playerId: p.id }}
      data-testid="row-action"
      aria-label={`${t('players.view')} – ${displayName(p, locale)}`}
      className={`${ROW_ACTION_CLASS} ${className}`}
    >
      <FormattedMessage id="players.view" />
    </Link>
  );

  const who = (p: Player) => (
    <>
      <Avatar name={p.name} nameArabic={p.nameArabic} src={p.avatar} />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{displayName(p, locale)}</p>
        <MedicalNote player={p} className="text-xs text-amber-700" />
        {unconfirmed.has(p.id) && (
          <p className="text-xs text-amber-700" data-testid="guardian-unconfirmed">
            <FormattedMessage id="players.guardianUnconfirmed" />
          </p>
        )}
      </div>
    </>
  );

  return (
    <ListScreen
      title={<FormattedMessage id="nav.players" />}
      actions={
        <>
          <Link
            to="/players/announcements"
            className="inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            data-testid="players-announcements"
          >
            <FormattedMessage id="announcements.open" />
          </Link>
          <ExportPlayersMenu />
          {canWrite && (
            <Button variant="outline" onClick={() => setImporting(true)}>
              <FormattedMessage id="playerImport.open" />
            </Button>
          )}
          {canAdd && (
            <Button onClick={() => setAdding(true)}>
              <FormattedMessage id="players.add" />
            </Button>
          )}
        </>
      }
      toolbar={<FamilyJoinsPanel />}
      search={{ label: 'players.search', value: f.q, onChange: set('q') }}
      activeFilters={paged.active}
      filters={
        <>
          <TeamFilter teams={teams.data ?? []} value={f.team} onChange={set('team')} />
          <FilterSelect label={t('parent.gender')} value={f.gender} onChange={set('gender')}>
            <option value="">{t('players.filter.all')}</option>
            <option value="MALE">{t('parent.male')}</option>
            <option value="FEMALE">{t('parent.female')}</option>
          </FilterSelect>
          <AgeBandFilter value={f.age} onChange={set('age')} />
          <ConditionFilter value={f.condition} onChange={set('condition')} />
          <FilterSelect
            label={t('parent.nationality')}
            value={f.nationality}
            onChange={set('nationality')}
            all={t('players.filter.all')}
            options={nationalities.map((c) => ({ value: c, label: countryName(c) }))}
          />
          <FilterSelect
            label={t('players.filter.neighborhood')}
            value={f.neighborhood}
            onChange={set('neighborhood')}
            all={t('players.filter.all')}
            options={neighborhoods.map((n) => ({ value: n, label: n }))}
          />
        </>
      }
      query={players}
      texts="players"
      rows={list}
      testId="player-row"
      paging={paged}
      card={(p) => (
        <>
          <div className="flex items-start gap-3">
            {who(p)}
            <StatusBadge status={statusOf(p)} />
          </div>
          <CardFields
            fields={[
              { label: 'players.col.age', value: age(p.birthdate) },
              { label: 'parent.nationality', value: countryName(p.nationality) },
              { label: 'players.col.teams', value: teamChips(p), wide: true },
            ]}
          />
          {viewLink(p, 'block rounded-lg border border-slate-300 px-4 py-2 text-center text-sm')}
        </>
      )}
      columns={[
        {
          header: 'players.col.player',
          className: 'min-w-56',
          cell: (p) => <div className="flex items-center gap-3">{who(p)}</div>,
        },
        { header: 'players.col.teams', className: 'min-w-40', cell: teamChips },
        { header: 'players.col.age', className: 'whitespace-nowrap', cell: (p) => age(p.birthdate) },
        { header: 'parent.nationality', cell: (p) => countryName(p.nationality) },
        { header: 'players.col.status', cell: (p) => <StatusBadge status={statusOf(p)} /> },
        { header: 'players.col.actions', className: 'whitespace-nowrap', cell: (p) => viewLink(p, '') },
      ]}
      footer={
        <>
          <FormattedMessage id="players.count" values={{ shown: list.length, total: players.data?.length ?? 0 }} />
          {' · '}
          <PlanDate iso={todayIso()} />
        </>
      }
    >
      {adding && (
        <Suspense fallback={<DialogLoading />}>
          <AddPlayerDialog onClose={() => setAdding(false)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={<DialogLoading />}>
          <ImportPlayersDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {teamsFor && (
        <Suspense fallback={<DialogLoading />}>
          <PlayerTeamsDialog player={teamsFor} onClose={() => setTeamsFor(null)} />
        </Suspense>
      )}
    </ListScreen>
  );
}
