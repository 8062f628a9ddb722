/**
 * Hand-made spreadsheets for the import's tests and bench (bench/import.ts): zips written byte by
 * byte, so an entry may declare any size, and zip bombs that unpack to gigabytes from a few MB.
 * Not used by the server.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** An entry's bytes as stored: deflated data, the size it unpacks to and its CRC (both as the zip declares them). */
export interface PackedEntry {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
}

/** Deflates a whole text or buffer into an entry. */
export function packed(name: string, content: string | Buffer): PackedEntry {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, data: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/**
 * An entry that unpacks to `times` copies of `block`, deflated once: a block flushed in full does
 * not refer to what came before it, so the same compressed bytes may follow each other, and an
 * empty final block ends the stream. A megabyte of zeros deflates to about a kilobyte.
 */
export function repeated(name: string, block: Buffer, times: number, head = '', tail = ''): PackedEntry {
  const flushed = (bytes: Buffer) => deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const once = flushed(block);
  const parts = [
    flushed(Buffer.from(head)),
    ...Array.from({ length: times }, () => once),
    flushed(Buffer.from(tail)),
    deflateRawSync(Buffer.alloc(0)),
  ];
  let crc = crc32(Buffer.from(head));
  // The CRC of gigabytes of zeros is not worth computing: nothing reads such an entry to its end.
  if (block.length * times <= 256 * 1024 * 1024) {
    for (let i = 0; i < times; i++) crc = crc32(block, crc);
    crc = crc32(Buffer.from(tail), crc);
  } else crc = 0;
  return { name, data: Buffer.concat(parts), size: head.length + block.length * times + tail.length, crc };
}

/** A zip of the entries (deflated), each declaring the size and CRC it was given. */
export function zipOf(entries: PackedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A row of inline-string cells. */
export const rowXml = (cells: string[]) => `<row>${cells.map((c) => `<c t="inlineStr"><is><t>${xmlText(c)}</t></is></c>`).join('')}</row>`;

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';

/** The parts every workbook has besides its sheet: the workbook, its relationships and the content types. */
export function workbookParts(extra: PackedEntry[] = []): PackedEntry[] {
  return [
    packed(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    packed(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    packed(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Players" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    packed(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    ...extra,
  ];
}

/** An XLSX whose sheet is the header and `count` copies of one row (inline strings), deflated once. */
export function xlsxOfRepeatedRow(headers: string[], row: string[], count: number, extra: PackedEntry[] = []) {
  return zipOf(workbookParts([repeatedRows(headers, row, count), ...extra]));
}

/** A sheet part of the header and `count` copies of one row, deflated a thousand rows at a time when it can. */
export function repeatedRows(headers: string[], row: string[], count: number) {
  const per = count % 1000 === 0 ? 1000 : 1;
  return repeated('xl/worksheets/sheet1.xml', Buffer.from(rowXml(row).repeat(per)), count / per, SHEET_HEAD + rowXml(headers), SHEET_TAIL);
}

/**
 * A spreadsheet bomb: a few MB that unpack to gigabytes. A part the importer never reads
 * (`gigabytes` of zeros) and a sheet of 200,000 rows (over 100 MB of XML).
 */
export function bombXlsx(headers: string[], row: string[], gigabytes = 2) {
  const zeros = repeated('xl/media/padding.bin', Buffer.alloc(1024 * 1024), Math.round(gigabytes * 1024) - 1);
  return xlsxOfRepeatedRow(headers, row, 200_000, [zeros]);
}
