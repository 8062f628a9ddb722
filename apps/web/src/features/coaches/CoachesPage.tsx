import { COACH_TYPES, type Coach } from '@kora/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { DialogLoading } from '../../components/DialogLoading';
import { FilterSelect } from '../../components/FilterSelect';
import { CardFields, ListScreen, ROW_ACTION_CLASS } from '../../components/ListScreen';
import { ColorDot } from '../../components/TeamColor';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { useListSearch } from '../../lib/list-search';
import type { MessageId } from '../../lib/message-ids';
import { TeamFilter } from '../players/Filters';
import { useCoaches, useTeams } from '../teams/api';

const CoachDialog = lazy(() => import('./CoachDialog').then((m) => ({ default: m.CoachDialog })));

/** Coaches table page size (docs/domain.md, "Screens"). */
export const COACHES_PAGE_SIZE = 10;
const COACH_FILTERS = { q: '', team: '', position: '' };
const CHOICES = { position: COACH_TYPES };

export function CoachesPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { locale } = useLocale();
  const auth = useAuth();
  const canWrite = auth.canWrite('Coaches');
  const coaches = useCoaches();
  const teams = useTeams();
  const paged = useListSearch(COACH_FILTERS, CHOICES, COACHES_PAGE_SIZE);
  const { q, team, position } = paged.filters;
  const [dialog, setDialog] = useState<{ coach: Coach | null } | null>(null);

  const list = useMemo(() => {
    const words = q.trim().toLowerCase();
    return (coaches.data ?? []).filter(
      (c) =>
        (!words || c.name.toLowerCase().includes(words) || (c.nameArabic ?? '').includes(q.trim())) &&
        (!team || c.teamsCoaching.some((x) => x.id === team)) &&
        (!position || c.coachType === position),
    );
  }, [coaches.data, q, team, position]);

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
      {c.teamsCoaching.length === 0 && <span className="text-slate-500">—</span>}
      {c.teamsCoaching.map((x) => (
        <span key={x.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs">
          <ColorDot color={x.color} className="size-2" />
          {displayName(x, locale)}
        </span>
      ))}
    </div>
  );
  const editButton = (c: Coach, className: string) => (
    <button type="button" data-testid="row-action" className={`${ROW_ACTION_CLASS} ${className}`} onClick={() => setDialog({ coach: c })}>
      <FormattedMessage id="common.edit" />
    </button>
  );

  const positionOf = (c: Coach) => (c.coachType ? t(`coachType.${c.coachType}`) : '—');

  return (
    <ListScreen
      title={<FormattedMessage id="nav.coaches" />}
      actions={
        canWrite && (
          <Button onClick={() => setDialog({ coach: null })}>
            <FormattedMessage id="coaches.add" />
          </Button>
        )
      }
      search={{ label: 'coaches.search', value: q, onChange: (v) => paged.setFilter('q', v) }}
      activeFilters={paged.active}
      filters={
        <>
          <TeamFilter teams={teams.data ?? []} value={team} onChange={(v) => paged.setFilter('team', v)} all="coaches.allTeams" />
          <FilterSelect
            label={t('coaches.position')}
            value={position}
            onChange={(v) => paged.setFilter('position', v)}
            all={t('coaches.allPositions')}
            options={COACH_TYPES.map((c) => ({ value: c, label: t(`coachType.${c}`) }))}
          />
        </>
      }
      query={coaches}
      texts="coaches"
      rows={list}
      testId="coach-row"
      paging={paged}
      skeletonRows={5}
      card={(c) => (
        <>
          <div className="flex items-start gap-3">
            {who(c)}
            {canWrite && editButton(c, 'shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm')}
          </div>
          <CardFields
            fields={[
              { label: 'coaches.teams', value: teamChips(c), wide: true },
              { label: 'coaches.position', value: positionOf(c) },
            ]}
          />
        </>
      )}
      columns={[
        { header: 'coaches.col.coach', className: 'min-w-56', cell: (c) => <div className="flex items-center gap-3">{who(c)}</div> },
        { header: 'coaches.teams', cell: teamChips },
        { header: 'coaches.position', cell: positionOf },
        { header: 'players.col.actions', cell: (c) => canWrite && editButton(c, '') },
      ]}
    >
      {dialog && (
        <Suspense fallback={<DialogLoading />}>
          <CoachDialog coach={dialog.coach} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </ListScreen>
  );
}
