import { parsePhoneNumber } from 'libphonenumber-js/max';

/** A stored E.164 phone shown for reading: '+966 50 123 4567'; anything unparsable as it is. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  try {
    return parsePhoneNumber(value).formatInternational();
  } catch {
    return value;
  }
}
