import { COACH_TYPES, type Coach } from '@kora/contracts';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { PageHeader } from '../../components/form/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { ColorDot } from '../../components/TeamColor';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { useCoaches, useTeams } from '../teams/api';
import { CoachDialog } from './CoachDialog';

/** Coaches table page size (spec part 2 §9). */
export const COACHES_PAGE_SIZE = 10;

export function CoachesPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { locale } = useLocale();
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

  // The cells of a coach, shared by the phone cards and the desktop table.
  const who = (c: Coach) => (
    <>
      <Avatar name={displayName(c, locale)} src={c.avatar} />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{displayName(c, locale)}</p>
        {c.email && (
          <p className="truncate text-xs text-slate-500">
            <bdi dir="ltr">{c.email}</bdi>
          </p>
        )}
      </div>
    </>
  );
  const teamChips = (c: Coach) => (
    <div className="flex flex-wrap gap-1.5">
      {c.teamsCoaching.length === 0 && <span className="text-slate-400">—</span>}
      {c.teamsCoaching.map((x) => (
        <span key={x.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs">
          <ColorDot color={x.color} className="size-2" />
          {displayName(x, locale)}
        </span>
      ))}
    </div>
  );
  const editButton = (c: Coach, className: string) => (
    <button
      type="button"
      data-testid="row-action"
      className={`font-semibold text-brand-700 hover:underline ${className}`}
      onClick={() => setDialog({ coach: c })}
    >
      <FormattedMessage id="common.edit" />
    </button>
  );

  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="nav.coaches" />}
        actions={
          canWrite && (
            <Button onClick={() => setDialog({ coach: null })}>
              <FormattedMessage id="coaches.add" />
            </Button>
          )
        }
      />
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
              {displayName(x, locale)}
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
      {coaches.isError && !coaches.data ? (
        <LoadError onRetry={() => coaches.refetch()} retrying={coaches.isFetching}>
          {errorText(coaches.error, 'coaches.loadFailed')}
        </LoadError>
      ) : coaches.isPending ? (
        <SkeletonRows />
      ) : list.length === 0 ? (
        <EmptyState>
          <FormattedMessage id={coaches.data?.length ? 'coaches.noMatch' : 'coaches.empty'} />
        </EmptyState>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white">
          {/* Phones: one card per coach, the Edit action reachable without sideways scrolling. */}
          <ul className="divide-y divide-slate-100 md:hidden">
            {shown.map((c) => (
              <li key={c.id} className="space-y-3 p-4" data-testid="coach-row">
                <div className="flex items-start gap-3">
                  {who(c)}
                  {canWrite && editButton(c, 'shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm')}
                </div>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  <div className="col-span-2">
                    <dt className="text-xs text-slate-500">{t('coaches.teams')}</dt>
                    <dd className="mt-1">{teamChips(c)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">{t('coaches.position')}</dt>
                    <dd>{c.coachType ? t(`coachType.${c.coachType}`) : '—'}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-sm">
              <TableHead columns={['coaches.col.coach', 'coaches.teams', 'coaches.position', 'players.col.actions']} />
              <tbody className="divide-y divide-slate-100">
                {shown.map((c) => (
                  <tr key={c.id} data-testid="coach-row">
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-3">{who(c)}</div>
                    </td>
                    <td className="px-4 py-3">{teamChips(c)}</td>
                    <td className="px-4 py-3">{c.coachType ? t(`coachType.${c.coachType}`) : '—'}</td>
                    <td className="px-4 py-3">{canWrite && editButton(c, '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
