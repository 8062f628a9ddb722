import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { badRequest } from '../../http/errors.js';
import { csvDocument } from '../../lib/csv.js';

/** One row of a sheet: its number as a spreadsheet shows it (the header is row 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

const isZip = (file: Buffer) => file.length > 4 && file.readUInt32LE(0) === 0x04034b50;

/** A cell as text: dates as ISO days (Excel keeps them as numbers; exceljs reads them in UTC), formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** The CSV export guards text that a spreadsheet would run as a formula with an apostrophe (lib/csv.ts); a round trip takes it off. */
const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** A row's cells in order (exceljs answers them 1-based: index 0 is empty). */
const cellsOf = (row: ExcelJS.Row): ExcelJS.CellValue[] => (Array.isArray(row.values) ? row.values.slice(1) : []);

async function readXlsx(file: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's own type asks for an ArrayBuffer (its `Buffer`): a copy of the file's bytes in one.
  await workbook.xlsx.load(new Uint8Array(file).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = cellsOf(row).map((v) => cellText(v).trim());
  });
  return Array.from(rows, (r) => r ?? []);
}

async function readCsv(file: Buffer): Promise<string[][]> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw badRequest('import.file_unreadable', 'file');
  }
  if (text.includes('\u0000')) throw badRequest('import.file_unreadable', 'file');
  text = text.replace(/^\uFEFF/, '');
  // A spreadsheet saved in a locale whose decimal mark is a comma separates cells with `;`.
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length;
  const delimiter = count(';') > count(',') ? ';' : count('\t') > count(',') ? '\t' : ',';
  const workbook = new ExcelJS.Workbook();
  const sheet = await workbook.csv.read(Readable.from([text]), {
    // Cells stay text: a phone's leading + or 0 and a national id's digits are kept as written.
    map: (value: string) => value,
    parserOptions: { delimiter },
  });
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = cellsOf(row).map((v) => unguard(cellText(v).trim()));
  });
  return Array.from(rows, (r) => r ?? []);
}

/** Reads a CSV (UTF-8, `,` `;` or tab) or XLSX (its first sheet) file: its header row and its non-empty rows. */
export async function readSheet(file: Buffer): Promise<Sheet> {
  let grid: string[][];
  try {
    grid = isZip(file) ? await readXlsx(file) : await readCsv(file);
  } catch (err) {
    if (err instanceof Error && 'statusCode' in err) throw err;
    throw badRequest('import.file_unreadable', 'file');
  }
  const [headers = [], ...body] = grid;
  const rows = body.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((c) => c !== ''));
  if (!headers.some((h) => h !== '') || rows.length === 0) throw badRequest('import.empty', 'file');
  return { headers, rows };
}

/** A sheet as a file: CSV (UTF-8 with BOM, lib/csv.ts) or XLSX whose cells are all text, so phones and ids stay as written. */
export async function writeSheet(format: 'csv' | 'xlsx', headers: string[], rows: string[][], rtl: boolean): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(csvDocument([headers, ...rows]), 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Players', { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header) => ({ header, width: Math.max(14, header.length + 4), style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
