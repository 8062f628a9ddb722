// One spreadsheet must not stall every academy: a players file is read in a worker
// thread under limits that hold while it is read, before any transaction opens.
import { IMPORT_COLUMNS, IMPORT_HEADERS, MAX_IMPORT_FILE_BYTES } from '@kora/contracts';
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
import { SHEET_LIMITS } from './file.js';
import { parseSheet, SheetError } from './sheet-parse.js';
import {
  bombXlsx,
  packed,
  repeated,
  repeatedRows,
  rowXml,
  SHEET_HEAD,
  SHEET_TAIL,
  workbookParts,
  xlsxOfRepeatedRow,
  zipOf,
} from './test-files.js';

const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;
beforeAll(async () => {
  await withTenant(t.deps.db, a.id, (tx) => tx.insert(teams).values({ academyId: a.id, name: 'U10 Lions' }));
});

const EN = IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[c].en);
const row = (cells: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>) => IMPORT_COLUMNS.map((c) => cells[c] ?? '');
const omar = row({ name: 'Omar Saleh', birthdate: '2016-07-01', gender: 'Male', parentName: 'Saleh Omar', parentPhone: '+966502223344' });

const upload = (who: Academy, path: 'import' | 'import/preview', bytes: Buffer, name = 'players.xlsx') =>
  asMember(
    t.app,
    who,
  )({ method: 'POST', url: `/api/players/${path}`, ...multipart({}, { name, bytes, type: 'application/octet-stream', field: 'file' }) });
const playersOf = (academy: Academy) => withTenant(t.deps.db, academy.id, (tx) => tx.select().from(users).where(eq(users.role, 'PLAYER')));
const teamsOf = (academy: Academy) => withTenant(t.deps.db, academy.id, (tx) => tx.select().from(teams));
const createTeam = (who: Academy, name: string) => api(t.app, who)('createTeam', { body: { name } });

/** `count` valid, different players in the template's columns. */
const players = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    row({
      name: `Player ${i}`,
      nationalId: String(1_000_000_000 + i),
      birthdate: `201${i % 8}-0${1 + (i % 9)}-1${i % 9}`,
      gender: i % 2 ? 'Male' : 'Female',
      teams: 'U10 Lions',
      parentName: `Parent ${i}`,
      parentPhone: `+9665${String(10_000_000 + i).padStart(8, '0')}`,
    }),
  );

describe('players import limits', () => {
  it('answers a zip bomb (MBs that unpack to GBs) with a clear 400 while another academy writes, and imports nothing', async () => {
    const bomb = bombXlsx(EN, omar, 2);
    // A few MB on the wire, gigabytes unpacked.
    expect(bomb.length).toBeLessThan(MAX_IMPORT_FILE_BYTES);
    const teamsBefore = (await teamsOf(b)).length;
    const [preview, imported, created, listed] = await Promise.all([
      upload(a, 'import/preview', bomb),
      upload(a, 'import', bomb),
      createTeam(b, 'B Tigers'),
      api(t.app, b)('listTeams'),
    ]);
    for (const res of [preview, imported]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'import.unpacked_too_large', params: { max: 32 } });
    }
    expect(created.statusCode).toBe(201);
    expect(listed.statusCode).toBe(200);
    expect((await teamsOf(b)).length).toBe(teamsBefore + 1);
    expect(await playersOf(a)).toEqual([]);
  });

  it('stops inflating a sheet past the limit whatever size the zip declares for it', async () => {
    // The sheet says it unpacks to 1 KB; it unpacks to over 100 MB.
    const sheet = repeatedRows(EN, omar, 200_000);
    expect(sheet.size).toBeGreaterThan(100 * 1024 * 1024);
    const liar = zipOf(workbookParts([{ ...sheet, size: 1024 }]));
    const res = await upload(a, 'import/preview', liar);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('import.unpacked_too_large');
    // And in the reader itself: the refusal, not a sheet cut at its declared size.
    expect(() => parseSheet(liar, SHEET_LIMITS)).toThrow(expect.objectContaining({ code: 'import.unpacked_too_large' }));
  });

  it('reads only the parts a sheet needs: gigabytes in a part it never uses do not stop a good file', async () => {
    const c = await registerAndLogin(t.app);
    const zeros = repeated('xl/media/padding.bin', Buffer.alloc(1024 * 1024), 2047);
    const file = xlsxOfRepeatedRow(EN, omar, 1, [zeros]);
    const preview = await upload(c, 'import/preview', file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rowCount: 1, creates: 1, errors: [] });
    expect((await upload(c, 'import', file)).json()).toEqual({ created: 1, updated: 0 });
    expect((await playersOf(c)).map((p) => p.name)).toEqual(['Omar Saleh']);
  });

  it('refuses more rows than an import takes while reading them (XLSX and CSV)', async () => {
    const many = xlsxOfRepeatedRow(EN, omar, 5001);
    const res = await upload(a, 'import/preview', many);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'import.too_many_rows', params: { max: 5000 } });
    const csv = Buffer.from(csvDocument([EN, ...players(5001)]), 'utf8');
    const fromCsv = await upload(a, 'import', csv, 'players.csv');
    expect(fromCsv.json()).toMatchObject({ code: 'import.too_many_rows', params: { max: 5000 } });
    expect(await playersOf(a)).toEqual([]);
  });

  it('refuses a cell beyond the 200th column and a cell longer than 2,000 characters, naming its row', async () => {
    const wide = Buffer.from(csvDocument([EN, [...omar, ...Array.from({ length: 190 }, () => ''), 'far right']]), 'utf8');
    const res = await upload(a, 'import/preview', wide, 'players.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'import.too_many_columns', params: { max: 200 } });
    // Empty cells far right are no column of the file.
    const trailing = Buffer.from(csvDocument([EN, [...omar, ...Array.from({ length: 500 }, () => '')]]), 'utf8');
    expect((await upload(a, 'import/preview', trailing, 'players.csv')).json()).toMatchObject({ rowCount: 1, errors: [] });

    const long = row({ ...Object.fromEntries(IMPORT_COLUMNS.map((k, i) => [k, omar[i]])), medicalCondition: 'x'.repeat(2001) });
    const xlsx = zipOf(
      workbookParts([packed('xl/worksheets/sheet1.xml', SHEET_HEAD + rowXml(EN) + rowXml(omar) + rowXml(long) + SHEET_TAIL)]),
    );
    const tooLong = await upload(a, 'import/preview', xlsx);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'import.cell_too_long', params: { row: 3, max: 2000 } });
    expect(await playersOf(a)).toEqual([]);
  });

  it('refuses an upload larger than a players file may be with import.file_too_large, changing nothing', async () => {
    const c = await registerAndLogin(t.app);
    const header = `${csvDocument([EN, omar])}`;
    // Just over the limit (read, then refused) and far over it (refused by its length, unread).
    for (const size of [MAX_IMPORT_FILE_BYTES + 1, 3 * MAX_IMPORT_FILE_BYTES]) {
      const big = Buffer.concat([Buffer.from(header, 'utf8'), Buffer.alloc(size - Buffer.byteLength(header), ' ')]);
      for (const path of ['import/preview', 'import'] as const) {
        const res = await upload(c, path, big, 'players.csv');
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({ code: 'import.file_too_large', params: { max: 4 } });
      }
    }
    expect(await playersOf(c)).toEqual([]);
  });

  it('reads a workbook as Excel saves it: shared strings, rich text, numbers and date cells', async () => {
    const c = await registerAndLogin(t.app);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Players');
    sheet.addRow(['Player name', 'Birthdate', 'Gender', 'Parent name', 'Parent phone', 'National ID']);
    sheet.addRow(['Lina Fahad', new Date(Date.UTC(2015, 4, 5)), 'Female', 'Fahad', '+966501234567', 1100000002]);
    sheet.addRow([
      { richText: [{ text: 'Yara ' }, { text: 'Ali', font: { bold: true } }] },
      '2014-02-03',
      'Female',
      'Ali',
      '0501234568',
      null,
    ]);
    // A second sheet is not read.
    book.addWorksheet('Notes').addRow(['ignored']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const preview = await upload(c, 'import/preview', file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rowCount: 2, creates: 2, errors: [] });
    expect(preview.json().sample).toEqual([
      ['Lina Fahad', '2015-05-05', 'Female', 'Fahad', '+966501234567', '1100000002'],
      ['Yara Ali', '2014-02-03', 'Female', 'Ali', '0501234568', ''],
    ]);
    expect((await upload(c, 'import', file)).json()).toEqual({ created: 2, updated: 0 });
  });

  it('imports 5,000 rows while another academy keeps answering', { timeout: 180_000 }, async () => {
    const c = await registerAndLogin(t.app);
    await withTenant(t.deps.db, c.id, (tx) => tx.insert(teams).values({ academyId: c.id, name: 'U10 Lions' }));
    const file = Buffer.from(csvDocument([EN, ...players(5000)]), 'utf8');
    const teamsBefore = (await teamsOf(b)).length;
    const [imported, created, listed] = await Promise.all([
      upload(c, 'import', file, 'players.csv'),
      createTeam(b, 'B Falcons'),
      api(t.app, b)('listTeams'),
    ]);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ created: 5000, updated: 0 });
    expect(created.statusCode).toBe(201);
    expect(listed.statusCode).toBe(200);
    expect((await teamsOf(b)).length).toBe(teamsBefore + 1);
    expect(await playersOf(c)).toHaveLength(5000);
  });
});

describe('the sheet reader', () => {
  const read = (text: string) => parseSheet(Buffer.from(text, 'utf8'), SHEET_LIMITS);

  it('reads CSV as Excel writes it: quotes, quotes doubled, line breaks in a cell, `;` separators, CRLF', () => {
    expect(read('a;b;c\r\n"x ""y""";"two\nlines";3\r\n\r\n;;\r\nlast;;\r\n')).toEqual({
      headers: ['a', 'b', 'c'],
      rows: [
        { row: 2, cells: ['x "y"', 'two\nlines', '3'] },
        { row: 5, cells: ['last', '', ''] },
      ],
    });
  });

  it('refuses a file it cannot read as unreadable, never with a crash', () => {
    const unreadable = expect.objectContaining({ code: 'import.file_unreadable' });
    expect(() => read('"never closed')).toThrow(unreadable);
    expect(() => parseSheet(Buffer.from([0xff, 0xfe, 0x00]), SHEET_LIMITS)).toThrow(unreadable);
    const doctype = zipOf(
      workbookParts([packed('xl/worksheets/sheet1.xml', '<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData/></worksheet>')]),
    );
    expect(() => parseSheet(doctype, SHEET_LIMITS)).toThrow(unreadable);
    const truncated = xlsxOfRepeatedRow(EN, omar, 10).subarray(0, 500);
    expect(() => parseSheet(truncated, SHEET_LIMITS)).toThrow(SheetError);
  });
});
