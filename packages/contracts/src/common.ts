import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { z } from 'zod';

export const uuidSchema = z.uuid();
export const idParamsSchema = z.object({ id: z.uuid() });

export const errorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** yyyy-MM-dd that is a real calendar date. */
export const dateSchema = z.iso.date();
/** HH:mm */
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm');

export const RESERVED_HANDLES = ['www', 'api', 'app', 'admin', 'staging', 'mail', 'static', 'assets', 'docs'] as const;
export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/;

export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'The academy link must be 3 to 30 characters')
  .max(30, 'The academy link must be 3 to 30 characters')
  .regex(HANDLE_PATTERN, 'Use lower-case letters, digits and dashes, not at the start or end')
  .refine((h) => !(RESERVED_HANDLES as readonly string[]).includes(h), 'This academy link is reserved');

export const MIN_PASSWORD = 8;
export const passwordSchema = z.string().min(MIN_PASSWORD, 'Password must be at least 8 characters').max(200);
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid email'));

/** Phone digits of spec part 1 §5: 2 to 17. */
export const isValidPhone = (value: string, defaultCountry: 'SA' = 'SA') => {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 2 || digits.length > 17) return false;
  return isValidPhoneNumber(value, defaultCountry);
};

export const phoneSchema = (message = 'Please enter a valid phone number') =>
  z
    .string()
    .trim()
    .max(25, message)
    .refine((v) => isValidPhone(v), message);

/** Empty string or null means "not given". */
export const optionalPhoneSchema = (message: string) =>
  z
    .string()
    .trim()
    .max(25, message)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidPhone(v), message);

/** Money: SAR with at most two decimals. */
export const moneySchema = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'At most two decimals');
