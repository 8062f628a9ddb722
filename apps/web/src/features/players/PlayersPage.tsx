import type { Player } from '@kora/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { countries } from '../../components/countries';
import { inputClass } from '../../components/Field';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/form/PageHeader';
import { ShowMore } from '../../components/ShowMore';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { ColorDot } from '../../components/TeamColor';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useListSearch } from '../../lib/list-search';
import type { MessageId } from '../../lib/message-ids';
import { usePlayers, useTeams } from '../teams/api';
import { ExportPlayersMenu } from './ExportPlayersMenu';
import { AGE_BANDS, type AgeBand, ageOf, emptyFilters, filterPlayers, type PlayerFilters, statusOf } from './helpers';
import { PlayerTeamsDialog } from './PlayerTeamsDialog';
import { StatusBadge } from './StatusBadge';

const playersRoute = getRouteApi('/app/players');
/** The values a filter of the address may take (others fall back to "All"). */
const CHOICES = { gender: ['MALE', 'FEMALE'], age: Object.keys(AGE_BANDS), condition: ['with', 'without'] } as const;

// The add form (phone, date and country controls with their metadata) loads when it is opened, not with the list.
const AddPlayerDialog = lazy(() => import('./AddPlayerDialog').then((m) => ({ default: m.AddPlayerDialog })));
const ImportPlayersDialog = lazy(() => import('./ImportPlayersDialog').then((m) => ({ default: m.ImportPlayersDialog })));

export function PlayersPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { locale } = useLocale();
  const auth = useAuth();
  const canWrite = auth.canWrite('Players');
  const canAdd = canWrite || auth.canWrite('Settings');
  const players = usePlayers();
  const teams = useTeams();
  const paged = useListSearch<PlayerFilters>(playersRoute.useSearch(), emptyFilters, CHOICES);
  // The search box keeps what is typed at once; the address follows.
  const [q, setQ] = useState(paged.filters.q);
  const f = useMemo(() => ({ ...paged.filters, q }), [paged.filters, q]);
  const [showFilters, setShowFilters] = useState(false);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [teamsFor, setTeamsFor] = useState<Player | null>(null);
  const set = (k: keyof PlayerFilters) => (v: string) => {
    if (k === 'q') setQ(v);
    paged.setFilter(k, v as PlayerFilters[typeof k]);
  };

  const list = useMemo(() => filterPlayers(players.data ?? [], f), [players.data, f]);
  const page = list.slice(0, paged.shown);
  const nationalities = useMemo(
    () => [...new Set((players.data ?? []).flatMap((p) => (p.nationality ? [p.nationality] : [])))],
    [players.data],
  );
  const neighborhoods = useMemo(
    () => [...new Set((players.data ?? []).flatMap((p) => (p.residentialNeighborhood ? [p.residentialNeighborhood] : [])))].sort(),
    [players.data],
  );
  const countryName = (code: string | null) => countries(locale).find((c) => c.code === code)?.name ?? code ?? '—';
  const activeFilters = Object.entries(f).filter(([k, v]) => k !== 'q' && v && v !== 'all').length;

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
        <span className="block text-xs text-slate-500">
          <bdi dir="ltr">{birthdate.replaceAll('-', '/')}</bdi>
        </span>
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
      className={`font-semibold text-brand-700 hover:underline ${className}`}
    >
      <FormattedMessage id="players.view" />
    </Link>
  );

  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="nav.players" />}
        actions={
          <div className="flex flex-wrap items-center gap-2">
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
          </div>
        }
      />
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <div className="flex gap-2">
          <input
            type="search"
            className={inputClass()}
            placeholder={t('players.search')}
            aria-label={t('players.search')}
            value={f.q}
            onChange={(e) => set('q')(e.target.value)}
          />
          <Button variant="outline" className="md:hidden" aria-expanded={showFilters} onClick={() => setShowFilters((s) => !s)}>
            <FormattedMessage id={showFilters ? 'players.hideFilters' : 'players.showFilters'} values={{ count: activeFilters }} />
          </Button>
        </div>
        <div className={`${showFilters ? 'grid' : 'hidden'} grid-cols-2 gap-3 md:grid md:grid-cols-6`}>
          <FilterSelect label={t('players.filter.team')} value={f.team} onChange={set('team')}>
            <option value="">{t('players.filter.all')}</option>
            {(teams.data ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {displayName(x, locale)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={t('parent.gender')} value={f.gender} onChange={set('gender')}>
            <option value="">{t('players.filter.all')}</option>
            <option value="MALE">{t('parent.male')}</option>
            <option value="FEMALE">{t('parent.female')}</option>
          </FilterSelect>
          <FilterSelect label={t('players.filter.age')} value={f.age} onChange={set('age')}>
            {(Object.keys(AGE_BANDS) as AgeBand[]).map((b) => (
              <option key={b} value={b}>
                {b === 'all' ? t('players.filter.all') : b.replace('-', '–')}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={t('players.condition')} value={f.condition} onChange={set('condition')}>
            <option value="">{t('players.filter.all')}</option>
            <option value="with">{t('players.filter.withCondition')}</option>
            <option value="without">{t('players.filter.withoutCondition')}</option>
          </FilterSelect>
          <FilterSelect label={t('parent.nationality')} value={f.nationality} onChange={set('nationality')}>
            <option value="">{t('players.filter.all')}</option>
            {nationalities.map((c) => (
              <option key={c} value={c}>
                {countryName(c)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={t('players.filter.neighborhood')} value={f.neighborhood} onChange={set('neighborhood')}>
            <option value="">{t('players.filter.all')}</option>
            {neighborhoods.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </FilterSelect>
        </div>
      </div>
      {players.isError && !players.data ? (
        <LoadError onRetry={() => players.refetch()} retrying={players.isFetching}>
          {errorText(players.error, 'players.loadFailed')}
        </LoadError>
      ) : players.isPending ? (
        <SkeletonRows rows={8} />
      ) : list.length === 0 ? (
        <EmptyState>
          <FormattedMessage id={players.data?.length ? 'players.noMatch' : 'players.empty'} />
        </EmptyState>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white">
          {/* Phones: one card per player, every field and action reachable without sideways scrolling. */}
          <ul className="divide-y divide-slate-100 md:hidden">
            {page.map((p) => (
              <li key={p.id} className="space-y-3 p-4" data-testid="player-row">
                <div className="flex items-start gap-3">
                  <Avatar name={p.name} nameArabic={p.nameArabic} src={p.avatar} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900">{displayName(p, locale)}</p>
                    {p.condition && <p className="text-xs text-amber-700">{p.condition}</p>}
                  </div>
                  <StatusBadge status={statusOf(p)} />
                </div>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500">{t('players.col.age')}</dt>
                    <dd>{age(p.birthdate)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">{t('parent.nationality')}</dt>
                    <dd>{countryName(p.nationality)}</dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="text-xs text-slate-500">{t('players.col.teams')}</dt>
                    <dd className="mt-1">{teamChips(p)}</dd>
                  </div>
                </dl>
                {viewLink(p, 'block rounded-lg border border-slate-300 px-4 py-2 text-center text-sm')}
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-sm">
              <TableHead
                columns={[
                  'players.col.player',
                  'players.col.teams',
                  'players.col.age',
                  'parent.nationality',
                  'players.col.status',
                  'players.col.actions',
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {page.map((p) => (
                  <tr key={p.id} className="hover:bg-slate-50" data-testid="player-row">
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-3">
                        <Avatar name={p.name} nameArabic={p.nameArabic} src={p.avatar} />
                        <div>
                          <p className="font-medium text-slate-900">{displayName(p, locale)}</p>
                          {p.condition && <p className="text-xs text-amber-700">{p.condition}</p>}
                        </div>
                      </div>
                    </td>
                    <td className="px-4 py-3">{teamChips(p)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{age(p.birthdate)}</td>
                    <td className="px-4 py-3">{countryName(p.nationality)}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={statusOf(p)} />
                    </td>
                    <td className="px-4 py-3">{viewLink(p, '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ShowMore shown={page.length} total={list.length} onMore={paged.showMore} />
          <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
            <FormattedMessage id="players.count" values={{ shown: list.length, total: players.data?.length ?? 0 }} />
            {' · '}
            <FormattedDate value={new Date()} dateStyle="medium" />
          </p>
        </div>
      )}
      {adding && (
        <Suspense fallback={null}>
          <AddPlayerDialog onClose={() => setAdding(false)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportPlayersDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {teamsFor && <PlayerTeamsDialog player={teamsFor} onClose={() => setTeamsFor(null)} />}
    </div>
  );
}
