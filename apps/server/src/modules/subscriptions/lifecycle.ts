import type { SubscriptionStatus } from '@kora/contracts';
import { addDaysIso, addMonthsIso } from '@kora/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PackageRow } from '../packages/mapper.js';

/** The statuses of a subscription still running or about to: a player has at most one of them. */
export const OPEN_STATUSES: SubscriptionStatus[] = ['PENDING', 'ACTIVE', 'TRIAL', 'PAUSED'];

/**
 * A player's subscriptions in the order every list reads them (docs/domain.md, "Subscription
 * lifecycle"): the open one first — the current membership, the one Settings acts on, even when a
 * cancelled one ends later; an ACTIVE or TRIAL one whose end date passed (`today`, Riyadh) has
 * lapsed and is not — then the latest end date (a missing one counts as its start), newest first.
 * `s` is the subscriptions table or its alias; `status` its status as the statement sees it.
 */
export const currentFirstSql = (s: SQL, today: string, status: SQL = sql`${s}.status`) =>
  sql`(${status} in ('PENDING', 'PAUSED') or (${status} in ('ACTIVE', 'TRIAL') and not coalesce(${s}.end_date < ${today}::date, false))) desc,
    coalesce(${s}.end_date, ${s}.start_date) desc, ${s}.created_at desc, ${s}.id`;

/**
 * A new PENDING subscription of a package from a start date: time-based ones end after the
 * package's months; session-based ones carry the session count and end when it is used up.
 */
export function pendingSubscriptionValues(pkg: PackageRow, startDate: string) {
  const timeBased = pkg.packageType === 'TIME_BASED';
  return {
    packageId: pkg.id,
    status: 'PENDING' as const,
    startDate,
    endDate: timeBased ? addMonthsIso(startDate, pkg.monthsNumber ?? 1) : null,
    sessionsLeft: timeBased ? null : (pkg.sessionsCount ?? 0),
    totalSessions: timeBased ? null : (pkg.sessionsCount ?? 0),
  };
}

/** A package whose subscriptions start with a free trial: time-based, with trial days. */
export const hasTrial = (pkg: PackageRow) => pkg.packageType === 'TIME_BASED' && pkg.hasTrial && pkg.trialDays > 0;

/**
 * A free trial from a start date (docs/domain.md, "Subscription lifecycle"): TRIAL without payment,
 * its end date the last trial day. Paid during the trial, the period starts the day after it
 * (activate.ts, `extendSubscription`); unpaid, it lapses to INACTIVE the day after.
 */
export function trialSubscriptionValues(pkg: PackageRow, startDate: string) {
  return {
    packageId: pkg.id,
    status: 'TRIAL' as const,
    startDate,
    endDate: addDaysIso(startDate, pkg.trialDays - 1),
    sessionsLeft: null,
    totalSessions: null,
  };
}
