import { describe, expect, it } from 'vitest';
import { type InvoicePdfData, printable, renderInvoicePdf, visualSegments } from './pdf.js';

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
