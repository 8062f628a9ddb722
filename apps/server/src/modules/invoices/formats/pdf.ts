import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { keysOf, printableText, riyadhWallClock, sarDecimal } from '@kora/contracts';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { countIn, joinList, SESSIONS_AR, SESSIONS_EN } from '../../../lib/arabic.js';

/** What an invoice prints: the frozen invoice row, with the seller (academy) and buyer (player) named at issuance. */
export interface InvoicePdfData {
  invoiceNumber: number;
  paidAt: Date;
  seller: {
    name: string;
    nameArabic: string | null;
    street: string | null;
    city: string | null;
    crNumber?: string | null;
    buildingNumber?: string | null;
    district?: string | null;
    postalCode?: string | null;
  };
  /** The seller's VAT number when the invoice was issued; null ⇒ no VAT rows, no tax-invoice title, no QR. */
  vatNumber: string | null;
  buyer: { name: string; nameArabic: string | null };
  /** The text of the ZATCA QR code (the signed document's, tags 1–9); null ⇒ none. */
  qr?: string | null;
  /** The signed document's UUID; absent for an invoice without one. */
  uuid?: string | null;
  /** A credit note (migration 0023): the invoice it credits and why; the amounts are those credited. */
  creditNote?: { invoiceNumber: number; issuedAt: Date; reason: string } | null;
  packageName: string;
  /** The package's Arabic name as issued (migration 0025), printed under the English one on the line. */
  packageNameArabic?: string | null;
  /** The period the invoice pays, fixed at issue (migration 0026): printed on the line under the package. */
  period?: { start: string | null; end: string | null; sessions: number | null } | null;
  subtotalHalalas: number;
  vatHalalas: number;
  totalHalalas: number;
  paymentMethod: 'Cash' | 'Card';
}

// ── fonts ─────────────────────────────────────────────────────────────────────
// Noto Sans and Noto Sans Arabic (SIL OFL, apps/server/assets/fonts/OFL.txt) are embedded, subset
// by pdfkit, so the PDF shows the same on every reader. The source (src/modules/invoices/formats/) and the bundle
// (dist/main.js, which build.mjs gives a copy in dist/assets/fonts) find them at different depths.
const FONT_DIRS = [new URL('../../../../assets/fonts/', import.meta.url), new URL('./assets/fonts/', import.meta.url)];
const FONT_FILES = {
  latin: 'NotoSans-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
  arabic: 'NotoSansArabic-Regular.ttf',
  arabicBold: 'NotoSansArabic-Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit's types know only paths and buffers; at run time it takes any object with `layout` (a fontkit font). */
      registerFont(name: string, src: fontkit.Font): this;
    }
  }
}

type Fonts = Record<FontName, fontkit.Font>;

/**
 * The fonts, freshly parsed: pdfkit takes a fontkit font as it takes a file. Parsing (plus the
 * shaping tables read on first use) is most of a document's cost (about 30 ms a document with the
 * parsed fonts kept, 127 ms parsing them each time), so documents share one set (`fonts()`); each
 * still makes its own subset of the glyphs it uses.
 */
export function openFonts(): Fonts {
  const dir = FONT_DIRS.find((d) => existsSync(fileURLToPath(new URL(FONT_FILES.latin, d))));
  if (!dir) throw new Error('Invoice fonts not found (apps/server/assets/fonts)');
  const open = (file: string) => {
    const font = fontkit.create(readFileSync(fileURLToPath(new URL(file, dir))));
    if (!('layout' in font)) throw new Error(`${file} is a font collection`);
    return keepCharacters(font);
  };
  return {
    latin: open(FONT_FILES.latin),
    latinBold: open(FONT_FILES.latinBold),
    arabic: open(FONT_FILES.arabic),
    arabicBold: open(FONT_FILES.arabicBold),
  };
}

let fontCache: Fonts | undefined;
const fonts = () => (fontCache ??= openFonts());

/**
 * fontkit keeps one glyph object per glyph id, with the characters of its first request, and pdfkit
 * writes those characters into the PDF's text layer (ToUnicode). A glyph first made as a part of
 * another (a composite's component while a subset is written: the final lam-alef "ﻼ" inside "ﻺ" of
 * "بالإ…") has none, so every later document of the process would print that glyph with no letters
 * behind it: "الإخ ص" read back for "الإخلاص". The characters of the first request that has them are
 * kept instead.
 */
function keepCharacters(font: fontkit.Font): fontkit.Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
  return font;
}

// ── right-to-left text ────────────────────────────────────────────────────────
// Why bidi-js: pdfkit has no bidirectional algorithm. It hands each line to fontkit, which shapes
// Arabic (joined letter forms) and then reverses the WHOLE string when its first script is Arabic,
// so "ضريبة 15%" would print "%51" and a Latin name inside Arabic text would run backwards; and
// neither font covers both scripts. So each line is split here into runs by the Unicode Bidi
// Algorithm (UAX #9, levels from bidi-js), the runs put in visual order (rule L2), and each run
// drawn with the font of its script: Arabic runs go to fontkit in logical order (it shapes and
// reverses them itself), other right-to-left runs (neutral signs) are reversed and mirrored here.
const bidi = bidiFactory();
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const STRONG_ARABIC = /\p{Script=Arabic}/u;

interface Segment {
  text: string;
  arabic: boolean;
}

/** Direction of a paragraph from its first strong character (UAX #9 P2–P3). */
const directionOf = (text: string): 'ltr' | 'rtl' => (bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level === 1 ? 'rtl' : 'ltr');

/** One line in visual order (left to right), cut into segments of one font each. */
export function visualSegments(text: string, base: 'ltr' | 'rtl'): Segment[] {
  if (!text) return [];
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.end = i;
    else runs.push({ start: i, end: i, level: levels[i] });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j].level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  const segments: Segment[] = [];
  for (const run of runs) {
    const rtl = run.level % 2 === 1;
    const pieces = splitByFont(text.slice(run.start, run.end + 1));
    for (const piece of rtl ? pieces.reverse() : pieces) {
      // fontkit reverses any text whose first script is Arabic, Arabic-Indic digits (U+0660–0669,
      // U+06F0–06F9) included: an Arabic run (odd level) is given to it in logical order, a
      // left-to-right one (even level: numbers, "٢٤" in "باقة ٢٤ حصة") pre-reversed, so that both
      // come out in visual order.
      const reversedByFontkit = STRONG_ARABIC.test(piece.text);
      const chars = [...piece.text];
      const text =
        rtl === reversedByFontkit
          ? piece.text
          : rtl
            ? chars
                .reverse()
                .map((c) => bidi.getMirroredCharacter(c) ?? c)
                .join('')
            : chars.reverse().join('');
      segments.push({ text, arabic: piece.arabic });
    }
  }
  return segments;
}

/** Arabic-script characters go to the Arabic font, the rest to the Latin one; spaces stay with what they follow. */
function splitByFont(text: string): Segment[] {
  const out: Segment[] = [];
  for (const ch of text) {
    const last = out[out.length - 1];
    const arabic = /\s/.test(ch) && last ? last.arabic : ARABIC.test(ch);
    if (last && last.arabic === arabic) last.text += ch;
    else out.push({ text: ch, arabic });
  }
  return out;
}

/**
 * User text as the PDF prints it. Each value is laid out as a paragraph of its own (its own base
 * direction, below), and every text of the data loses the control characters the contracts refuse
 * (`printableText`): a direction override or isolate stored before that rule cannot reorder the
 * line it stands in ("RAS 0001 emaN OLR"), nor a line break split it.
 */
export const printable = <T>(value: T): T => printableDeep(value) as T;

/** `printable`'s walk: the same shape, every string of it (in plain objects) cleaned. */
function printableDeep(value: unknown): unknown {
  if (typeof value === 'string') return printableText(value);
  // Plain objects hold texts; dates, numbers and bytes are printed as they are.
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, printableDeep(v)]));
}

// ── drawing ───────────────────────────────────────────────────────────────────
type Doc = PDFKit.PDFDocument;
interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}
interface Box extends TextStyle {
  x: number;
  width: number;
  align: 'left' | 'right' | 'center';
}

/**
 * Given any features (the shaper's own, e.g. init/medi/fina/rlig, always apply), pdfkit lays a
 * segment out as one fontkit run; without, it lays out word by word, each Arabic word reversed on
 * its own, which puts the words of a line in the wrong order.
 */
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = [];

const fontOf = (segment: Segment, bold = false): FontName =>
  segment.arabic ? (bold ? 'arabicBold' : 'arabic') : bold ? 'latinBold' : 'latin';

function measure(doc: Doc, text: string, style: TextStyle, base = directionOf(text)) {
  let width = 0;
  for (const s of visualSegments(text, base))
    width += doc.font(fontOf(s, style.bold)).fontSize(style.size).widthOfString(s.text, { features: FEATURES });
  return width;
}

/**
 * The text layer of Arabic (issue 18): a PDF holds right-to-left text as its glyphs in visual
 * order; a reader that copies, searches or extracts it maps each glyph to its characters through
 * the font's ToUnicode map, then reverses the right-to-left run character by character (poppler's
 * pdftotext does: pdf.test.ts). A ligature (lam-alef "لإ", one glyph for two letters) would come out
 * reversed ("اإلصدار" for "الإصدار"), so the characters of an Arabic ligature are stored in visual
 * order: reversed with the run, they read right. Single-letter glyphs map to their letter already
 * (fontkit keeps each shaped form's code point). pdfkit writes ToUnicode from each embedded font's
 * glyph-to-characters table when the document ends; this adjusts that (private) table just before.
 * `/ActualText` spans were tried instead: poppler places them out of order, so they are not used.
 */
function visualLigatures(doc: Doc) {
  const families: unknown = Reflect.get(doc, '_fontFamilies');
  if (!families || typeof families !== 'object') return;
  // A font is listed under its registered name and its PostScript name: each once.
  for (const font of new Set<unknown>(Object.values(families))) {
    const unicode: unknown = font && typeof font === 'object' ? Reflect.get(font, 'unicode') : undefined;
    if (!Array.isArray(unicode)) continue;
    for (const [gid, codePoints] of unicode.entries()) {
      if (isCodePoints(codePoints) && codePoints.length > 1 && codePoints.every((c) => STRONG_ARABIC.test(String.fromCodePoint(c))))
        unicode[gid] = [...codePoints].reverse();
    }
  }
}

const isCodePoints = (value: unknown): value is number[] => Array.isArray(value) && value.every((c) => typeof c === 'number');

/** One line of mixed-direction text on a baseline, aligned in its box. */
function line(doc: Doc, text: string, baseline: number, box: Box, base = directionOf(text)) {
  const segments = visualSegments(text, base);
  const width = measure(doc, text, box, base);
  let x = box.align === 'left' ? box.x : box.align === 'right' ? box.x + box.width - width : box.x + (box.width - width) / 2;
  doc.fillColor(box.color ?? INK);
  for (const s of segments) {
    doc.font(fontOf(s, box.bold)).fontSize(box.size);
    doc.text(s.text, x, baseline, { lineBreak: false, baseline: 'alphabetic', features: FEATURES });
    x += doc.widthOfString(s.text, { features: FEATURES });
  }
}

/** Greedy word wrap in logical order; every line is then laid out by the bidi algorithm on its own. */
function wrap(doc: Doc, text: string, style: TextStyle, width: number): string[] {
  const base = directionOf(text);
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && measure(doc, candidate, style, base) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/** Wrapped paragraphs, stacked from `top`; answers the height used. */
function block(doc: Doc, texts: string[], top: number, box: Box, leading = 1.45) {
  let baseline = top + box.size;
  let lines = 0;
  for (const text of texts) {
    for (const l of wrap(doc, text, box, box.width)) {
      line(doc, l, baseline, box, directionOf(text));
      baseline += box.size * leading;
      lines++;
    }
  }
  return Math.max(lines, 1) * box.size * leading;
}

// ── the invoice ───────────────────────────────────────────────────────────────
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const BRAND = '#047857';
const SHADE = '#ecfdf5';

const A4 = { width: 595.28, height: 841.89 };
const M = 48;
const W = A4.width - 2 * M;
const LABEL_W = 150;
/** A fact row's least height. */
const ROW = 24;
/** The QR code's size beside the totals: at most, and the least that still prints it there. */
const QR_MAX = 150;
const QR_MIN = 112;

/** A row of the facts table: the English label, the value's lines, the Arabic label. */
type Fact = [string, string[], string];
const fact = (en: string, values: string[], ar: string): Fact => [en, values, ar];

const METHODS = { Cash: { en: 'Cash', ar: 'نقدًا' }, Card: { en: 'Card', ar: 'بطاقة' } } as const;

/** The issue date and time as printed: Asia/Riyadh (UTC+3 all year, no daylight saving time). */
const riyadhDateTime = (d: Date) => `${riyadhWallClock(d).slice(0, 19).replace('T', ' ')} (UTC+03:00)`;

/**
 * The invoice as an A4 PDF, English and Arabic side by side: English labels on the left, Arabic on
 * the right, the values between them. With a VAT number it is a simplified tax invoice (title,
 * VAT rows at 15%, the signed document's UUID and its QR code); without one, a plain invoice (no
 * VAT is charged, so it claims none and carries no tax QR).
 */
export async function renderInvoicePdf(stored: InvoicePdfData, f: Fonts = fonts()): Promise<Buffer> {
  const data = printable(stored);
  const withVat = Boolean(data.vatNumber);
  // The phase-2 payload is long (tags 6–9: hash, signature, key, certificate signature): low error correction keeps the modules large.
  const qr = data.qr ? await QRCode.toBuffer(data.qr, { type: 'png', errorCorrectionLevel: 'L', margin: 4, scale: 4 }) : null;

  const note = data.creditNote ?? null;
  const title = note
    ? { ar: 'إشعار دائن', en: 'Credit note' }
    : withVat
      ? { ar: 'فاتورة ضريبية مبسطة', en: 'Simplified Tax Invoice' }
      : { ar: 'فاتورة', en: 'Invoice' };
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    info: {
      Title: `${title.en} ${data.invoiceNumber}`,
      Author: data.seller.name,
      Subject: data.packageName,
      Creator: 'Kora',
      CreationDate: data.paidAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const name of keysOf(FONT_FILES)) doc.registerFont(name, f[name]);

  // Header: the seller in both languages, then the title.
  doc.rect(0, 0, A4.width, 8).fill(BRAND);
  let y = M;
  const sellerArabic = data.seller.nameArabic?.trim() || null;
  const half = W / 2 - 8;
  const nameHeight = Math.max(
    block(doc, [data.seller.name], y, { x: M, width: sellerArabic ? half : W, align: 'left', size: 15, bold: true }),
    sellerArabic ? block(doc, [sellerArabic], y, { x: M + W - half, width: half, align: 'right', size: 15, bold: true }) : 0,
  );
  y += nameHeight + 14;
  line(doc, title.ar, y + 20, { x: M, width: W, align: 'center', size: 20, bold: true, color: BRAND });
  line(doc, title.en, y + 42, { x: M, width: W, align: 'center', size: 13, bold: true, color: BRAND });
  y += 58;

  // Facts: English label | value | Arabic label.
  const { seller } = data;
  // A Saudi national address: building number and street, district, city and postal code.
  // Arabic parts are joined with the Arabic comma, never a Latin one inside Arabic text (issue 18).
  const address = joinList(
    [[seller.buildingNumber, seller.street], [seller.district], [seller.city, seller.postalCode]]
      .map((parts) =>
        parts
          .map((s) => s?.trim())
          .filter(Boolean)
          .join(' '),
      )
      .filter(Boolean),
  );
  const buyerArabic = data.buyer.nameArabic?.trim() || null;
  const method = METHODS[data.paymentMethod];
  const uuidRow: Fact[] = !data.uuid
    ? []
    : note
      ? [['Credit note UUID', [data.uuid], 'المعرّف الفريد للإشعار']]
      : [['Invoice UUID', [data.uuid], 'المعرّف الفريد للفاتورة']];
  const facts: Fact[] = [
    note
      ? ['Credit note number', [String(data.invoiceNumber)], 'رقم الإشعار الدائن']
      : ['Invoice number', [String(data.invoiceNumber)], 'رقم الفاتورة'],
    ...uuidRow,
    ['Issue date and time', [riyadhDateTime(data.paidAt)], 'تاريخ ووقت الإصدار'],
    ...(note
      ? [
          fact('Credited invoice', [`${note.invoiceNumber}, ${riyadhDateTime(note.issuedAt)}`], 'الفاتورة المُشار إليها'),
          fact('Reason', [note.reason], 'سبب الإشعار'),
        ]
      : []),
    ['Seller', sellerArabic ? [data.seller.name, sellerArabic] : [data.seller.name], 'اسم البائع'],
    ...(address ? [fact('Seller address', [address], 'عنوان البائع')] : []),
    ...(data.vatNumber ? [fact('VAT number', [data.vatNumber], 'الرقم الضريبي')] : []),
    ...(data.vatNumber && seller.crNumber ? [fact('CR number', [seller.crNumber], 'رقم السجل التجاري')] : []),
    ['Customer', buyerArabic ? [data.buyer.name, buyerArabic] : [data.buyer.name], 'العميل'],
    note
      ? ['Refund method', [`${method.en} / ${method.ar}`], 'طريقة الاسترداد']
      : ['Payment method', [`${method.en} / ${method.ar}`], 'طريقة الدفع'],
  ];
  y = factRows(doc, facts, y);

  // The service.
  y += 18;
  const cols = [
    { en: 'Description', ar: 'الوصف', x: M, width: W - 220 },
    { en: 'Qty', ar: 'الكمية', x: M + W - 220, width: 70 },
    {
      en: withVat ? 'Amount excl. VAT (SAR)' : 'Amount (SAR)',
      ar: withVat ? 'المبلغ دون الضريبة (ريال)' : 'المبلغ (ريال)',
      x: M + W - 150,
      width: 150,
    },
  ];
  doc.rect(M, y, W, 40).fill(SHADE);
  for (const c of cols) {
    line(doc, c.en, y + 16, { x: c.x + 6, width: c.width - 12, align: 'center', size: 9, bold: true, color: MUTED });
    line(doc, c.ar, y + 32, { x: c.x + 6, width: c.width - 12, align: 'center', size: 9, bold: true, color: MUTED });
  }
  y += 40;
  const packageArabic = data.packageNameArabic?.trim();
  const packageNames = packageArabic && packageArabic !== data.packageName ? [data.packageName, packageArabic] : [data.packageName];
  const period = data.period;
  // The period it pays, first and last day (issue 29: a renewal's starts the day after the previous one's last day).
  if (period?.start && period.end)
    packageNames.push(`Period: ${period.start} to ${period.end}`, `الفترة: من ${period.start} إلى ${period.end}`);
  else if (period?.sessions) packageNames.push(countIn('en', period.sessions, SESSIONS_EN), countIn('ar', period.sessions, SESSIONS_AR));
  const itemHeight = Math.max(
    22,
    block(doc, packageNames, y + 8, { x: cols[0].x + 6, width: cols[0].width - 12, align: 'center', size: 11 }) + 10,
  );
  line(doc, '1', y + 8 + 11, { x: cols[1].x, width: cols[1].width, align: 'center', size: 11 });
  line(doc, sarDecimal(data.subtotalHalalas), y + 8 + 11, { x: cols[2].x, width: cols[2].width, align: 'center', size: 11 });
  y += itemHeight;
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();

  // Totals, the ZATCA QR code beside them (phase 2 carries hundreds of characters): one page for
  // an invoice or a credit note with normal names (issue 29). The QR takes the space left of the
  // totals, as large as the room above the footer allows (QR_MIN to QR_MAX); only names long
  // enough to leave less than that put it on a page of its own, headed with the document's number
  // and seller, so that page still says whose it is.
  y += 14;
  const foot = A4.height - M;
  const bottom = foot - 30 - 8;
  const qrSize = Math.min(QR_MAX, bottom - y);
  const qrBeside = qr !== null && qrSize >= QR_MIN;
  const totalsX = qrBeside ? M + qrSize + 16 : M;
  const money = (h: number) => `${sarDecimal(h)} SAR`;
  const totals: [string, string[], string, boolean?][] = withVat
    ? [
        ['Total excl. VAT', [money(data.subtotalHalalas)], 'الإجمالي غير شامل الضريبة'],
        ['VAT 15%', [money(data.vatHalalas)], 'ضريبة القيمة المضافة 15%'],
        ['Total incl. VAT', [money(data.totalHalalas)], 'الإجمالي شامل الضريبة', true],
      ]
    : [['Total', [money(data.totalHalalas)], 'الإجمالي', true]];
  factRows(doc, totals, y, qrBeside ? { x: totalsX, width: M + W - totalsX, labelWidth: 118 } : undefined);
  if (qr && qrBeside) doc.image(qr, M, y, { width: qrSize, height: qrSize });

  // Footer, on every page.
  const footer = () => {
    doc
      .moveTo(M, foot - 30)
      .lineTo(M + W, foot - 30)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    line(doc, 'Amounts in Saudi riyals (SAR).', foot - 14, { x: M, width: half, align: 'left', size: 8, color: MUTED });
    line(doc, 'المبالغ بالريال السعودي.', foot - 14, { x: M + W - half, width: half, align: 'right', size: 8, color: MUTED });
  };

  if (qr && !qrBeside) {
    footer();
    doc.addPage();
    const titles = [`${title.en} ${data.invoiceNumber}`, `${title.ar} ${data.invoiceNumber}`];
    let top = M + block(doc, titles, M, { x: M, width: W, align: 'center', size: 12, bold: true, color: BRAND }) + 4;
    top += block(doc, sellerArabic ? [data.seller.name, sellerArabic] : [data.seller.name], top, {
      x: M,
      width: W,
      align: 'center',
      size: 10,
    });
    doc.image(qr, M + (W - QR_MAX) / 2, top + 12, { width: QR_MAX, height: QR_MAX });
  }
  footer();
  visualLigatures(doc);
  doc.end();
  return done;
}

/** Rows of English label | value lines | Arabic label, ruled, across `area` (the page's width); answers the y below them. */
function factRows(doc: Doc, rows: [string, string[], string, boolean?][], top: number, area = { x: M, width: W, labelWidth: LABEL_W }) {
  let y = top;
  const { x, width, labelWidth } = area;
  const valueBox = { x: x + labelWidth, width: width - 2 * labelWidth, align: 'center' as const, size: 11 };
  for (const [en, values, ar, strong] of rows) {
    if (strong) doc.rect(x, y, width, ROW).fill(SHADE);
    const height = Math.max(ROW, block(doc, values, y + 5, { ...valueBox, bold: strong }) + 8);
    line(doc, en, y + 5 + 10, { x: x + 6, width: labelWidth - 6, align: 'left', size: 9.5, color: MUTED, bold: strong });
    line(doc, ar, y + 5 + 10, { x: x + width - labelWidth, width: labelWidth - 6, align: 'right', size: 9.5, color: MUTED, bold: strong });
    y += height;
    doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
  return y;
}
