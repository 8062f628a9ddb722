import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { sarDecimal, vatIncluded } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { type InvoicePdfData, renderInvoicePdf } from './pdf.js';
import { openFonts, printable, visualSegments } from './pdf-text.js';

/** Names stored before the contracts refused control characters. */
// Only the fields this test is about; the rest of an invoice's data is printed as it is.
const stored = {
  invoiceNumber: 7,
  paidAt: new Date('2026-11-01T10:00:00Z'),
  seller: { name: 'Falcons\u2067 Academy', nameArabic: 'أكاديمية\u200F صقور', street: 'King Fahd\tRoad', city: 'Riyadh\u2028' },
  vatNumber: null,
  buyer: { name: 'RLO\u202E Name 1000 SAR', nameArabic: 'عمر\u200B الشهري' },
  packageName: 'Monthly\r\nplan',
  subtotalHalalas: 100_000,
  vatHalalas: 0,
  totalHalalas: 100_000,
  paymentMethod: 'Cash',
} as InvoicePdfData;
const visual = (text: string) =>
  visualSegments(text, 'ltr')
    .map((s) => s.text)
    .join('');

describe('user text in invoice PDFs', () => {
  it('loses direction controls and control characters; numbers, dates and plain text stay', () => {
    expect(printable(stored)).toEqual({
      ...stored,
      seller: { name: 'Falcons Academy', nameArabic: 'أكاديمية صقور', street: 'King Fahd Road', city: 'Riyadh ' },
      buyer: { name: 'RLO Name 1000 SAR', nameArabic: 'عمر الشهري' },
      packageName: 'Monthly  plan',
    });
  });

  it('prints a name in its own order, where the stored override reversed the line', () => {
    expect(visual(stored.buyer.name)).toContain('RAS 0001 emaN');
    expect(visual(printable(stored).buyer.name)).toBe('RLO Name 1000 SAR');
  });

  it('renders such an invoice, its metadata plain text', async () => {
    const pdf = (await renderInvoicePdf(stored)).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // pdfkit writes the document info as literal strings: UTF-16 had a control character survived.
    expect(pdf).toContain('(Falcons Academy)');
    expect(pdf).toContain('(Monthly  plan)');
  });
});

/** An Arabic invoice: a lam-alef ligature in the labels ("الإصدار", "الإجمالي") and in the names. */
const arabic: InvoicePdfData = {
  invoiceNumber: 7,
  paidAt: new Date('2026-11-20T09:00:00Z'),
  seller: {
    name: 'Riyadh Falcons',
    nameArabic: 'أكاديمية صقور الرياض',
    street: 'طريق الملك فهد',
    city: 'الرياض',
    district: 'العليا',
    buildingNumber: '7421',
    postalCode: '12214',
  },
  vatNumber: null,
  buyer: { name: 'Faisal Al-Otaibi', nameArabic: 'فيصل العتيبي' },
  packageName: 'Monthly',
  packageNameArabic: 'باقة الإخلاص',
  subtotalHalalas: 45_000,
  vatHalalas: 0,
  totalHalalas: 45_000,
  paymentMethod: 'Cash',
};

/** The glyph-to-text entries of every ToUnicode map of a PDF (pdfkit writes them as bfrange arrays). */
function toUnicodeEntries(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const entries: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a Flate stream
    }
    if (!body.includes('beginbfrange')) continue;
    for (const hex of body.matchAll(/<([0-9a-f ]+)>/gi))
      if (hex[1].includes(' ')) entries.push(String.fromCharCode(...hex[1].split(' ').map((h) => Number.parseInt(h, 16))));
  }
  return entries;
}

describe('the text layer of Arabic in invoice PDFs', () => {
  it("stores a ligature's letters in visual order, so a reader reversing the right-to-left run gets them right", async () => {
    const entries = toUnicodeEntries(await renderInvoicePdf(arabic));
    // The lam-alef glyph of "الإصدار": readers reverse the run, so إل reads لإ.
    expect(entries).toContain('\u0625\u0644');
    expect(entries).not.toContain('\u0644\u0625');
  });

  it("keeps a glyph's letters when an earlier document of the process made that glyph only as part of another", async () => {
    const fonts = openFonts();
    // "بلإ": its final lam-alef-hamza "ﻺ" is drawn from the final lam-alef "ﻼ", which this document never lays out itself.
    await renderInvoicePdf({ ...arabic, packageNameArabic: 'باقة بلإ' }, fonts);
    // "الإخلاص" lays "ﻼ" out: its letters, in visual order, must be behind it.
    const entries = toUnicodeEntries(await renderInvoicePdf(arabic, fonts));
    expect(entries).toContain('\u0627\u0644');
    expect(entries).not.toContain('');
  });

  const pdftotext = (() => {
    try {
      execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  // poppler-utils (`pdftotext`) extracts as a reader copies or searches; where it is installed, the words come out whole.
  it.runIf(pdftotext)('extracts Arabic words as written (pdftotext)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kora-pdf-'));
    writeFileSync(join(dir, 'invoice.pdf'), await renderInvoicePdf(arabic));
    const text = execFileSync('pdftotext', [join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
    for (const words of ['فيصل العتيبي', 'أكاديمية صقور الرياض', 'تاريخ ووقت الإصدار', 'باقة الإخلاص', 'العليا', 'رقم الفاتورة'])
      expect(text).toContain(words);
    expect(text).not.toContain('اإل');
  });

  // Arabic-Indic digits are Arabic script to the shaper, which reversed them: "باقة ٢٤ حصة" printed "٤٢".
  it.runIf(pdftotext)('keeps the order of Arabic-Indic digits inside Arabic text (pdftotext)', async () => {
    const text = extract(await renderInvoicePdf(vatCreditNote));
    expect(text).toContain('٢٤');
    expect(text).not.toContain('٤٢');
    expect(text).toContain('١٢٣');
    expect(text).not.toContain('٣٢١');
    expect(text).toContain('٠٥٧');
    // The credited invoice and its issue time, one pair of brackets (pdftotext moves the closing one of a right-to-left page).
    const credited = text.split('\n').find((l) => l.includes('2026-12-02 01:15:05') && l.includes('127'));
    expect(credited).toContain('127, 2026-12-02 01:15:05');
    expect(credited?.match(/[()]/g)).toHaveLength(2);
  });

  // A sibling price: the line at the package's price, the allowance (without VAT, as the XML) before the totals.
  it.runIf(pdftotext)('prints a sibling allowance between the line and the totals (pdftotext)', async () => {
    const total = 40_500;
    const vat = vatIncluded(total);
    const text = extract(
      await renderInvoicePdf({
        ...vatInvoice,
        subtotalHalalas: total - vat,
        vatHalalas: vat,
        totalHalalas: total,
        allowance: { halalas: 4_500, percent: 10 },
      }),
    );
    const lineNet = 45_000 - vatIncluded(45_000);
    expect(text).toContain(sarDecimal(lineNet));
    expect(text).toContain('Sibling discount 10%');
    expect(text).toContain('خصم الإخوة');
    expect(text).toContain(`-${sarDecimal(lineNet - (total - vat))} SAR`);
    expect(text).toContain(`${sarDecimal(total)} SAR`);
  });
});

/** A VAT invoice with a phase-2 QR as long as a signed document's (tags 1–9), its package named with Arabic-Indic digits. */
const vatInvoice: InvoicePdfData = {
  ...arabic,
  invoiceNumber: 127,
  paidAt: new Date('2026-12-01T22:15:05Z'),
  seller: {
    ...arabic.seller,
    name: 'Riyadh Falcons Football Academy',
    nameArabic: 'أكاديمية صقور الرياض لكرة القدم',
    crNumber: '1010101010',
  },
  vatNumber: '300000000000003',
  qr: Buffer.from(Array.from({ length: 540 }, (_, i) => (i * 37 + 11) % 256)).toString('base64'),
  uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
  packageName: 'Monthly 24 sessions',
  packageNameArabic: 'باقة ٢٤ حصة',
  period: { start: '2026-12-02', end: '2027-01-01', sessions: null },
  subtotalHalalas: 39_130,
  vatHalalas: 5_870,
  totalHalalas: 45_000,
  paymentMethod: 'Card',
};
const vatCreditNote: InvoicePdfData = {
  ...vatInvoice,
  invoiceNumber: 128,
  buyer: { name: 'Player 123', nameArabic: 'لاعب ١٢٣ من ٠٥٧' },
  creditNote: { invoiceNumber: 127, issuedAt: new Date('2026-12-01T22:15:05Z'), reason: 'Cancelled by the parent' },
};

const extract = (pdf: Buffer, tool = 'pdftotext', args = ['-']) => {
  const dir = mkdtempSync(join(tmpdir(), 'kora-pdf-'));
  writeFileSync(join(dir, 'invoice.pdf'), pdf);
  return execFileSync(tool, [join(dir, 'invoice.pdf'), ...args], { encoding: 'utf8' });
};

describe('the page of a VAT invoice', () => {
  const pdfinfo = (() => {
    try {
      execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  // poppler-utils (`pdfinfo`) counts the pages; the QR stood alone on page 2, without number or seller.
  it.runIf(pdfinfo)('is one page, the QR beside the totals, for an invoice and a credit note (pdfinfo)', async () => {
    for (const document of [vatInvoice, vatCreditNote]) {
      const info = extract(await renderInvoicePdf(document), 'pdfinfo', []);
      expect(info).toMatch(/^Pages:\s+1$/m);
    }
  });
});
