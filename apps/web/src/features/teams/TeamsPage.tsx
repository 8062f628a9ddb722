import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { AvatarStack } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/form/PageHeader';
import { EmptyState, ErrorBox, SkeletonRows } from '../../components/States';
import { ColorDot } from '../../components/TeamColor';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useTeams } from './api';
import { TeamEditor } from './TeamEditor';

const teamsRoute = getRouteApi('/app/teams');

/** Manage Teams: the list, and the editor of the team in `?teamId=` or a new one with `?mode=create`. */
export function TeamsPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const { locale } = useLocale();
  const auth = useAuth();
  const canWrite = auth.canWrite('ManageTeam');
  const search = teamsRoute.useSearch();
  const navigate = useNavigate();
  const teams = useTeams();
  const selected = teams.data?.find((t) => t.id === search.teamId) ?? null;
  const editing = search.mode === 'create' || !!selected;
  const go = (s: { teamId?: string; mode?: 'create' }) => navigate({ to: '/teams', search: s });

  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="nav.teams" />}
        actions={
          canWrite && (
            <Button onClick={() => go({ mode: 'create' })}>
              <FormattedMessage id="teams.create" />
            </Button>
          )
        }
      />
      {teams.isError && <ErrorBox>{errorText(teams.error, 'teams.loadFailed')}</ErrorBox>}
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
                      <span className="block truncate font-medium">{displayName(t, locale)}</span>
                      <span className="text-xs text-slate-500">
                        <FormattedMessage id="teams.playerCount" values={{ count: t.players.length }} />
                      </span>
                    </span>
                    {t.coaches.length === 0 ? (
                      <span className="text-xs text-slate-400">
                        <FormattedMessage id="teams.noCoaches" />
                      </span>
                    ) : (
                      <AvatarStack
                        people={t.coaches}
                        size="size-8"
                        announce={false}
                        label={t.coaches.map((c) => displayName(c, locale)).join(intl.formatMessage({ id: 'events.listSeparator' }))}
                      />
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
