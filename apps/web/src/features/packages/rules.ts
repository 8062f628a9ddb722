// Why: the dialog's rules (docs/domain.md, "Packages": defaults, the trial only for time-based packages, 7 days
// when switched on) in one testable place.
import {
  PACKAGE_DEFAULTS,
  PACKAGE_TRIAL_DEFAULT_DAYS,
  type Package,
  type PackageBody,
  type PackageType,
  typedNumber,
} from '@kora/contracts';

export type PackageValues = PackageBody;

/** The form's values: the defaults for a new package (docs/domain.md, "Packages"), else the package as it is. */
export function packageFormValues(pkg: Package | null): PackageValues {
  if (!pkg) return { ...PACKAGE_DEFAULTS };
  return {
    name: pkg.name,
    nameArabic: pkg.nameArabic ?? '',
    price: pkg.price,
    packageType: pkg.packageType,
    monthsNumber: pkg.monthsNumber,
    sessionsCount: pkg.sessionsCount,
    skipLimit: pkg.skipLimit,
    hasTrial: pkg.hasTrial,
    trialDays: pkg.trialDays,
    allowPause: pkg.allowPause,
    description: pkg.description ?? '',
    descriptionArabic: pkg.descriptionArabic ?? '',
    isActive: pkg.isActive,
  };
}

/** Switching the trial on gives it 7 days, switching it off 0. */
export const trialChange = (enabled: boolean): Partial<PackageValues> => ({
  hasTrial: enabled,
  trialDays: enabled ? PACKAGE_TRIAL_DEFAULT_DAYS : 0,
});

/** Whether the trial may be switched on: only for a time-based package. */
export const trialAllowed = (type: PackageType | undefined) => (type ?? 'TIME_BASED') === 'TIME_BASED';

/**
 * Changing the type: a session-based package loses its trial; a time-based one gets 1 month when it
 * has no months yet. The other type's count is kept (ignored when saved) so switching back restores it.
 */
export function typeChange(values: Pick<PackageValues, 'monthsNumber'>, type: PackageType): Partial<PackageValues> {
  if (type === 'SESSION_BASED') return { packageType: type, ...trialChange(false) };
  return { packageType: type, ...(values.monthsNumber == null ? { monthsNumber: PACKAGE_DEFAULTS.monthsNumber } : {}) };
}

/** A number field's value in the form, typed in any digits: empty is null (the contract then says what is missing). */
export const numberValue = (v: unknown) => (v === '' || v == null ? null : (typedNumber(v) ?? Number.NaN));
