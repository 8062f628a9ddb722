// Why: phone numbers are checked against libphonenumber's metadata (about 55 KB gzip in a browser), so the phone
// schema lives apart from common.ts: a screen whose contracts hold no phone never loads the metadata.
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { z } from 'zod';
import { latinDigits } from './digits.js';
import { ERRORS } from './messages.js';

/** A valid phone number of 2 to 17 digits, Saudi Arabia by default (docs/domain.md). */
export const isValidPhone = (value: string, defaultCountry: 'SA' = 'SA') => {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 2 || digits.length > 17) return false;
  return isValidPhoneNumber(value, defaultCountry);
};

export const phoneSchema = (message = ERRORS['phone.invalid']) =>
  z
    .string()
    .trim()
    .overwrite(latinDigits)
    .max(25, message)
    .refine((v) => isValidPhone(v), message);

/** Empty string or null means "not given". */
export const optionalPhoneSchema = (message: string) =>
  z
    .string()
    .trim()
    .overwrite(latinDigits)
    .max(25, message)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidPhone(v), message);
