/**
 * Reads a players file (CSV, or an XLSX's first sheet) into its rows of text under limits that hold
 * while it is read: of an XLSX only the parts a sheet needs are inflated (the workbook, its
 * relationships, the first worksheet, the shared strings and the styles), each stopped as soon as
 * the unpacked bytes pass the budget, whatever the zip declares; rows, columns and cell lengths
 * are counted as they come. Synchronous and free of the app's modules: it runs in a worker thread
 * (sheet-worker.ts), so a file being read never holds the server's event loop.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface SheetLimits {
  /** Data rows (non-empty, under the header) a file may hold. */
  rows: number;
  /** Columns: a non-empty cell further right is refused. */
  columns: number;
  /** Characters of one cell. */
  cellLength: number;
  /** Bytes an XLSX's read parts may unpack to, together. */
  unpackedBytes: number;
  /** Characters of all cells kept, together (an XLSX's shared string may be used by many cells). */
  textChars: number;
}

export type SheetErrorCode =
  | 'import.file_unreadable'
  | 'import.unpacked_too_large'
  | 'import.too_many_rows'
  | 'import.too_many_columns'
  | 'import.cell_too_long';

/** A file refused: the catalogued code (packages/contracts messages.ts) and the values its message names. */
export class SheetError extends Error {
  constructor(
    readonly code: SheetErrorCode,
    readonly params: Record<string, number> = {},
  ) {
    super(code);
  }
}

/** One row of a sheet: its number as a spreadsheet shows it (the header is row 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}
/** A file as read: its header row (row 1) and its non-empty rows under it. */
export interface ParsedSheet {
  headers: string[];
  rows: SheetRow[];
}

const unreadable = () => new SheetError('import.file_unreadable');
const MB = 1024 * 1024;

/** Collects rows as a reader finds them, enforcing the limits on each cell and row. */
class RowCollector {
  headers: string[] = [];
  rows: SheetRow[] = [];
  private chars = 0;
  constructor(private readonly limits: SheetLimits) {}

  /** A cell's text (trimmed) at a 0-based column of a spreadsheet row. */
  cell(cells: string[], row: number, column: number, text: string) {
    const value = text;
    if (value === '') {
      // An empty cell counts in the row's length (as exceljs reads it) within the columns a file may have.
      if (column < this.limits.columns) while (cells.length <= column) cells.push('');
      return;
    }
    if (column >= this.limits.columns) throw new SheetError('import.too_many_columns', { max: this.limits.columns });
    if (value.length > this.limits.cellLength) throw new SheetError('import.cell_too_long', { row, max: this.limits.cellLength });
    this.chars += value.length;
    if (this.chars > this.limits.textChars) throw new SheetError('import.unpacked_too_large', { max: this.limits.unpackedBytes / MB });
    while (cells.length < column) cells.push('');
    cells[column] = value;
  }

  /** A finished row: row 1 is the header, a later one is kept when it has a cell. */
  end(row: number, cells: string[]) {
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    if (row === 1) {
      this.headers = cells;
      return;
    }
    if (!cells.some((c) => c !== '')) return;
    if (this.rows.length >= this.limits.rows) throw new SheetError('import.too_many_rows', { max: this.limits.rows });
    this.rows.push({ row, cells });
  }
}

// ---------------------------------------------------------------- CSV

/** Whether the text has a control character no text file holds (tab, line feed and carriage return aside): bytes of a file that is not text. */
function hasControl(text: string) {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
}

/**
 * A CSV's text: UTF-8, or, when its bytes are not, Windows-1256, what Arabic Excel's "CSV (Comma
 * delimited)" saves (every byte is a character there, so bytes with control characters are refused).
 */
function csvText(file: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    const text = new TextDecoder('windows-1256').decode(file);
    if (hasControl(text)) throw unreadable();
    return text;
  }
}

/** A CSV saved in Excel's way: UTF-8 or Windows-1256 (csvText), `,` `;` or tab (the one the first line has most of), `"` quotes. */
export function parseCsv(file: Uint8Array, limits: SheetLimits): ParsedSheet {
  let text = csvText(file);
  if (text.includes('\u0000')) throw unreadable();
  text = text.replace(/^\uFEFF/, '');
  // A spreadsheet saved in a locale whose decimal mark is a comma separates cells with `;`.
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length;
  const delimiter = count(';') > count(',') ? ';' : count('\t') > count(',') ? '\t' : ',';

  const out = new RowCollector(limits);
  let row = 1;
  let cells: string[] = [];
  let column = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    // One field.
    let value: string;
    if (text[i] === '"') {
      let end = i + 1;
      let parts = '';
      for (;;) {
        const quote = text.indexOf('"', end);
        if (quote === -1) throw unreadable();
        parts += text.slice(end, quote);
        if (text[quote + 1] === '"') {
          parts += '"';
          end = quote + 2;
          continue;
        }
        end = quote + 1;
        break;
      }
      // Anything between the closing quote and the delimiter stays with the field.
      let stop = end;
      while (stop < n && text[stop] !== delimiter && text[stop] !== '\n' && text[stop] !== '\r') stop++;
      value = parts + text.slice(end, stop);
      i = stop;
    } else {
      let stop = i;
      while (stop < n && text[stop] !== delimiter && text[stop] !== '\n' && text[stop] !== '\r') stop++;
      value = text.slice(i, stop);
      i = stop;
    }
    out.cell(cells, row, column, unguard(value.trim()));
    column++;
    if (i >= n) break;
    if (text[i] === delimiter) {
      i++;
      // A line that ends in a delimiter has one more, empty, cell: nothing to keep.
      continue;
    }
    // End of line (\r\n, \n or \r).
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    out.end(row, cells);
    row++;
    cells = [];
    column = 0;
  }
  if (column > 0) out.end(row, cells);
  return { headers: out.headers, rows: out.rows };
}

/** The CSV export guards text that a spreadsheet would run as a formula with an apostrophe (lib/csv.ts); a round trip takes it off. */
const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

// ---------------------------------------------------------------- ZIP

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export const isZip = (file: Uint8Array) => file.length > 4 && file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;

/** The zip's central directory: every entry's name, method, sizes and where its data starts. Nothing is inflated. */
function zipDirectory(file: Buffer): Map<string, ZipEntry> {
  // The end record is in the last 22 + 65,535 (comment) bytes.
  let end = -1;
  for (let i = file.length - 22; i >= Math.max(0, file.length - 22 - 0xffff); i--) {
    if (file.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = file.readUInt16LE(end + 10);
  const size = file.readUInt32LE(end + 12);
  let at = file.readUInt32LE(end + 16);
  if (at + size > end) throw unreadable();
  const entries = new Map<string, ZipEntry>();
  for (let k = 0; k < count; k++) {
    if (at + 46 > end || file.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const nameLength = file.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    if (next > end) throw unreadable();
    const name = file
      .toString('utf8', at + 46, at + 46 + nameLength)
      .replaceAll('\\', '/')
      .replace(/^\//, '');
    entries.set(name, {
      name,
      flags: file.readUInt16LE(at + 8),
      method: file.readUInt16LE(at + 10),
      crc: file.readUInt32LE(at + 16),
      compressedSize: file.readUInt32LE(at + 20),
      size: file.readUInt32LE(at + 24),
      offset: file.readUInt32LE(at + 42),
    });
    at = next;
  }
  return entries;
}

/** Unpacks entries within one byte budget for all of them: declared sizes are checked first, and inflating stops past the budget whatever they said. */
class ZipReader {
  private left: number;
  constructor(
    private readonly file: Buffer,
    private readonly entries: Map<string, ZipEntry>,
    private readonly limits: SheetLimits,
  ) {
    this.left = limits.unpackedBytes;
  }

  has = (name: string) => this.entries.has(name);

  private tooLarge = () => new SheetError('import.unpacked_too_large', { max: this.limits.unpackedBytes / MB });

  /** An entry's text (UTF-8), or null when the zip has no such entry. */
  text(name: string): string | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    // Encrypted, or a size only a ZIP64 record holds: not a workbook Excel saves.
    if (entry.flags & 1 || entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw unreadable();
    if (entry.size > this.left) throw this.tooLarge();
    const { file } = this;
    const at = entry.offset;
    if (at + 30 > file.length || file.readUInt32LE(at) !== 0x04034b50) throw unreadable();
    const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
    if (start + entry.compressedSize > file.length) throw unreadable();
    const packed = file.subarray(start, start + entry.compressedSize);
    let bytes: Buffer;
    if (entry.method === 0) bytes = packed;
    else if (entry.method === 8) {
      try {
        // Node stops inflating, and throws, as soon as the output passes maxOutputLength.
        bytes = inflateRawSync(packed, { maxOutputLength: Math.max(1, this.left) });
      } catch (err) {
        if (err instanceof RangeError || (err instanceof Error && 'code' in err && err.code === 'ERR_BUFFER_TOO_LARGE'))
          throw this.tooLarge();
        throw unreadable();
      }
    } else throw unreadable();
    if (bytes.length > this.left) throw this.tooLarge();
    if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) throw unreadable();
    this.left -= bytes.length;
    return bytes.toString('utf8').replace(/^\uFEFF/, '');
  }
}

// ---------------------------------------------------------------- XML

interface XmlHandler {
  /** A start tag by its local name (no namespace prefix); `empty` for `<x/>`. */
  open(name: string, attrs: string, empty: boolean): void;
  close(name: string): void;
  /** Text between tags, entities decoded; only asked for while `wantText()` says so. */
  text(text: string): void;
  wantText(): boolean;
}

const TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const CLOSE = /<\/([A-Za-z_][\w.:-]*)\s*>/y;
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name] ?? whole;
  });
}

/** An attribute's value by its local name, from a start tag's attribute text. */
const ATTRIBUTES = new Map<string, RegExp>();
function attr(attrs: string, name: string): string | undefined {
  let re = ATTRIBUTES.get(name);
  if (!re) {
    re = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTES.set(name, re);
  }
  const m = re.exec(attrs);
  return m ? decodeEntities(m[1] ?? m[2] ?? '') : undefined;
}

/**
 * A small XML reader for the machine-written parts of a workbook: tags, text, CDATA, comments and
 * processing instructions. A DOCTYPE is refused: entities other than XML's five and numeric ones
 * are never expanded.
 */
function scanXml(xml: string, on: XmlHandler) {
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const stop = lt === -1 ? n : lt;
    if (stop > i && on.wantText()) on.text(decodeEntities(xml.slice(i, stop)));
    if (lt === -1) return;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x2f /* / */) {
      CLOSE.lastIndex = lt;
      const m = CLOSE.exec(xml);
      if (!m) throw unreadable();
      on.close(localName(m[1]));
      i = CLOSE.lastIndex;
    } else if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt);
      if (end < 0) throw unreadable();
      i = end + 2;
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt);
      if (end < 0) throw unreadable();
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      if (end < 0) throw unreadable();
      if (on.wantText()) on.text(xml.slice(lt + 9, end));
      i = end + 3;
    } else if (next === 0x21 /* ! */) {
      throw unreadable();
    } else {
      TAG.lastIndex = lt;
      const m = TAG.exec(xml);
      if (!m) throw unreadable();
      const name = localName(m[1]);
      const empty = m[3] === '/';
      on.open(name, m[2], empty);
      if (empty) on.close(name);
      i = TAG.lastIndex;
    }
  }
}

// ---------------------------------------------------------------- XLSX

/** Where a relationship's target lives in the zip, from the folder of the part that names it. */
function resolvePart(base: string, target: string) {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

/** A relationships part: each relationship's id, type (its last word) and resolved target. */
function relationships(xml: string | null, base: string) {
  const rels: { id: string; type: string; target: string }[] = [];
  if (xml === null) return rels;
  scanXml(xml, {
    open(name, attrs) {
      if (name !== 'Relationship' || attr(attrs, 'TargetMode') === 'External') return;
      const id = attr(attrs, 'Id');
      const target = attr(attrs, 'Target');
      if (id && target) rels.push({ id, type: (attr(attrs, 'Type') ?? '').split('/').pop() ?? '', target: resolvePart(base, target) });
    },
    close() {},
    text() {},
    wantText: () => false,
  });
  return rels;
}

/** Number formats that show a date or a time (ECMA-376 18.8.30), which exceljs reads as dates. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);
/** exceljs's rule for a custom format: date letters outside quotes and brackets. */
const isDateFormat = (code: string) => /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Which cell styles (by index) show dates. */
function dateStyles(xml: string | null): boolean[] {
  const styles: boolean[] = [];
  if (xml === null) return styles;
  const custom = new Map<number, boolean>();
  let inCellXfs = false;
  scanXml(xml, {
    open(name, attrs) {
      if (name === 'numFmt') custom.set(Number(attr(attrs, 'numFmtId')), isDateFormat(attr(attrs, 'formatCode') ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attr(attrs, 'numFmtId') ?? 0);
        styles.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
    wantText: () => false,
  });
  return styles;
}

/** The shared strings: each `<si>`'s text (rich runs joined, phonetic runs left out). */
function sharedStrings(xml: string | null): string[] {
  const strings: string[] = [];
  if (xml === null) return strings;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  scanXml(xml, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 't' && phonetic === 0) inText = true;
      else if (name === 'rPh') phonetic++;
    },
    close(name) {
      if (name === 'si') {
        strings.push((current ?? []).join(''));
        current = null;
      } else if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
    },
    text(text) {
      current?.push(text);
    },
    wantText: () => inText && current !== null,
  });
  return strings;
}

/** A cell reference's 0-based column ("C7" → 2), or -1. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) column = column * 26 + (c - 64);
    else if (c >= 97 && c <= 122) column = column * 26 + (c - 96);
    else break;
    if (column > 1_000_000) return -1;
  }
  return i === 0 ? -1 : column - 1;
}

/** A number as exceljs turns it into text: a date (UTC day) when its style shows one. */
function numberText(raw: string, isDate: boolean, date1904: boolean): string {
  const value = Number.parseFloat(raw);
  if (Number.isNaN(value)) return '';
  if (!isDate) return String(value);
  const date = new Date(Math.round((value - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** An XLSX's first sheet. */
export function parseXlsx(file: Buffer, limits: SheetLimits): ParsedSheet {
  const zip = new ZipReader(file, zipDirectory(file), limits);
  const workbookPath = 'xl/workbook.xml';
  const workbook = zip.text(workbookPath);
  if (workbook === null) throw unreadable();
  let firstSheetRel: string | undefined;
  let date1904 = false;
  scanXml(workbook, {
    open(name, attrs) {
      if (name === 'sheet' && firstSheetRel === undefined) firstSheetRel = attr(attrs, 'id');
      else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attr(attrs, 'date1904') ?? '');
    },
    close() {},
    text() {},
    wantText: () => false,
  });
  const rels = relationships(zip.text('xl/_rels/workbook.xml.rels'), 'xl');
  const sheetPath =
    rels.find((r) => r.id === firstSheetRel)?.target ?? (zip.has('xl/worksheets/sheet1.xml') ? 'xl/worksheets/sheet1.xml' : null);
  if (!sheetPath || !zip.has(sheetPath)) throw unreadable();
  const partOf = (type: string, fallback: string) => rels.find((r) => r.type === type)?.target ?? fallback;
  const strings = sharedStrings(zip.text(partOf('sharedStrings', 'xl/sharedStrings.xml')));
  const dates = dateStyles(zip.text(partOf('styles', 'xl/styles.xml')));
  const sheet = zip.text(sheetPath);
  if (sheet === null) throw unreadable();

  const out = new RowCollector(limits);
  let row = 0;
  let cells: string[] = [];
  let column = -1;
  // The cell being read: its type, style, value text and inline string.
  let type = '';
  let style = 0;
  let value: string[] | null = null;
  let inline: string[] | null = null;
  let inValue = false;
  let inText = false;
  let phonetic = 0;
  let inSheetData = false;
  scanXml(sheet, {
    open(name, attrs) {
      if (name === 'sheetData') inSheetData = true;
      if (!inSheetData) return;
      switch (name) {
        case 'row': {
          const r = Number(attr(attrs, 'r'));
          row = Number.isInteger(r) && r > row ? r : row + 1;
          cells = [];
          column = -1;
          break;
        }
        case 'c': {
          const at = columnOf(attr(attrs, 'r'));
          column = at >= 0 ? at : column + 1;
          type = attr(attrs, 't') ?? 'n';
          style = Number(attr(attrs, 's') ?? 0);
          value = null;
          inline = null;
          break;
        }
        case 'v':
          value = [];
          inValue = true;
          break;
        case 'is':
          inline = [];
          break;
        case 't':
          if (phonetic === 0) inText = true;
          break;
        case 'rPh':
          phonetic++;
          break;
      }
    },
    close(name) {
      if (name === 'sheetData') inSheetData = false;
      if (!inSheetData && name !== 'sheetData') return;
      switch (name) {
        case 'c': {
          const raw = value?.join('') ?? '';
          let text = '';
          if (type === 'inlineStr') text = inline?.join('') ?? '';
          else if (value === null) text = '';
          else if (type === 's') {
            const index = Number.parseInt(raw, 10);
            text = strings[index] ?? '';
          } else if (type === 'str') text = raw;
          else if (type === 'b') text = String(Number.parseInt(raw, 10) !== 0);
          else if (type === 'e') text = '';
          else if (type === 'd') {
            const date = new Date(raw);
            text = Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
          } else text = numberText(raw, dates[style] ?? false, date1904);
          out.cell(cells, row, column, text.trim());
          value = null;
          inline = null;
          break;
        }
        case 'row':
          out.end(row, cells);
          cells = [];
          break;
        case 'v':
          inValue = false;
          break;
        case 't':
          inText = false;
          break;
        case 'rPh':
          phonetic--;
          break;
      }
    },
    text(text) {
      if (inValue) value?.push(text);
      else if (inText) inline?.push(text);
    },
    wantText: () => inValue || (inText && inline !== null),
  });
  return { headers: out.headers, rows: out.rows };
}

/** A CSV or XLSX file as rows of text, under the limits. */
export function parseSheet(file: Buffer, limits: SheetLimits): ParsedSheet {
  return isZip(file) ? parseXlsx(file, limits) : parseCsv(file, limits);
}
