import { COACH_TYPES, type Coach } from '@kora/contracts';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { Avatar } from '../../components/Shell';
import { EmptyState, ErrorBox, SkeletonRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { ColorDot } from '../../components/TeamColor';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useCoaches, useTeams } from '../teams/api';
import { CoachDialog } from './CoachDialog';

/** Coaches table page size (spec part 2 §9). */
export const COACHES_PAGE_SIZE = 10;

export function CoachesPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const auth = useAuth();
  const canWrite = auth.canWrite('Coaches');
  const coaches = useCoaches();
  const teams = useTeams();
  const [q, setQ] = useState('');
  const [team, setTeam] = useState('');
  const [position, setPosition] = useState('');
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<{ coach: Coach | null } | null>(null);
  // A changed filter starts again at the first page.
  const filterBy = (set: (v: string) => void, value: string) => {
    set(value);
    setPage(0);
  };

  const list = useMemo(
    () =>
      (coaches.data ?? []).filter(
        (c) =>
          (!q.trim() || c.name.toLowerCase().includes(q.trim().toLowerCase())) &&
          (!team || c.teamsCoaching.some((x) => x.id === team)) &&
          (!position || c.coachType === position),
      ),
    [coaches.data, q, team, position],
  );
  const pages = Math.max(1, Math.ceil(list.length / COACHES_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = list.slice(current * COACHES_PAGE_SIZE, (current + 1) * COACHES_PAGE_SIZE);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="nav.coaches" />
        </h1>
        {canWrite && (
          <Button onClick={() => setDialog({ coach: null })}>
            <FormattedMessage id="coaches.add" />
          </Button>
        )}
      </div>
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <input
          type="search"
          className={inputClass()}
          placeholder={t('coaches.search')}
          aria-label={t('coaches.search')}
          value={q}
          onChange={(e) => filterBy(setQ, e.target.value)}
        />
        <select
          className={inputClass()}
          aria-label={t('players.filter.team')}
          value={team}
          onChange={(e) => filterBy(setTeam, e.target.value)}
        >
          <option value="">{t('coaches.allTeams')}</option>
          {(teams.data ?? []).map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
        <select
          className={inputClass()}
          aria-label={t('coaches.position')}
          value={position}
          onChange={(e) => filterBy(setPosition, e.target.value)}
        >
          <option value="">{t('coaches.allPositions')}</option>
          {COACH_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`coachType.${c}`)}
            </option>
          ))}
        </select>
      </div>
      {coaches.isError && <ErrorBox>{errorMessage(coaches.error, t('coaches.loadFailed'))}</ErrorBox>}
      {coaches.isPending ? (
        <SkeletonRows />
      ) : list.length === 0 ? (
        <EmptyState>
          <FormattedMessage id={coaches.data?.length ? 'coaches.noMatch' : 'coaches.empty'} />
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[600px] text-sm">
            <TableHead columns={['coaches.col.coach', 'coaches.teams', 'coaches.position', 'players.col.actions']} />
            <tbody className="divide-y divide-slate-100">
              {shown.map((c) => (
                <tr key={c.id}>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <Avatar name={c.name} src={c.avatar} />
                      <div>
                        <p className="font-medium">{c.name}</p>
                        {c.email && (
                          <p className="text-xs text-slate-500" dir="ltr">
                            {c.email}
                          </p>
                        )}
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-1.5">
                      {c.teamsCoaching.length === 0 && <span className="text-slate-400">—</span>}
                      {c.teamsCoaching.map((x) => (
                        <span key={x.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs">
                          <ColorDot color={x.color} className="size-2" />
                          {x.name}
                        </span>
                      ))}
                    </div>
                  </td>
                  <td className="px-4 py-3">{c.coachType ? t(`coachType.${c.coachType}`) : '—'}</td>
                  <td className="px-4 py-3">
                    {canWrite && (
                      <button
                        type="button"
                        className="font-semibold text-brand-700 hover:underline"
                        onClick={() => setDialog({ coach: c })}
                      >
                        <FormattedMessage id="common.edit" />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            <div className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-sm">
              <Button variant="ghost" disabled={current === 0} onClick={() => setPage(current - 1)}>
                <FormattedMessage id="common.previous" />
              </Button>
              <span>
                <FormattedMessage id="common.pageOf" values={{ page: current + 1, pages }} />
              </span>
              <Button variant="ghost" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
                <FormattedMessage id="common.next" />
              </Button>
            </div>
          )}
        </div>
      )}
      {dialog && <CoachDialog coach={dialog.coach} onClose={() => setDialog(null)} />}
    </div>
  );
}
