// The portal's small shared pieces: an event's line, a subscription's box, the child picker.
import type { FamilyChild, FamilyEvent, FamilySubscription } from '@kora/contracts';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { monthLabel, weekdayName } from '../../components/date-format';
import { PlanDate } from '../../components/PlanDate';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { formatSar } from '../../lib/money';

/** "Sun 2026/11/30" of a yyyy-MM-dd (the day as the academy wrote it), its Hijri date as the device prefers. */
export function DayText({ date }: { date: string }) {
  const { locale } = useLocale();
  return (
    <>
      {weekdayName(date, locale, 'short')} <PlanDate iso={date} />
    </>
  );
}
/** "17:00" of an HH:mm or HH:mm:ss: Riyadh's wall clock as the academy wrote it (the staff screens show it so too). */
export const timeText = (time: string) => time.slice(0, 5);
/** "November 2026" of a yyyy-MM. */
export const monthText = monthLabel;
/** An amount in SAR: the app's one money format (lib/money.ts). */
export const sar = formatSar;

export function Card({ children, className = '', ...rest }: { children: ReactNode; className?: string; 'data-testid'?: string }) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-xs ${className}`} {...rest}>
      {children}
    </section>
  );
}

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="text-xl font-bold text-slate-900">{children}</h1>;
}

/** When, where and for which team: the facts of one of the child's events. */
export function EventFacts({ item }: { item: FamilyEvent }) {
  const { locale } = useLocale();
  const { event } = item;
  return (
    <div className="min-w-0 flex-1">
      <p className="font-medium text-slate-900">
        <FormattedMessage id={`event.${event.type}`} />
        <span className="text-slate-500"> · </span>
        <span data-testid="family-event-day">
          <DayText date={event.date} />
        </span>
      </p>
      <p className="text-sm text-slate-600">
        <bdi dir="ltr">
          {timeText(event.time)}–{timeText(event.endTime)}
        </bdi>
        {event.field && (
          <>
            <span className="text-slate-500"> · </span>
            {event.field}
          </>
        )}
      </p>
      {item.teams.length > 0 && (
        <p className="mt-0.5 text-xs text-slate-500">{item.teams.map((team) => displayName(team, locale)).join(' · ')}</p>
      )}
    </div>
  );
}

/** "Can't come" said by a parent: the tag with its reason. */
export function CantComeTag({ item }: { item: FamilyEvent }) {
  if (!item.cantCome) return null;
  return (
    <p
      className="mt-1 inline-flex max-w-full flex-wrap items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800"
      data-testid="family-cant-come"
    >
      <FormattedMessage id="family.cantCome.marked" />
      {item.cantCome.reason && <span className="font-normal break-words">· {item.cantCome.reason}</span>}
    </p>
  );
}

const STATUS_TONE: Record<FamilySubscription['status'], string> = {
  ACTIVE: 'bg-green-100 text-green-800',
  TRIAL: 'bg-sky-100 text-sky-800',
  PENDING: 'bg-amber-100 text-amber-800',
  PAUSED: 'bg-slate-100 text-slate-700',
  CANCELLED: 'bg-red-100 text-red-800',
  INACTIVE: 'bg-slate-100 text-slate-700',
};

/**
 * A subscription: package, status, sessions left or end date, and pay or renew through the public payment page.
 * `asked`: what paying it asks now when known (SAR, a sibling price included); otherwise the package's price.
 */
export function SubscriptionBox({ subscription, asked }: { subscription: FamilySubscription; asked?: number }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const s = subscription;
  const renew = s.payPath?.startsWith('/renew-subscription/');
  return (
    <div className="space-y-2" data-testid="family-subscription">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">{displayName(s.package, locale)}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[s.status]}`}>
          <FormattedMessage id={`status.${s.status}`} />
        </span>
      </div>
      <p className="text-sm text-slate-600">
        {s.package.packageType === 'SESSION_BASED' && s.sessionsLeft != null ? (
          <FormattedMessage id="family.sessionsLeft" values={{ left: s.sessionsLeft, total: s.totalSessions ?? s.sessionsLeft }} />
        ) : s.endDate ? (
          <FormattedMessage id="family.until" values={{ date: <PlanDate iso={s.endDate} /> }} />
        ) : (
          <FormattedMessage id="family.noEndDate" />
        )}
        <span className="text-slate-500"> · </span>
        {sar(intl, asked ?? s.package.price)}
      </p>
      {s.payPath && (
        <a
          href={s.payPath}
          className="inline-flex min-h-10 w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:w-auto"
          data-testid="family-pay"
        >
          <FormattedMessage id={renew ? 'family.renew' : 'family.payNow'} />
        </a>
      )}
    </div>
  );
}

/** The child shown on a one-child screen: the one in `?child=`, else the first. */
export function useChosenChild<T extends { id: string }>(children: T[], chosen: string | undefined): T | undefined {
  return children.find((c) => c.id === chosen) ?? children[0];
}

/** Tabs of the parent's children (only with two or more). */
export function ChildPicker({
  items,
  current,
  to,
}: {
  items: FamilyChild[];
  current: string | undefined;
  to: '/family/progress' | '/family/money';
}) {
  const { locale } = useLocale();
  const intl = useIntl();
  const navigate = useNavigate();
  if (items.length < 2) return null;
  return (
    <div role="tablist" aria-label={intl.formatMessage({ id: 'family.children' })} className="flex gap-2 overflow-x-auto pb-1">
      {items.map((c) => (
        <button
          key={c.id}
          type="button"
          role="tab"
          aria-selected={c.id === current}
          onClick={() => void navigate({ to, search: { child: c.id }, replace: true })}
          className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-medium ${c.id === current ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300'}`}
        >
          {displayName(c, locale)}
        </button>
      ))}
    </div>
  );
}
