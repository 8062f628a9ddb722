import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import { codeText } from './errors';

describe('codeText', () => {
  it("fills a message's values, showing a status in the user's language", () => {
    const arabic = createIntl({ locale: 'ar', messages: ar });
    const text = codeText(arabic, 'payment.not_pending', 'Subscription is already ACTIVE . Payment cannot be initiated.', {
      status: 'ACTIVE',
    });
    expect(text).toContain(ar['status.ACTIVE']);
    expect(text).not.toMatch(/[A-Za-z{}]/);
    const english = createIntl({ locale: 'en', messages: en });
    expect(codeText(english, 'payment.not_pending', undefined, { status: 'CANCELLED' })).toContain(en['status.CANCELLED']);
  });

  it("falls back to the server's English only for a code the catalog lacks", () => {
    const arabic = createIntl({ locale: 'ar', messages: ar });
    expect(codeText(arabic, 'no.such_code', 'Server text')).toBe('Server text');
  });
});
