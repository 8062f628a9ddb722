import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type InvoicePdfData, openFonts, printable, renderInvoicePdf, visualSegments } from './pdf.js';

/** Names stored before the contracts refused control characters (issue 16, item 8). */
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

describe('the text layer of Arabic in invoice PDFs (issue 18)', () => {
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
});
