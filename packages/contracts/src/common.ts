import { z } from 'zod';
import { isWithinDateTimeYears, isWithinDateYears } from './dates.js';
import { daysBetween, MAX_EVENT_RANGE_DAYS } from './event-rules.js';
import { RESERVED_HANDLES } from './host.js';
import { ERRORS } from './messages.js';
import { isReadableName } from './names.js';
import { isOneOf } from './records.js';

export const uuidSchema = z.uuid();
export const idParamsSchema = z.object({ id: z.uuid() });

/** Every error answer: the English message, its stable code (translated by the web), and per-field issues. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string(), code: z.string() })).optional(),
  /** Values the message refers to (e.g. `{count}` users still holding an account type), for the web's translation. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** A well-formed value is the only one whose range is worth telling (a malformed one has its own message). */
const wellFormed = { message: ERRORS['date.out_of_range'], when: (p: { issues: readonly unknown[] }) => p.issues.length === 0 };

/**
 * yyyy-MM-dd that is a real calendar date in the years MIN_DATE_YEAR–MAX_DATE_YEAR: the one date
 * type of every request. `invalid` is the message of a malformed date (zod's own by default).
 */
export const isoDate = (invalid?: string) => z.iso.date(invalid).refine(isWithinDateYears, wellFormed);
export const dateSchema = isoDate();

/**
 * An instant (ISO 8601 date-time with `Z` or an offset) in the years MIN_DATE_TIME_YEAR–MAX_DATE_YEAR:
 * the one date-time type of every request body (test/dates-property.test.ts fails on any other).
 */
export const dateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine(isWithinDateTimeYears, { message: ERRORS['date_time.out_of_range'], when: wellFormed.when });

/** yyyy-MM: a calendar month in the same years. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthSchema = z.string().regex(MONTH_PATTERN).refine(isWithinDateYears, wellFormed);

/**
 * A range of days, both ends inclusive, as every list by dates takes it: the end not before the
 * start and at most MAX_EVENT_RANGE_DAYS days, so no query reads an unbounded stretch.
 */
export function checkDateRange(v: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  const days = daysBetween(v.startDate, v.endDate);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: ERRORS['event.range_invalid'] });
  else if (days + 1 > MAX_EVENT_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: ERRORS['event.range_too_long'] });
}

/** HH:mm */
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, ERRORS['time.invalid']);

export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/;

export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, ERRORS['handle.length'])
  .max(30, ERRORS['handle.length'])
  .regex(HANDLE_PATTERN, ERRORS['handle.pattern'])
  .refine((h) => !isOneOf(RESERVED_HANDLES, h), ERRORS['handle.reserved']);

export const MIN_PASSWORD = 8;
export const passwordSchema = z.string().min(MIN_PASSWORD, ERRORS['password.too_short']).max(200);
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email(ERRORS['email.invalid']));

/**
 * What no name or line of text may hold: controls (C0 with tab and line breaks, DEL, C1), invisible
 * format characters (zero-width spaces and joiners, direction marks, bidi embeddings, overrides and
 * isolates, the byte order mark), line and paragraph separators, lone surrogates. A direction
 * override in a name reorders the line that prints it (an invoice showed "RAS 0001 emaN OLR"), a tab
 * splits a spreadsheet cell. Arabic needs none of them: its letters, marks and plain spaces pass.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const CONTROL_CHARACTERS_ALL = new RegExp(CONTROL_CHARACTERS.source, 'gu');
const LINE_BREAKS = /[\r\n]/g;
/** Controls that separate words (tab, line breaks): printed as a space. */
const BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** Whether text is free of control characters; `lines` lets it hold line breaks (a description). */
export const isPlainText = (text: string, lines = false) => !CONTROL_CHARACTERS.test(lines ? text.replace(LINE_BREAKS, '') : text);

/**
 * Stored text as it may be printed (a PDF, a mail): control characters that break lines become
 * spaces and invisible ones go, so text stored before the rule cannot reorder what it is printed in.
 */
export const printableText = (text: string) => text.replace(CONTROL_CHARACTERS_ALL, (ch) => (BREAKING.test(ch) ? ' ' : ''));

/**
 * A name or a line of text: trimmed, free of control characters. Every name field of the
 * contracts starts from it (people, academies, teams, packages, account types), so forms and API
 * agree; lengths and their messages are the field's own. `required` is the message when absent.
 */
export const plainText = (required?: string) =>
  z
    .string(required ? { error: required } : undefined)
    .trim()
    .refine((v) => isPlainText(v), ERRORS['text.control_characters']);

/**
 * A person's, team's or academy's name: plain text that is readable (names.ts: a visible letter or
 * digit, at most MAX_MARKS_PER_LETTER combining marks on a character). `required` is the message when absent.
 */
export const nameText = (required?: string) => plainText(required).refine((v) => v === '' || isReadableName(v), ERRORS['name.unreadable']);

/** An optional name (an Arabic one): empty or absent means none (null), anything else is read as nameText. */
export const optionalName = (max: number) =>
  z
    .string()
    .trim()
    .refine((v) => isPlainText(v), ERRORS['text.control_characters'])
    .max(max)
    .refine((v) => v === '' || isReadableName(v), ERRORS['name.unreadable'])
    .nullish()
    .transform((v) => (v ? v : null));

/** Free text where empty or absent means "not given" (null); `lines` allows line breaks (a description). */
export const optionalText = (max: number, { lines = false } = {}) =>
  z
    .string()
    .trim()
    .refine((v) => isPlainText(v, lines), ERRORS['text.control_characters'])
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Money: SAR with at most two decimals. */
export const moneySchema = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), ERRORS['money.two_decimals']);

/**
 * A multipart field that carries JSON (the Add Player wizard sends parentInfo and playerInfo this
 * way). A NUL escaped inside it (`\u0000`) is refused like a NUL anywhere else in a request:
 * PostgreSQL text cannot hold one.
 */
export const jsonText = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      let nul = false;
      let value: unknown;
      try {
        value = JSON.parse(text, (key, v: unknown) => {
          if (key.includes('\u0000') || (typeof v === 'string' && v.includes('\u0000'))) nul = true;
          return v;
        });
      } catch {
        ctx.addIssue({ code: 'custom', message: ERRORS['form.json_invalid'] });
        return z.NEVER;
      }
      if (nul) {
        ctx.addIssue({ code: 'custom', message: ERRORS['request.invalid_characters'] });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema);

export type Uuid = z.infer<typeof uuidSchema>;
export type IdParams = z.infer<typeof idParamsSchema>;
export type IsoDate = z.infer<typeof dateSchema>;
export type IsoDateTime = z.infer<typeof dateTimeSchema>;
export type TimeOfDay = z.infer<typeof timeSchema>;
export type Handle = z.infer<typeof handleSchema>;
export type Password = z.infer<typeof passwordSchema>;
export type Email = z.infer<typeof emailSchema>;
export type Money = z.infer<typeof moneySchema>;
