import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { isoDate, jsonText } from './common.js';
import { medicalConsentGivenSchema } from './consents.js';
import { latinDigits } from './digits.js';
import { genderSchema } from './enums.js';
import { ERRORS, MSG } from './messages.js';
import { parentInfoSchema, playerInfoSchema } from './registration.js';

/**
 * The columns of a players file (Players → Import and Export), in the order the template and the
 * export write them. Each has an English and an Arabic header; a file may use either (or mix them).
 */
export const IMPORT_COLUMNS = [
  'name',
  'nameArabic',
  'nationalId',
  'nationality',
  'birthdate',
  'gender',
  'residentialNeighborhood',
  'medicalCondition',
  'teams',
  'parentName',
  'parentNameArabic',
  'parentPhone',
  'parentEmail',
  'emergencyPhone1',
  'emergencyPhone2',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const IMPORT_HEADERS: Record<ImportColumn, { en: string; ar: string }> = {
  name: { en: 'Player name', ar: 'اسم اللاعب' },
  nameArabic: { en: 'Player name (Arabic)', ar: 'اسم اللاعب بالعربية' },
  nationalId: { en: 'National ID', ar: 'رقم الهوية' },
  nationality: { en: 'Nationality', ar: 'الجنسية' },
  birthdate: { en: 'Birthdate', ar: 'تاريخ الميلاد' },
  gender: { en: 'Gender', ar: 'الجنس' },
  residentialNeighborhood: { en: 'Neighborhood', ar: 'الحي' },
  medicalCondition: { en: 'Medical condition', ar: 'الحالة الصحية' },
  teams: { en: 'Teams', ar: 'الفرق' },
  parentName: { en: 'Parent name', ar: 'اسم ولي الأمر' },
  parentNameArabic: { en: 'Parent name (Arabic)', ar: 'اسم ولي الأمر بالعربية' },
  parentPhone: { en: 'Parent phone', ar: 'جوال ولي الأمر' },
  parentEmail: { en: 'Parent email', ar: 'بريد ولي الأمر' },
  emergencyPhone1: { en: 'Emergency phone 1', ar: 'هاتف الطوارئ 1' },
  emergencyPhone2: { en: 'Emergency phone 2', ar: 'هاتف الطوارئ 2' },
};

/** Columns a file must map: what Add Player requires. */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['name', 'birthdate', 'gender', 'parentName', 'parentPhone'];

/** A header as compared: case, spacing, punctuation and Arabic letter variants (أ إ آ → ا, ة → ه, ى → ي) set aside. */
export const normalizeHeader = (header: string) =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[\s_\-().:/]+/g, '');

const HEADER_INDEX = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((c) => [IMPORT_HEADERS[c].en, IMPORT_HEADERS[c].ar, c].map((h) => [normalizeHeader(h), c] as const)),
);

/** A note in parentheses at a header's end, as the template's "Birthdate (dd/mm/yyyy)" has. */
const HEADER_NOTE = /\s*[(（][^()（）]*[)）]\s*$/;

/**
 * The column a file's header names, in English or Arabic (or by its key), or null. A header read
 * as none is read again without a note in parentheses at its end ("Birthdate (dd/mm/yyyy)").
 */
export const columnOfHeader = (header: string): ImportColumn | null =>
  HEADER_INDEX.get(normalizeHeader(header)) ?? HEADER_INDEX.get(normalizeHeader(header.replace(HEADER_NOTE, ''))) ?? null;

/** How a file writes a birthdate, as the template's header says it: day first, as people in Saudi Arabia type a date. */
export const IMPORT_DATE_FORMAT: Record<'en' | 'ar', string> = { en: 'dd/mm/yyyy', ar: 'يوم/شهر/سنة' };

/** A header of the template: the birthdate's says how to write the date ("Birthdate (dd/mm/yyyy)"). */
export const templateHeader = (column: ImportColumn, lang: 'en' | 'ar') =>
  column === 'birthdate' ? `${IMPORT_HEADERS[column][lang]} (${IMPORT_DATE_FORMAT[lang]})` : IMPORT_HEADERS[column][lang];

const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const YEAR_FIRST = /^(\d{4})([/.-])(\d{1,2})\2(\d{1,2})$/;
/**
 * A date cell saved as its number (Excel counts days from 30 December 1899): five digits, the
 * years 1927–2173, a time of day after the point left out. A bare year ("2015") is no date.
 */
const EXCEL_SERIAL = /^\d{5}(?:\.\d+)?$/;
const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
const isoOf = (year: string, month: string, day: string) => `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;

/**
 * A birthdate as a file writes it, as yyyy-mm-dd (not yet checked to be a real day), or null:
 * day first (dd/mm/yyyy, d/m/yyyy), year first (yyyy-mm-dd), each with `/`, `-` or `.`, in any
 * digits (latinDigits); or an Excel date (a date cell is read as yyyy-mm-dd, a serial number here).
 */
export function importDate(text: string): string | null {
  const value = latinDigits(text).trim();
  const dayFirst = DAY_FIRST.exec(value);
  if (dayFirst) return isoOf(dayFirst[4], dayFirst[3], dayFirst[1]);
  const yearFirst = YEAR_FIRST.exec(value);
  if (yearFirst) return isoOf(yearFirst[1], yearFirst[3], yearFirst[4]);
  if (EXCEL_SERIAL.test(value)) return new Date(EXCEL_DAY_ZERO + Math.floor(Number(value)) * DAY_MS).toISOString().slice(0, 10);
  return null;
}

/**
 * A file's birthdate (importDate), stored as yyyy-mm-dd; one that is none, or no real day
 * (31/31/2015, 30/02/2015), says how to write it (`import.birthdate_format`; the import error
 * carries the cell as written).
 */
export const importBirthdateSchema = z
  .string({ error: MSG.birthdateRequired })
  .trim()
  .min(1, MSG.birthdateRequired)
  .transform((v) => importDate(v) ?? v)
  .pipe(isoDate(ERRORS['import.birthdate_format']));

/** Gender as written in a file: the codes, or English or Arabic words. */
export const GENDER_WORDS: Record<'en' | 'ar', Record<'MALE' | 'FEMALE', string>> = {
  en: { MALE: 'Male', FEMALE: 'Female' },
  ar: { MALE: 'ذكر', FEMALE: 'أنثى' },
};
const genderWord = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const word = v.trim();
  if (word === 'ذكر') return 'MALE';
  if (word === 'أنثى' || word === 'انثى') return 'FEMALE';
  return word;
}, genderSchema);

/** Team names in one cell: separated by `;` or the Arabic comma. */
export const splitTeamNames = (cell: string) =>
  cell
    .split(/[;؛،]/)
    .map((n) => n.trim())
    .filter(Boolean);

/**
 * One row of a players file, checked by the very rules of Add Player (registration.ts): an
 * issue's path is the row's column. The birthdate window and the team names are checked by the
 * server (its clock, the academy's teams).
 */
export const importRowSchema = z.object({
  name: playerInfoSchema.shape.name,
  nameArabic: playerInfoSchema.shape.nameArabic,
  nationalId: playerInfoSchema.shape.nationalId,
  nationality: playerInfoSchema.shape.nationality,
  birthdate: importBirthdateSchema,
  gender: genderWord,
  residentialNeighborhood: playerInfoSchema.shape.residentialNeighborhood,
  medicalCondition: playerInfoSchema.shape.medicalCondition,
  teams: z
    .string()
    .max(1000)
    .nullish()
    .transform((v) => splitTeamNames(v ?? '')),
  parentName: parentInfoSchema.shape.name,
  parentNameArabic: parentInfoSchema.shape.nameArabic,
  parentPhone: parentInfoSchema.shape.phone,
  parentEmail: parentInfoSchema.shape.email,
  emergencyPhone1: parentInfoSchema.shape.emergencyPhone1,
  emergencyPhone2: parentInfoSchema.shape.emergencyPhone2,
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** A phone as compared when matching a row to a player already added: E.164 (0501234567 and +966501234567 are one number). */
export const phoneKey = (phone: string) => parsePhoneNumberFromString(phone, 'SA')?.number ?? phone.replace(/\D/g, '');

/**
 * Who a row is, to update rather than duplicate a player on a second upload: the national id when
 * the row has one, and always its name, birthdate and parent phone.
 */
export const importIdentity = (row: Pick<ImportRow, 'nationalId' | 'name' | 'birthdate' | 'parentPhone'>) => ({
  nationalId: row.nationalId ? row.nationalId.toLowerCase() : null,
  person: `${row.name.toLowerCase()}|${row.birthdate}|${phoneKey(row.parentPhone)}`,
});

/** Which of the file's columns (by index, 0-based) holds each field; an unmapped field is absent. */
export const importMappingSchema = z.partialRecord(z.enum(IMPORT_COLUMNS), z.number().int().min(0).max(199));
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** Multipart fields of a preview or an import: the file comes as `file`, the mapping (optional: by header) as JSON. */
export const playerImportFields = z.object({
  mapping: jsonText(importMappingSchema).optional(),
  /**
   * The guardians' medical consent on paper, confirmed by the member for the rows that bring a new or
   * changed condition the child's consent does not cover (recorded for each); without it those rows are
   * refused (`consent.medical_required` on the condition's column).
   */
  medicalConsent: jsonText(medicalConsentGivenSchema).optional(),
});

/** The most data rows one file may hold. */
export const MAX_IMPORT_ROWS = 5000;
/** The largest players file (bytes) the server reads; a larger upload is refused unread (`import.file_too_large`, 413). */
export const MAX_IMPORT_FILE_BYTES = 4 * 1024 * 1024;
/** The most columns a file may have: a non-empty cell further right refuses it (`import.too_many_columns`). */
export const MAX_IMPORT_COLUMNS = 200;
/** The longest cell, in characters (`import.cell_too_long`): every field's own limit is under it. */
export const MAX_IMPORT_CELL_LENGTH = 2000;

/** One problem of a file: its row as a spreadsheet numbers it (the header is row 1) and its column. */
export const importErrorSchema = z.object({
  row: z.number().int(),
  column: z.enum(IMPORT_COLUMNS).nullable(),
  code: z.string(),
  message: z.string(),
  /** The cell as the file writes it, when the error is about what it holds (a date, a phone); an unknown team's name. */
  value: z.string().optional(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importPreviewSchema = z.object({
  /** The file's header cells, in order. */
  headers: z.array(z.string()),
  /** The mapping used: the one sent, or the one read off the headers. */
  mapping: importMappingSchema,
  rowCount: z.number().int(),
  /** New players the import would add and existing ones it would update (same national id, or same name, birthdate and parent phone). */
  creates: z.number().int(),
  updates: z.number().int(),
  errors: z.array(importErrorSchema),
  /** The first rows as read, for the preview table. */
  sample: z.array(z.array(z.string())),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;

export const fileFormatSchema = z.enum(['csv', 'xlsx']);
export const playerFileQuery = z.object({
  format: fileFormatSchema.default('csv'),
  lang: z.enum(['en', 'ar']).default('en'),
  /** The export's national id and medical condition columns: left out unless asked by a member with medical and identity (403 otherwise). */
  includeSensitive: z.stringbool().default(false),
});
export type PlayerFileQuery = z.input<typeof playerFileQuery>;
