import { addMonthsIso } from '../../lib/dates.js';
import type { PackageRow } from '../packages/mapper.js';

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
