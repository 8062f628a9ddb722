import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AvatarStack } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/form/PageHeader';
import { ListBody } from '../../components/ListScreen';
import { EmptyState, SkeletonRows } from '../../components/States';
import { ColorDot } from '../../components/TeamColor';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { useTeams } from './api';

// The editor (its form, schemas and pickers) loads when a team is opened, not with the list.
const TeamEditor = lazy(() => import('./TeamEditor').then((m) => ({ default: m.TeamEditor })));

const teamsRoute = getRouteApi('/app/teams');

/** Manage Teams: the list, and the editor of the team in `?teamId=` or a new one with `?mode=create`. */
export function TeamsPage() {
  const intl = useIntl();
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
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section className={editing ? 'hidden md:block' : ''} aria-label={intl.formatMessage({ id: 'nav.teams' })}>
          <ListBody
            query={teams}
            texts="teams"
            rows={teams.data ?? []}
            testId="team-row"
            skeletonRows={5}
            cardClassName=""
            card={(t) => (
              <button
                type="button"
                onClick={() => go({ teamId: t.id })}
                aria-current={t.id === selected?.id ? 'true' : undefined}
                className={`flex w-full items-center gap-3 px-4 py-3 text-start hover:bg-slate-50 ${t.id === selected?.id ? 'bg-brand-50 ring-1 ring-brand-600 ring-inset' : ''}`}
              >
                <ColorDot color={t.color} className="size-4" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{displayName(t, locale)}</span>
                  <span className="text-xs text-slate-500">
                    <FormattedMessage id="teams.playerCount" values={{ count: t.players.length }} />
                  </span>
                </span>
                {t.coaches.length === 0 ? (
                  <span className="text-xs text-slate-500">
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
            )}
          />
        </section>
        <section className={editing ? '' : 'hidden md:block'}>
          {editing ? (
            <Suspense fallback={<SkeletonRows rows={6} />}>
              <TeamEditor
                key={selected?.id ?? 'new'}
                team={selected}
                canWrite={canWrite}
                onSaved={(t) => go({ teamId: t.id })}
                onDeleted={() => go({})}
                onBack={() => go({})}
              />
            </Suspense>
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
