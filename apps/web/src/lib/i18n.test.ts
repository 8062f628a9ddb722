import { ERROR_CODES } from '@kora/contracts';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import type { MessageId } from './message-ids';

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

  it("count days, players and sessions by Arabic plural rules (one, two, few, many, other), in the app's Latin digits", () => {
    const intl = createIntl({ locale: 'ar-SA-u-nu-latn', messages: ar });
    const say = (id: MessageId, values: Record<string, number>) => intl.formatMessage({ id }, values);
    expect([1, 2, 3, 11, 100].map((days) => say('paymentPage.trial', { days }))).toEqual([
      'يبدأ بفترة تجريبية مجانية مدتها يوم واحد',
      'يبدأ بفترة تجريبية مجانية مدتها يومان',
      'يبدأ بفترة تجريبية مجانية مدتها 3 أيام',
      'يبدأ بفترة تجريبية مجانية مدتها 11 يومًا',
      'يبدأ بفترة تجريبية مجانية مدتها 100 يوم',
    ]);
    expect([1, 2, 3, 11, 100].map((days) => say('parent.trial', { days }))).toEqual([
      'تشمل تجربة مجانية لمدة يوم واحد',
      'تشمل تجربة مجانية لمدة يومين',
      'تشمل تجربة مجانية لمدة 3 أيام',
      'تشمل تجربة مجانية لمدة 11 يومًا',
      'تشمل تجربة مجانية لمدة 100 يوم',
    ]);
    expect([1, 2, 7, 25, 102].map((total) => say('players.count', { shown: 1, total }))).toEqual([
      '1 من 1 لاعب',
      '1 من 2 لاعبين',
      '1 من 7 لاعبين',
      '1 من 25 لاعبًا',
      '1 من 102 لاعب',
    ]);
    expect(say('subscriptions.sessions', { left: 4, total: 8 })).toBe('4 / 8 حصص');
    expect(say('subscriptions.sessions', { left: 4, total: 12 })).toBe('4 / 12 حصة');
    const english = createIntl({ locale: 'en', messages: en });
    expect(english.formatMessage({ id: 'players.count' }, { shown: 1, total: 1 })).toBe('1 of 1 player');
    expect(english.formatMessage({ id: 'players.count' }, { shown: 1, total: 3 })).toBe('1 of 3 players');
  });

  it("write numbers in the app's Latin digits, as the Arabic UI formats them (one digit system a screen)", () => {
    const arabic: Record<string, string> = ar;
    const indic = Object.entries(arabic).filter(([, text]) => /[\u0660-\u0669\u06F0-\u06F9]/.test(text));
    expect(indic.map(([id]) => id)).toEqual([]);
  });

  it('leave no Latin words in Arabic texts but names, codes and formats', () => {
    const allowed =
      /^(Kora|English|one|two|few|many|other|zero|plural|select|HH|mm|yyyy|MM|dd|JSON|mada|Visa|Mastercard|Apple|Pay|STC|SAR|VAT|PDF|XML|CSV|UTF|xlsx|ZATCA|URL|PayTabs|E|WhatsApp|Google|Outlook|iCalendar|ICS)$/;
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
