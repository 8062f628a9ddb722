import { IMPORT_COLUMNS, IMPORT_HEADERS } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { multipart } from '../../../test/fixtures.js';
import { type Academy, asMember, registerAndLogin } from '../../../test/harness.js';
import { teams, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { csvDocument } from '../../lib/csv.js';

const t = useTestApp();
beforeAll(async () => {
  // Sunday 22 November 2026: a birthdate of 2009–2021 is within the window (5–50 years ago).
  t.clock.set('2026-11-22T09:00:00Z');
});

const EN = IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[c].en);
const AR = IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[c].ar);
const row = (cells: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>) => IMPORT_COLUMNS.map((c) => cells[c] ?? '');
/** A valid row of a player with this name and birthdate (phones differ by `n`). */
const player = (n: number, name: string, birthdate: string, extra: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {}) =>
  row({ name, birthdate, gender: 'Male', parentName: `Parent ${n}`, parentPhone: `+9665011100${String(n).padStart(2, '0')}`, ...extra });

const csv = (lines: string[][]) => Buffer.from(csvDocument(lines), 'utf8');
const upload = (who: Academy, path: 'import' | 'import/preview', bytes: Buffer, name = 'players.csv') =>
  asMember(t.app, who)({ method: 'POST', url: `/api/players/${path}`, ...multipart({}, { name, bytes, type: 'text/csv', field: 'file' }) });
const birthdates = async (academy: Academy) =>
  Object.fromEntries(
    (
      await withTenant(t.deps.db, academy.id, (tx) =>
        tx.select({ name: users.name, birthdate: users.birthdate }).from(users).where(eq(users.role, 'PLAYER')),
      )
    ).map((p) => [p.name, p.birthdate]),
  );

/** Text as Windows-1256 bytes, as Arabic Excel saves "CSV (Comma delimited)" (Node decodes the code page, never encodes it). */
function windows1256(text: string) {
  const decoder = new TextDecoder('windows-1256');
  const byteOf = new Map<string, number>();
  for (let b = 0; b < 256; b++) byteOf.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from(
    [...text].map((ch) => {
      const b = byteOf.get(ch);
      if (b === undefined) throw new Error(`not in Windows-1256: ${ch}`);
      return b;
    }),
  );
}

describe('birthdates as people write them', () => {
  it('reads dd/mm/yyyy, d/m/yyyy, yyyy-mm-dd with / - or . , any digits, and Excel serial numbers, day first', async () => {
    const a = await registerAndLogin(t.app);
    const file = csv([
      EN,
      player(1, 'Day First', '14/03/2015'),
      player(2, 'Short Day', '4/3/2015'),
      player(3, 'Dotted', '04.11.2013'),
      player(4, 'Dashed', '25-12-2012'),
      player(5, 'Year First Slash', '2016/7/1'),
      player(6, 'Arabic Digits', '٠٩/٠٨/٢٠١٤'),
      player(7, 'Excel Serial', '42078'),
      player(8, 'Iso', '2015-03-04'),
    ]);
    const preview = await upload(a, 'import/preview', file);
    expect(preview.json()).toMatchObject({ creates: 8, errors: [] });
    expect((await upload(a, 'import', file)).json()).toEqual({ created: 8, updated: 0 });
    expect(await birthdates(a)).toEqual({
      'Day First': '2015-03-14',
      'Short Day': '2015-03-04',
      Dotted: '2013-11-04',
      Dashed: '2012-12-25',
      'Year First Slash': '2016-07-01',
      'Arabic Digits': '2014-08-09',
      'Excel Serial': '2015-03-15',
      Iso: '2015-03-04',
    });
  });

  it('reads an Excel file whose dates are typed as text, date cells and serial numbers', async () => {
    const a = await registerAndLogin(t.app);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Players');
    sheet.addRow(EN);
    sheet.addRow(player(1, 'Typed', '14/03/2015'));
    const dated = sheet.addRow(player(2, 'Date Cell', ''));
    dated.getCell(IMPORT_COLUMNS.indexOf('birthdate') + 1).value = new Date(Date.UTC(2013, 10, 4));
    const serial = sheet.addRow(player(3, 'Serial Cell', ''));
    // 15 March 2015 as a number in a General cell (a date pasted as its value).
    serial.getCell(IMPORT_COLUMNS.indexOf('birthdate') + 1).value = 42078;
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect((await upload(a, 'import', file, 'players.xlsx')).json()).toEqual({ created: 3, updated: 0 });
    expect(await birthdates(a)).toEqual({ Typed: '2015-03-14', 'Date Cell': '2013-11-04', 'Serial Cell': '2015-03-15' });
  });

  it('names the expected format and the value of a date it cannot read, and the name of an unknown team', async () => {
    const a = await registerAndLogin(t.app);
    const file = csv([
      EN,
      player(1, 'Month 31', '31/31/2015'),
      player(2, 'No Such Day', '30/02/2015'),
      player(3, 'Year Only', '2015'),
      player(4, 'Ghost Team', '14/03/2015', { teams: 'Ghosts; Phantoms' }),
    ]);
    const { errors } = (await upload(a, 'import/preview', file)).json();
    expect(errors).toEqual([
      {
        row: 2,
        column: 'birthdate',
        code: 'import.birthdate_format',
        message: 'Write the date as dd/mm/yyyy (e.g. 14/03/2015); found “31/31/2015”',
        value: '31/31/2015',
      },
      expect.objectContaining({ row: 3, column: 'birthdate', code: 'import.birthdate_format', value: '30/02/2015' }),
      expect.objectContaining({ row: 4, column: 'birthdate', code: 'import.birthdate_format', value: '2015' }),
      {
        row: 5,
        column: 'teams',
        code: 'import.team_not_found',
        message: 'No team of this academy has this name; found “Ghosts; Phantoms”',
        value: 'Ghosts; Phantoms',
      },
    ]);
    // The import's refusal says the same.
    const refused = await upload(a, 'import', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0]).toEqual({
      path: '2.birthdate',
      code: 'import.birthdate_format',
      message: 'Write the date as dd/mm/yyyy (e.g. 14/03/2015); found “31/31/2015”',
    });
  });

  it('offers a template whose birthdate header says how to write the date, and reads it back', async () => {
    const a = await registerAndLogin(t.app);
    for (const [format, lang, header] of [
      ['csv', 'en', 'Birthdate (dd/mm/yyyy)'],
      ['xlsx', 'ar', 'تاريخ الميلاد (يوم/شهر/سنة)'],
    ] as const) {
      const template = await api(t.app, a)('playerImportTemplate', { query: { format, lang } });
      expect(template.statusCode).toBe(200);
      const column = IMPORT_COLUMNS.indexOf('birthdate');
      if (format === 'csv') expect(template.body.replace(/^\uFEFF/, '').split(',')[column]).toBe(`"${header}"`);
      else {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(new Uint8Array(template.rawPayload).buffer);
        expect(book.worksheets[0].getRow(1).getCell(column + 1).value).toBe(header);
      }
      const filled = csv([
        IMPORT_COLUMNS.map((c, i) => (c === 'birthdate' ? header : lang === 'en' ? EN[i] : AR[i])),
        player(1, 'Filled', '14/03/2015'),
      ]);
      expect((await upload(a, 'import/preview', filled)).json()).toMatchObject({ errors: [], creates: 1 });
    }
  });
});

describe('a CSV in Windows-1256 (Arabic Excel)', () => {
  it('is read, Arabic headers, names and teams intact', async () => {
    const a = await registerAndLogin(t.app);
    await withTenant(t.deps.db, a.id, (tx) => tx.insert(teams).values({ academyId: a.id, name: 'Eagles', nameArabic: 'النسور' }));
    const text = csvDocument([
      ['اسم اللاعب', 'اسم اللاعب بالعربية', 'تاريخ الميلاد', 'الجنس', 'الفرق', 'اسم ولي الأمر', 'جوال ولي الأمر'],
      ['Layan Al-Qahtani', 'ليان القحطاني', '14/03/2015', 'أنثى', 'النسور', 'عبدالله القحطاني', '0501234567'],
      ['Fahad Al-Dosari', 'فهد الدوسري', '1/9/2013', 'ذكر', '', 'سعد الدوسري', '0551234567'],
    ]).replace(/^\uFEFF/, '');
    const file = windows1256(text);
    // Not UTF-8: the old reader refused it.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file)).toThrow();
    expect((await upload(a, 'import', file)).json()).toEqual({ created: 2, updated: 0 });
    const people = await withTenant(t.deps.db, a.id, (tx) =>
      tx.select({ name: users.name, nameArabic: users.nameArabic, birthdate: users.birthdate, role: users.role }).from(users),
    );
    expect(people.filter((p) => p.role === 'PLAYER').sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { name: 'Fahad Al-Dosari', nameArabic: 'فهد الدوسري', birthdate: '2013-09-01', role: 'PLAYER' },
      { name: 'Layan Al-Qahtani', nameArabic: 'ليان القحطاني', birthdate: '2015-03-14', role: 'PLAYER' },
    ]);
    expect(
      people
        .filter((p) => p.role === 'PARENT')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['سعد الدوسري', 'عبدالله القحطاني']);
  });

  it('still refuses bytes that are no text', async () => {
    const a = await registerAndLogin(t.app);
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xc7, 0xe1, 0x01, 0x02]);
    expect((await upload(a, 'import/preview', binary)).json().code).toBe('import.file_unreadable');
  });
});
