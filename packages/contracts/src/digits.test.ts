import { describe, expect, it } from 'vitest';
import { academyUpdateFields } from './academies.js';
import { latinDigits, typedNumber } from './digits.js';
import { familySignInBody, familyVerifyBody, saudiMobile } from './family.js';
import { phoneSchema } from './phone.js';

describe('digits of any script', () => {
  it('reads Arabic-Indic and Eastern Arabic-Indic digits as ASCII digits', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(latinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(latinDigits('باقة ٢٤ حصة')).toBe('باقة 24 حصة');
    expect(typedNumber('٢٥٠٫٥')).toBe(250.5);
    expect(typedNumber('١٬٠٠٠')).toBe(1000);
    expect(typedNumber('')).toBeNull();
    expect(typedNumber('abc')).toBeNull();
  });

  it('takes a phone, a sign-in address and a code typed in Arabic-Indic digits', () => {
    expect(saudiMobile('٠٥٠٠٠٠٠٠٠١')).toBe('+966500000001');
    expect(familySignInBody.parse({ address: '٠٥٠٠٠٠٠٠٠١' }).address).toEqual({ kind: 'phone', phone: '+966500000001' });
    expect(familySignInBody.parse({ address: '۰۵۰۰۰۰۰۰۰۱' }).address).toEqual({ kind: 'phone', phone: '+966500000001' });
    const verified = familyVerifyBody.parse({ address: '٠٥٠٠٠٠٠٠٠١', code: '١٢٣٤٥٦' });
    expect('code' in verified && verified.code).toBe('123456');
    expect(phoneSchema().parse('+٩٦٦٥٠١١١٢٢٣٣')).toBe('+966501112233');
  });

  it('keeps a register number typed in Eastern Arabic-Indic digits', () => {
    const parsed = academyUpdateFields.partial().parse({ crNumber: '۱۰۱۰۱۲۳۴۵۶' });
    expect(parsed.crNumber).toBe('1010123456');
  });
});
