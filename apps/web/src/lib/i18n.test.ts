import { ERROR_CODES } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

describe('the message catalogs', () => {
  it('hold the same keys in English and Arabic', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('use the same placeholders in both languages', () => {
    const arabic: Record<string, string> = ar;
    for (const [id, text] of Object.entries(en)) expect(placeholders(arabic[id] ?? ''), id).toEqual(placeholders(text));
  });

  it('translate every error code the server can send, in both languages', () => {
    const arabic: Record<string, string> = ar;
    const english: Record<string, string> = en;
    for (const code of ERROR_CODES) {
      expect(english[`errors.${code}`], `en errors.${code}`).toBeTruthy();
      expect(arabic[`errors.${code}`], `ar errors.${code}`).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('leave no Latin words in Arabic texts but names, codes and formats', () => {
    const allowed =
      /^(Kora|English|one|two|few|many|other|zero|plural|select|HH|mm|yyyy|MM|dd|JSON|mada|Visa|Mastercard|Apple|Pay|STC|SAR|VAT|PDF|CSV|ZATCA|URL|PayTabs|E|WhatsApp|Google|Outlook|iCalendar|ICS)$/;
    const arabic: Record<string, string> = ar;
    for (const [id, text] of Object.entries(arabic)) {
      const latin = text.replace(/\{[^}]*\}/g, '').match(/[A-Za-z]{2,}/g) ?? [];
      expect(
        latin.filter((w) => !allowed.test(w)),
        id,
      ).toEqual([]);
    }
  });
});
