import { useNavigate, useSearch } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { Avatar } from '../../components/Shell';
import { EmptyState, ErrorBox, SkeletonRows } from '../../components/States';
import { ColorDot } from '../../components/TeamColor';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useTeams } from './api';
import { TeamEditor } from './TeamEditor';

/** Manage Teams: the list, and the editor of the team in `?teamId=` or a new one with `?mode=create`. */
export function TeamsPage() {
  const intl = useIntl();
  const auth = useAuth();
  const canWrite = auth.canWrite('ManageTeam');
  const search = useSearch({ strict: false }) as { teamId?: string; mode?: 'create' };
  const navigate = useNavigate();
  const teams = useTeams();
  const selected = teams.data?.find((t) => t.id === search.teamId) ?? null;
  const editing = search.mode === 'create' || !!selected;
  const go = (s: { teamId?: string; mode?: 'create' }) => navigate({ to: '/teams', search: s });

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="nav.teams" />
        </h1>
        {canWrite && (
          <Button onClick={() => go({ mode: 'create' })}>
            <FormattedMessage id="teams.create" />
          </Button>
        )}
      </div>
      {teams.isError && <ErrorBox>{errorMessage(teams.error, intl.formatMessage({ id: 'teams.loadFailed' }))}</ErrorBox>}
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section className={editing ? 'hidden md:block' : ''} aria-label={intl.formatMessage({ id: 'nav.teams' })}>
          {teams.isPending ? (
            <SkeletonRows />
          ) : teams.data?.length === 0 ? (
            <EmptyState>
              <FormattedMessage id="teams.empty" />
            </EmptyState>
          ) : (
            <ul className="space-y-2">
              {teams.data?.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    onClick={() => go({ teamId: t.id })}
                    aria-current={t.id === selected?.id ? 'true' : undefined}
                    className={`flex w-full items-center gap-3 rounded-xl border bg-white px-4 py-3 text-start hover:border-brand-300 ${t.id === selected?.id ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'}`}
                  >
                    <ColorDot color={t.color} className="size-4" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{t.name}</span>
                      <span className="text-xs text-slate-500">
                        <FormattedMessage id="teams.playerCount" values={{ count: t.players.length }} />
                      </span>
                    </span>
                    {t.coaches.length === 0 ? (
                      <span className="text-xs text-slate-400">
                        <FormattedMessage id="teams.noCoaches" />
                      </span>
                    ) : (
                      <span className="flex -space-x-2 rtl:space-x-reverse">
                        {t.coaches.slice(0, 3).map((c) => (
                          <span key={c.id} title={c.name} className="rounded-full ring-2 ring-white">
                            <Avatar name={c.name} src={c.avatar} size="size-7" />
                          </span>
                        ))}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={editing ? '' : 'hidden md:block'}>
          {editing ? (
            <TeamEditor
              key={selected?.id ?? 'new'}
              team={selected}
              canWrite={canWrite}
              onSaved={(t) => go({ teamId: t.id })}
              onDeleted={() => go({})}
              onBack={() => go({})}
            />
          ) : (
            <EmptyState>
              <FormattedMessage id="teams.select" />
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}
