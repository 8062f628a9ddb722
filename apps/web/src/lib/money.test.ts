import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { linesOutside } from '../test-drift';
import { formatSar } from './money';

/** The one module allowed to format money. */
const HELPER = 'lib/money.ts';
/** Formatting SAR anywhere but through the helper: Intl options or react-intl's element. */
const DIRECT = [/currency: ['"]SAR['"]/, /currency=["']SAR["']/, /currency=\{['"]SAR['"]\}/];

describe('the one money format', () => {
  it('is the only place that formats SAR: no screen writes the currency options itself', () => {
    expect(linesOutside(HELPER, DIRECT)).toEqual([]);
  });

  it('shows SAR with exactly two decimals in both languages', () => {
    const en = createIntl({ locale: 'en' });
    expect(formatSar(en, 450)).toMatch(/^SAR\s450\.00$/);
    expect(formatSar(en, 750.5)).toMatch(/^SAR\s750\.50$/);
    expect(formatSar(en, 1234.567)).toMatch(/^SAR\s1,234\.57$/);
    expect(formatSar(en, -150)).toMatch(/^-SAR\s150\.00$/);
    // The Arabic screens' locale (lib/i18n.tsx): Latin digits, two decimals too.
    const ar = createIntl({ locale: 'ar-SA-u-nu-latn' });
    expect(formatSar(ar, 450)).toContain('450.00');
    expect(formatSar(ar, 450)).toContain('ر.س');
  });
});
