import { z } from 'zod';
import { moneySchema, optionalText, plainText } from './common.js';
import { packageTypeSchema } from './enums.js';
import { ERRORS } from './messages.js';

export const publicPackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  price: z.number(),
  packageType: packageTypeSchema,
  monthsNumber: z.number().int().nullable(),
  sessionsCount: z.number().int().nullable(),
  hasTrial: z.boolean(),
  trialDays: z.number().int(),
  description: z.string().nullable(),
  /** The description in Arabic, shown instead of `description` on Arabic screens (docs/domain.md, "Packages"). */
  descriptionArabic: z.string().nullable(),
});
export type PublicPackage = z.infer<typeof publicPackageSchema>;

/** What members see beyond the public fields. */
const packageSettings = z.object({
  allowPause: z.boolean(),
  skipLimit: z.number().int(),
  isActive: z.boolean(),
});
export const packageSchema = publicPackageSchema.extend(packageSettings.shape);
export type Package = z.infer<typeof packageSchema>;

/** `GET /api/packages?handle=`: the academy whose active packages the parent registration wizard lists. */
export const publicPackagesQuery = z.object({ handle: z.string().trim().toLowerCase().max(100) });

export { moneySchema };

// ── Settings → Packages (docs/domain.md, "Packages") ────────────────────────────────────

export const PACKAGE_TRIAL_MIN_DAYS = 1;
export const PACKAGE_TRIAL_MAX_DAYS = 90;
/** Trial days a package gets when its trial is switched on. */
export const PACKAGE_TRIAL_DEFAULT_DAYS = 7;
export const PACKAGE_MAX_MONTHS = 120;
export const PACKAGE_MAX_SESSIONS = 1000;
export const PACKAGE_MAX_SKIP_LIMIT = 1000;
export const PACKAGE_MAX_PRICE = 1_000_000;

const NAME_REQUIRED = ERRORS['package.name_required'];
const PRICE_INVALID = ERRORS['package.price_invalid'];
const MONTHS_MIN = ERRORS['package.months_min'];
const SESSIONS_MIN = ERRORS['package.sessions_min'];
const SKIP_LIMIT_MIN = ERRORS['package.skip_limit_min'];
const TRIAL_DAYS = ERRORS['package.trial_days_range'];
const TRIAL_TIME_BASED = ERRORS['package.trial_time_based_only'];

const count = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max);
/** A count that only one package type uses: checked (and required) by the rules below when it applies. */
const countOfType = z.number().nullish();

/**
 * Create or edit a package (`POST /api/packages`, `PUT /api/packages/{id}`, the whole package):
 * a name, a price in SAR (≥ 0, at most two decimals), months (≥ 1) for a time-based package or
 * sessions (≥ 1) for a session-based one, a skip limit (≥ 0), and a trial of 1 to 90 days that only
 * a time-based package may have. Parsed, the count of the other type is null and a package
 * without a trial has 0 trial days.
 */
/** A count the refinement above has checked (zod runs the transform only when it passed). */
function checkedCount(value: number | null | undefined): number {
  if (typeof value !== 'number') throw new Error('packageBody: a checked count is missing');
  return value;
}

export const packageBody = z
  .object({
    name: plainText(NAME_REQUIRED).min(1, NAME_REQUIRED).max(100),
    nameArabic: optionalText(100),
    price: z
      .number({ error: PRICE_INVALID })
      .min(0, PRICE_INVALID)
      .max(PACKAGE_MAX_PRICE, ERRORS['package.price_too_high'])
      .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), ERRORS['money.two_decimals']),
    packageType: packageTypeSchema.default('TIME_BASED'),
    monthsNumber: countOfType,
    sessionsCount: countOfType,
    skipLimit: count(0, PACKAGE_MAX_SKIP_LIMIT, SKIP_LIMIT_MIN).default(0),
    hasTrial: z.boolean().default(false),
    trialDays: z.number().nullish(),
    allowPause: z.boolean().default(false),
    description: optionalText(1000, { lines: true }),
    descriptionArabic: optionalText(1000, { lines: true }),
    isActive: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    /** A whole number from `min` to `max`: `message` when it is missing, not whole or too small (or too big, when given). */
    const check = (path: 'monthsNumber' | 'sessionsCount' | 'trialDays', min: number, max: number, message: string, tooBig?: string) => {
      const value = v[path];
      const whole = typeof value === 'number' && Number.isInteger(value);
      if (!whole || value < min) ctx.addIssue({ code: 'custom', path: [path], message, input: value });
      else if (value > max)
        ctx.addIssue({ code: 'too_big', origin: 'number', maximum: max, inclusive: true, path: [path], input: value, message: tooBig });
    };
    if (v.packageType === 'TIME_BASED') check('monthsNumber', 1, PACKAGE_MAX_MONTHS, MONTHS_MIN);
    else check('sessionsCount', 1, PACKAGE_MAX_SESSIONS, SESSIONS_MIN);
    if (v.hasTrial && v.packageType !== 'TIME_BASED') ctx.addIssue({ code: 'custom', path: ['hasTrial'], message: TRIAL_TIME_BASED });
    else if (v.hasTrial) check('trialDays', PACKAGE_TRIAL_MIN_DAYS, PACKAGE_TRIAL_MAX_DAYS, TRIAL_DAYS, TRIAL_DAYS);
  })
  .transform((v) => {
    const timeBased = v.packageType === 'TIME_BASED';
    return {
      ...v,
      monthsNumber: timeBased ? checkedCount(v.monthsNumber) : null,
      sessionsCount: timeBased ? null : checkedCount(v.sessionsCount),
      trialDays: v.hasTrial ? checkedCount(v.trialDays) : 0,
    };
  });
export type PackageBody = z.input<typeof packageBody>;
export type ParsedPackageBody = z.output<typeof packageBody>;

/** The defaults of a new package (docs/domain.md, "Packages"): time-based, 1 month, price 0, skip limit 0, active, no trial, no pause. */
export const PACKAGE_DEFAULTS = {
  name: '',
  nameArabic: '',
  price: 0,
  packageType: 'TIME_BASED',
  monthsNumber: 1,
  sessionsCount: null,
  skipLimit: 0,
  hasTrial: false,
  trialDays: 0,
  allowPause: false,
  description: '',
  descriptionArabic: '',
  isActive: true,
} as const satisfies z.input<typeof packageBody>;

/** `PATCH /api/packages/{id}/toggle-active` */
export const packageToggleBody = z.object({ isActive: z.boolean() });
export type PackageToggleBody = z.infer<typeof packageToggleBody>;

/** `DELETE /api/packages/{id}`: deleted, or archived (`softDeleted`) when subscriptions use it. */
export const packageDeleteReply = z.object({ message: z.string(), softDeleted: z.boolean() });
export type PackageDeleteReply = z.infer<typeof packageDeleteReply>;

export type PublicPackagesQuery = z.input<typeof publicPackagesQuery>;
