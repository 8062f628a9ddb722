/**
 * The invoice as an A4 PDF: the page's layout (header, facts, the service, totals and the ZATCA QR,
 * English and Arabic side by side). Its text is drawn by pdf-text.ts (fonts, bidi, wrapping).
 */
import { CARD_METHOD_NAMES, type CardMethod, riyadhWallClock, sarDecimal, vatIncluded } from '@kora/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { countIn, joinList, SESSIONS_AR, SESSIONS_EN } from '../../../lib/arabic.js';
import { block, type Doc, type Fonts, fonts, line, printable, registerFonts, visualLigatures } from './pdf-text.js';

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
  /** An instalment's invoice (migration 0050): printed on the line as "Instalment 1 of 3". */
  instalment?: { number: number; count: number } | null;
  subtotalHalalas: number;
  vatHalalas: number;
  totalHalalas: number;
  /** A sibling price (migration 0047): halalas off the package's price, VAT included, and its percent. */
  allowance?: { halalas: number; percent: number } | null;
  paymentMethod: 'Cash' | 'Card';
  /** How a card payment was made (docs/domain.md, "Payment methods"), printed after "Card"; null or absent: not known. */
  cardMethod?: CardMethod | null;
}

// ── the invoice ───────────────────────────────────────────────────────────────
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
  registerFonts(doc, f);

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
  // Arabic parts are joined with the Arabic comma, never a Latin one inside Arabic text.
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
  const named = data.cardMethod ? CARD_METHOD_NAMES[data.cardMethod] : null;
  const method = named
    ? // A dash, not brackets: brackets inside Arabic text come out mirrored from some readers.
      { en: `${METHODS[data.paymentMethod].en} — ${named.en}`, ar: `${METHODS[data.paymentMethod].ar} — ${named.ar}` }
    : METHODS[data.paymentMethod];
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
  // The period it pays, first and last day (a renewal's starts the day after the previous one's last day).
  if (period?.start && period.end)
    packageNames.push(`Period: ${period.start} to ${period.end}`, `الفترة: من ${period.start} إلى ${period.end}`);
  else if (period?.sessions) packageNames.push(countIn('en', period.sessions, SESSIONS_EN), countIn('ar', period.sessions, SESSIONS_AR));
  const part = data.instalment;
  if (part) packageNames.push(`Instalment ${part.number} of ${part.count}`, `القسط ${part.number} من ${part.count}`);
  const itemHeight = Math.max(
    22,
    block(doc, packageNames, y + 8, { x: cols[0].x + 6, width: cols[0].width - 12, align: 'center', size: 11 }) + 10,
  );
  line(doc, '1', y + 8 + 11, { x: cols[1].x, width: cols[1].width, align: 'center', size: 11 });
  // The line at the package's price; a sibling price is an allowance row of the totals (without VAT, as the XML states it).
  const allowance = data.allowance?.halalas ? data.allowance : null;
  const listHalalas = data.totalHalalas + (allowance?.halalas ?? 0);
  const lineHalalas = allowance ? (withVat ? listHalalas - vatIncluded(listHalalas) : listHalalas) : data.subtotalHalalas;
  line(doc, sarDecimal(lineHalalas), y + 8 + 11, { x: cols[2].x, width: cols[2].width, align: 'center', size: 11 });
  y += itemHeight;
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();

  // Totals, the ZATCA QR code beside them (phase 2 carries hundreds of characters): one page for
  // an invoice or a credit note with normal names. The QR takes the space left of the
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
  const allowanceRow: [string, string[], string][] = allowance
    ? [
        [
          `Sibling discount ${allowance.percent}%`,
          [`-${money(lineHalalas - (withVat ? data.subtotalHalalas : data.totalHalalas))}`],
          `خصم الإخوة ${allowance.percent}%`,
        ],
      ]
    : [];
  const totals: [string, string[], string, boolean?][] = withVat
    ? [
        ...allowanceRow,
        ['Total excl. VAT', [money(data.subtotalHalalas)], 'الإجمالي غير شامل الضريبة'],
        ['VAT 15%', [money(data.vatHalalas)], 'ضريبة القيمة المضافة 15%'],
        ['Total incl. VAT', [money(data.totalHalalas)], 'الإجمالي شامل الضريبة', true],
      ]
    : [...allowanceRow, ['Total', [money(data.totalHalalas)], 'الإجمالي', true]];
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
