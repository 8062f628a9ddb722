// Why: what a parent opens the portal for — each child's next trainings and matches, whether the
// subscription is paid up (and paying or renewing it), and how the last session went.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { familyHomeQuery } from './api';
import { JoinOffers } from './JoinOffers';
import { CantComeTag, Card, DayText, EventFacts, PageTitle, SubscriptionBox, timeText } from './parts';

export function FamilyHomePage() {
  const { locale } = useLocale();
  const errorText = useErrorText();
  const home = useQuery(familyHomeQuery);
  return (
    <>
      <PageTitle>
        <FormattedMessage id="family.home.title" />
      </PageTitle>
      <JoinOffers />
      {home.isError ? (
        <LoadError onRetry={() => void home.refetch()} retrying={home.isFetching}>
          {errorText(home.error, 'family.loadFailed')}
        </LoadError>
      ) : home.isPending ? (
        <SkeletonRows rows={4} />
      ) : (
        <>
          {home.data.unreadAnnouncements > 0 && (
            <Link
              to="/family/announcements"
              className="flex items-center justify-between gap-3 rounded-2xl bg-brand-700 px-4 py-3 text-sm font-semibold text-white"
              data-testid="family-unread"
            >
              <FormattedMessage id="family.home.unread" values={{ count: home.data.unreadAnnouncements }} />
              <span aria-hidden="true" className="rtl:rotate-180">
                →
              </span>
            </Link>
          )}
          {home.data.children.length === 0 && (
            <EmptyState>
              <FormattedMessage id="family.home.noChildren" />
            </EmptyState>
          )}
          {home.data.children.map(({ child, upcoming, subscription, lastAttendance }) => (
            <Card key={child.id} className="space-y-4" data-testid="family-child">
              <div className="flex items-center gap-3">
                <Avatar name={child.name} nameArabic={child.nameArabic} src={child.avatar} size="size-12" />
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold break-words text-slate-900">{displayName(child, locale)}</h2>
                  <p className="text-sm text-slate-500">{child.teams.map((t) => displayName(t, locale)).join(' · ')}</p>
                </div>
              </div>

              <div className="space-y-2">
                <div className="flex items-baseline justify-between gap-2">
                  <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                    <FormattedMessage id="family.home.next" />
                  </h3>
                  <Link to="/family/availability" className="text-sm font-medium text-brand-700 hover:underline">
                    <FormattedMessage id="family.home.availability" />
                  </Link>
                </div>
                {upcoming.length === 0 ? (
                  <p className="text-sm text-slate-500">
                    <FormattedMessage id="family.home.nothingNext" />
                  </p>
                ) : (
                  <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                    {upcoming.map((item) => (
                      <li key={item.participantId} className="px-3 py-2.5" data-testid="family-upcoming">
                        <EventFacts item={item} />
                        <CantComeTag item={item} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>

              <div className="space-y-2">
                <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                  <FormattedMessage id="family.home.subscription" />
                </h3>
                {subscription ? (
                  <SubscriptionBox subscription={subscription} />
                ) : (
                  <p className="text-sm text-slate-500">
                    <FormattedMessage id="family.home.noSubscription" />
                  </p>
                )}
              </div>

              <div className="space-y-1">
                <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                  <FormattedMessage id="family.home.lastAttendance" />
                </h3>
                {lastAttendance ? (
                  <p className="text-sm text-slate-700" data-testid="family-last-attendance">
                    <FormattedMessage id={`event.${lastAttendance.eventType}`} />
                    {' · '}
                    <DayText date={lastAttendance.date} /> <bdi dir="ltr">{timeText(lastAttendance.time)}</bdi>
                    {' · '}
                    <span className={lastAttendance.status === 'ABSENT' ? 'font-semibold text-red-700' : 'font-semibold text-green-700'}>
                      <FormattedMessage id={`attendance.${lastAttendance.status}`} />
                    </span>
                  </p>
                ) : (
                  <p className="text-sm text-slate-500">
                    <FormattedMessage id="family.home.noAttendance" />
                  </p>
                )}
              </div>
            </Card>
          ))}
        </>
      )}
    </>
  );
}
