import { canReadSensitive, PARTICIPANT_STATUSES, type ParticipantStatus, type Participation, riyadhToday } from '@kora/contracts';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Fragment, lazy, type ReactNode, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { countries } from '../../components/countries';
import { ConfirmDialog } from '../../components/Dialog';
import { DialogLoading } from '../../components/DialogLoading';
import { PlanDate, PlanDateText } from '../../components/PlanDate';
import { ShowMore } from '../../components/ShowMore';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { ColorDot } from '../../components/TeamColor';
import { useToast } from '../../components/Toaster';
import { useWideScreen } from '../../components/use-wide-screen';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { formatPhone } from '../../lib/format-phone';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { WrittenText } from '../../lib/text-language';
import { useParticipations, usePlayer, usePlayerMutations, useSessions } from './api';
import { ageOf, attendanceSummary, eventsPage, membershipOf, sessionBar } from './helpers';
import { StatusBadge } from './StatusBadge';

const EditPlayerDialog = lazy(() => import('./EditPlayerDialog').then((m) => ({ default: m.EditPlayerDialog })));
const PlayerPrivacy = lazy(() => import('./PlayerPrivacy').then((m) => ({ default: m.PlayerPrivacy })));
const PlayerConsents = lazy(() => import('./PlayerConsents').then((m) => ({ default: m.PlayerConsents })));
// The parent's WhatsApp opt-in (and a paper one recorded) loads with its own texts, not with the page.
const ParentWhatsappOptIn = lazy(() => import('../messages-staff/ParentWhatsappOptIn').then((m) => ({ default: m.ParentWhatsappOptIn })));

const playerRoute = getRouteApi('/app/players/$playerId');
/** How many of a player's past, and of their coming, events show before "Show more". */
const EVENTS_PAGE = 10;

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children || '—'}</dd>
    </div>
  );
}

/** Phone numbers and dates read left to right in Arabic too; nothing shows the dash. */
const ltr = (value: string | null | undefined) => (value ? <span dir="ltr">{value}</span> : null);
/** A day in the calendars the user prefers (lib/calendar.ts), nothing when there is none. */
const day = (iso: string | null | undefined, stacked?: boolean) => (iso ? <PlanDate iso={iso} stacked={stacked} /> : null);
const phone = (value: string | null | undefined) => ltr(formatPhone(value));

const BAR: Record<string, string> = { green: 'bg-green-500', yellow: 'bg-yellow-400', red: 'bg-red-500' };

export function PlayerDetailPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { locale } = useLocale();
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const { playerId } = playerRoute.useParams();
  const player = usePlayer(playerId);
  const participations = useParticipations(playerId);
  const sessions = useSessions(playerId);
  const { remove, setStatus } = usePlayerMutations();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const [statusError, setStatusError] = useState<Record<string, string>>({});
  const [futureAttended, setFutureAttended] = useState<Participation | null>(null);
  const [pastShown, setPastShown] = useState(EVENTS_PAGE);
  const [futureShown, setFutureShown] = useState(EVENTS_PAGE);
  const wide = useWideScreen();
  const today = riyadhToday();
  const canWrite = auth.canWrite('Players');

  if (player.isPending) return <SkeletonRows rows={6} />;
  if (player.isError || !player.data) {
    // 404 (or an id of another academy, or no id at all: 400): a way back to the list. Anything else can be tried again.
    const missing = player.error instanceof ApiError && (player.error.status === 404 || player.error.status === 400);
    return missing || !player.isError ? (
      <EmptyState>
        <p className="text-base font-medium text-slate-700">
          <FormattedMessage id="players.notFound" />
        </p>
        <Link
          to="/players"
          className="mt-4 inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <FormattedMessage id="players.backToList" />
        </Link>
      </EmptyState>
    ) : (
      <LoadError onRetry={() => player.refetch()} retrying={player.isFetching}>
        {errorText(player.error, 'players.loadFailed')}
      </LoadError>
    );
  }
  const p = player.data;
  const name = displayName(p, locale);
  const parent = p.parents[0];
  const membership = membershipOf(p);
  const summary = attendanceSummary((participations.data ?? []).map((x) => x.status));
  const bar = sessions.data ? sessionBar(sessions.data.sessionsLeft, sessions.data.totalSessions) : null;

  const timeRange = (x: Participation) => (
    <span dir="ltr">
      {x.event.time}
      {x.event.endTime ? `–${x.event.endTime}` : ''}
    </span>
  );
  const changeStatus = async (x: Participation, status: ParticipantStatus) => {
    setStatusError((s) => ({ ...s, [x.id]: '' }));
    try {
      await setStatus.mutateAsync({ eventId: x.event.id, userId: p.id, status });
    } catch (err) {
      setStatusError((s) => ({ ...s, [x.id]: errorText(err, 'players.statusFailed') }));
    }
  };
  // History first (the latest on top), then what is still to come (the soonest first); each part shows a
  // page and "Show more" (a year of weekly trainings is ~50 rows: 9,000 px on a phone).
  const page = eventsPage(participations.data ?? [], today, pastShown, futureShown);
  const events = page.rows;
  const firstUpcoming = page.firstUpcoming?.id;
  const lastPast = page.lastPast?.id;
  const morePast = page.pastTotal > pastShown && (
    <ShowMore shown={pastShown} total={page.pastTotal} pageSize={EVENTS_PAGE} onMore={() => setPastShown((n) => n + EVENTS_PAGE)} />
  );
  const moreFuture = page.futureTotal > futureShown && (
    <ShowMore shown={futureShown} total={page.futureTotal} pageSize={EVENTS_PAGE} onMore={() => setFutureShown((n) => n + EVENTS_PAGE)} />
  );
  const upcomingHeading = (x: Participation) => x.id === firstUpcoming && <FormattedMessage id="players.upcoming" />;
  // With write permission a selector (its failure shown beneath), else the status as text.
  const statusCell = (x: Participation) =>
    canWrite ? (
      <div>
        <select
          aria-label={t('players.status')}
          data-testid="row-action"
          className="rounded-lg border border-slate-300 bg-white px-2 py-1"
          value={x.status}
          onChange={(e) => {
            const status = PARTICIPANT_STATUSES.find((v) => v === e.target.value);
            if (!status) return;
            // Attending an event that has not happened spends a session: it is asked first.
            if (status === 'ATTENDED' && x.event.date > today) setFutureAttended(x);
            else void changeStatus(x, status);
          }}
        >
          {PARTICIPANT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`attendance.${s}`)}
            </option>
          ))}
        </select>
        {statusError[x.id] && (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {statusError[x.id]}
          </p>
        )}
      </div>
    ) : (
      t(`attendance.${x.status}`)
    );

  const del = async () => {
    try {
      await remove.mutateAsync(p.id);
      toast(intl.formatMessage({ id: 'players.deleted' }, { name }));
      await navigate({ to: '/players' });
    } catch (err) {
      setDeleteError(errorText(err, 'players.deleteFailed'));
    }
  };

  return (
    <div className="space-y-5">
      <Link to="/players" className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <span className="rtl:rotate-180">←</span> <FormattedMessage id="common.back" />
      </Link>
      <section className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5">
        <Avatar name={p.name} nameArabic={p.nameArabic} src={p.avatar} size="size-20" />
        <div className="min-w-40 flex-1">
          <h1 className="text-2xl font-bold break-words">{name}</h1>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {p.teamsPlaying.length === 0 && (
              <span className="text-sm text-slate-500">
                <FormattedMessage id="players.noTeams" />
              </span>
            )}
            {p.teamsPlaying.map((x) => (
              <span key={x.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs">
                <ColorDot color={x.color} className="size-2" />
                {displayName(x, locale)}
              </span>
            ))}
          </div>
        </div>
        {canWrite && (
          // On a phone the actions take a row of their own beneath the name.
          <div className="flex w-full gap-2 sm:w-auto">
            <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => setEditing(true)}>
              <FormattedMessage id="players.manage" />
            </Button>
            <Button variant="danger" className="flex-1 sm:flex-none" onClick={() => setConfirm(true)}>
              <FormattedMessage id="players.delete" />
            </Button>
          </div>
        )}
      </section>

      <div className="grid gap-5 lg:grid-cols-3">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 lg:col-span-2">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Fact label={<FormattedMessage id="players.parent" />}>{parent ? displayName(parent, locale) : null}</Fact>
            {parent && (
              <div className="col-span-full">
                <Suspense fallback={null}>
                  <ParentWhatsappOptIn parentId={parent.id} canWrite={canWrite} />
                </Suspense>
              </div>
            )}
            <Fact label={<FormattedMessage id="common.phone" />}>{phone(parent?.phoneNumber ?? p.phoneNumber)}</Fact>
            <Fact label={<FormattedMessage id="players.emergency1" />}>{phone(parent?.emergencyPhone1 ?? p.emergencyPhone1)}</Fact>
            {canReadSensitive(auth.user?.accountType) && <Fact label={<FormattedMessage id="parent.nationalId" />}>{p.nationalId}</Fact>}
            <Fact label={<FormattedMessage id="parent.nationality" />}>
              {countries(locale).find((c) => c.code === p.nationality)?.name ?? p.nationality}
            </Fact>
            <Fact label={<FormattedMessage id="players.col.age" />}>
              {p.birthdate ? <FormattedMessage id="players.years" values={{ age: ageOf(p.birthdate) }} /> : null}
            </Fact>
            <Fact label={<FormattedMessage id="parent.birthdate" />}>{p.birthdate ? <PlanDate iso={p.birthdate} /> : null}</Fact>
            <Fact label={<FormattedMessage id="parent.gender" />}>
              {p.gender ? t(p.gender === 'MALE' ? 'parent.male' : 'parent.female') : null}
            </Fact>
            <Fact label={<FormattedMessage id="players.condition" />}>
              {p.condition ?? (p.hasMedicalNote ? <FormattedMessage id="players.medicalNoteHidden" /> : null)}
            </Fact>
            <Fact label={<FormattedMessage id="parent.neighborhood" />}>{p.residentialNeighborhood}</Fact>
            <Fact label={<FormattedMessage id="players.membership" />}>
              {membership ? (
                <span className="flex flex-wrap items-center gap-2">
                  {displayName(membership.package, locale)} <StatusBadge status={membership.status} />
                </span>
              ) : (
                <StatusBadge status="INACTIVE" />
              )}
            </Fact>
            {/* A time-based membership runs from its start to its end date; the next payment is due at the end. */}
            {membership?.package.packageType === 'TIME_BASED' && (
              <>
                <Fact label={<FormattedMessage id="players.startDate" />}>{day(membership.startDate)}</Fact>
                <Fact label={<FormattedMessage id="players.endDate" />}>{day(membership.endDate)}</Fact>
                {/* A PENDING subscription is waiting for its first payment: there is no "next" one yet. */}
                {membership.status !== 'PENDING' && (
                  <Fact label={<FormattedMessage id="players.nextPayment" />}>{day(membership.endDate)}</Fact>
                )}
              </>
            )}
          </dl>
        </section>
        <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold">
            <FormattedMessage id="players.attendance" />
          </h2>
          <div className="grid grid-cols-3 gap-2 text-center">
            <div className="rounded-xl bg-green-50 p-3">
              <p className="text-xl font-bold text-green-800">{summary.attended}</p>
              <p className="text-xs text-green-800">
                <FormattedMessage id="players.attended" />
              </p>
            </div>
            <div className="rounded-xl bg-red-50 p-3">
              <p className="text-xl font-bold text-red-800">{summary.missed}</p>
              <p className="text-xs text-red-800">
                <FormattedMessage id="players.missed" />
              </p>
            </div>
            <div className="rounded-xl bg-slate-100 p-3">
              {/* The screen's own percent sign and digits (٪ in Arabic); a dash, not 0 %, while nothing is marked. */}
              <p className="text-xl font-bold" title={summary.rate == null ? intl.formatMessage({ id: 'players.rateNone' }) : undefined}>
                {summary.rate == null ? '—' : intl.formatNumber(summary.rate / 100, { style: 'percent' })}
              </p>
              <p className="text-xs text-slate-600">
                <FormattedMessage id="players.rate" />
              </p>
            </div>
          </div>
          {sessions.data && bar && (
            <div className="space-y-2" data-testid="sessions-bar">
              {/* The package name often counts sessions itself ('12 sessions'): say the count once. */}
              <p className="text-sm font-medium" title={sessions.data.packageName}>
                <FormattedMessage
                  id="players.sessionsLeft"
                  values={{ left: sessions.data.sessionsLeft, total: sessions.data.totalSessions }}
                />
              </p>
              <div
                className="h-3 overflow-hidden rounded-full bg-slate-100"
                role="progressbar"
                aria-valuenow={bar.usedPercent}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label={t('players.sessionsUsed')}
              >
                <div className={`h-full ${BAR[bar.tone]}`} style={{ width: `${bar.usedPercent}%` }} />
              </div>
              <p className="text-xs text-slate-500">
                <FormattedMessage
                  id="players.sessionsStats"
                  values={{ used: bar.usedPercent, attended: sessions.data.attendedSessionsCount }}
                />
              </p>
              {bar.lowWarning && <p className="text-sm font-medium text-red-700">{t('players.lowSessions')}</p>}
            </div>
          )}
        </section>
      </div>

      <section className="rounded-2xl border border-slate-200 bg-white">
        <h2 className="border-b border-slate-100 px-5 py-3 font-semibold">
          <FormattedMessage id="players.events" />
        </h2>
        {participations.isError && !participations.data ? (
          <div className="p-5">
            <LoadError onRetry={() => participations.refetch()} retrying={participations.isFetching}>
              {errorText(participations.error, 'players.eventsFailed')}
            </LoadError>
          </div>
        ) : participations.isPending ? (
          <div className="p-5">
            <SkeletonRows rows={3} />
          </div>
        ) : (participations.data ?? []).length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">
            <FormattedMessage id="players.noEvents" />
          </p>
        ) : (
          <>
            {/* Phones: one card per event with its status selector; desktops: the table (one of them rendered). */}
            {!wide ? (
              <ul className="divide-y divide-slate-100">
                {events.map((x) => (
                  <Fragment key={x.id}>
                    <li className="space-y-2 px-5 py-4" data-testid="event-row">
                      {upcomingHeading(x) && (
                        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{upcomingHeading(x)}</p>
                      )}
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <p className="font-medium">
                          <FormattedMessage id={`event.${x.event.type}`} />
                          {x.team && <span className="text-slate-500"> · {displayName(x.team, locale)}</span>}
                        </p>
                        <p className="text-sm text-slate-600">
                          {day(x.event.date)} · {timeRange(x)}
                        </p>
                      </div>
                      {x.event.field && <WrittenText className="text-sm text-slate-600" text={x.event.field} />}
                      {statusCell(x)}
                    </li>
                    {x.id === lastPast && morePast && <li>{morePast}</li>}
                  </Fragment>
                ))}
                {moreFuture && <li>{moreFuture}</li>}
              </ul>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <TableHead
                    columns={[
                      'events.col.date',
                      'events.col.time',
                      'events.col.type',
                      'events.col.field',
                      'events.col.team',
                      'events.col.status',
                    ]}
                  />
                  <tbody className="divide-y divide-slate-100">
                    {events.map((x) => (
                      <Fragment key={x.id}>
                        {upcomingHeading(x) && (
                          <tr className="bg-slate-50">
                            <th
                              colSpan={6}
                              scope="rowgroup"
                              className="px-4 py-2 text-start text-xs font-semibold tracking-wide text-slate-500 uppercase"
                            >
                              {upcomingHeading(x)}
                            </th>
                          </tr>
                        )}
                        <tr data-testid="event-row">
                          <td className="px-4 py-3 whitespace-nowrap">{day(x.event.date, true)}</td>
                          <td className="px-4 py-3 whitespace-nowrap">{timeRange(x)}</td>
                          <td className="px-4 py-3">
                            <FormattedMessage id={`event.${x.event.type}`} />
                          </td>
                          <td className="px-4 py-3">{x.event.field ? <WrittenText as="span" text={x.event.field} /> : '—'}</td>
                          <td className="px-4 py-3">{x.team ? displayName(x.team, locale) : '—'}</td>
                          <td className="px-4 py-3">{statusCell(x)}</td>
                        </tr>
                        {x.id === lastPast && morePast && (
                          <tr>
                            <td colSpan={6}>{morePast}</td>
                          </tr>
                        )}
                      </Fragment>
                    ))}
                    {moreFuture && (
                      <tr>
                        <td colSpan={6}>{moreFuture}</td>
                      </tr>
                    )}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </section>
      <Suspense fallback={null}>
        <PlayerConsents playerId={p.id} />
      </Suspense>
      <Suspense fallback={null}>
        <PlayerPrivacy playerId={p.id} name={name} canExport={canReadSensitive(auth.user?.accountType)} canErase={canWrite} />
      </Suspense>
      {editing && (
        <Suspense fallback={<DialogLoading />}>
          <EditPlayerDialog player={p} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!futureAttended}
        onOpenChange={(o) => !o && setFutureAttended(null)}
        title={<FormattedMessage id="players.futureAttendedTitle" />}
        text={
          <FormattedMessage
            id="players.futureAttendedText"
            values={{ date: futureAttended ? <PlanDateText iso={futureAttended.event.date} /> : '' }}
          />
        }
        confirmLabel={<FormattedMessage id="attendance.ATTENDED" />}
        onConfirm={() => {
          if (futureAttended) void changeStatus(futureAttended, 'ATTENDED');
          setFutureAttended(null);
        }}
      />
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={<FormattedMessage id="players.deleteTitle" />}
        text={<FormattedMessage id="players.deleteText" values={{ name }} />}
        confirmLabel={<FormattedMessage id="players.delete" />}
        onConfirm={del}
        loading={remove.isPending}
        error={deleteError}
      />
    </div>
  );
}
