import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addYears, birthdateBounds, handleSchema, isValidPhone, registerParentBody, startDateBounds } from './index.js';

describe('handles', () => {
  it('accepts 3–30 lower-case letters, digits and inner dashes, lower-casing input', () => {
    expect(handleSchema.parse(' Riyadh-Falcons ')).toBe('riyadh-falcons');
    for (const bad of ['ab', '-abc', 'abc-', 'a_b_c', 'x'.repeat(31), 'www', 'api', 'docs'])
      expect(handleSchema.safeParse(bad).success).toBe(false);
  });

  it('never accepts a handle that could not be a DNS label', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const r = handleSchema.safeParse(s);
        if (r.success) expect(r.data).toMatch(/^[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$/);
      }),
    );
  });
});

describe('phones', () => {
  it('validates Saudi mobiles in international and national form', () => {
    expect(isValidPhone('+966501234567')).toBe(true);
    expect(isValidPhone('0501234567')).toBe(true);
    expect(isValidPhone('+96650123')).toBe(false);
    expect(isValidPhone('1')).toBe(false);
    expect(isValidPhone('+1 202 555 0143')).toBe(true);
    expect(isValidPhone('+123456789012345678')).toBe(false);
  });
});

describe('date windows', () => {
  it('computes the birthdate and start-date windows, clamping 29 February', () => {
    expect(birthdateBounds('2026-11-22')).toEqual({ min: '1976-11-22', max: '2021-11-22' });
    expect(startDateBounds('2026-11-22')).toEqual({ min: '2025-11-22', max: '2027-11-22' });
    expect(addYears('2024-02-29', -1)).toBe('2023-02-28');
  });
});

describe('parent registration body', () => {
  it('turns empty optional fields into null and gender to upper case', () => {
    const parsed = registerParentBody.parse({
      handle: 'Demo',
      parentInfo: { name: 'Khalid', phone: '+966501112233', email: '', emergencyPhone1: '', emergencyPhone2: null },
      playerInfo: { name: 'Faisal', birthdate: '2015-01-01', gender: 'male', nationality: 'sa', medicalCondition: '' },
    });
    expect(parsed.handle).toBe('demo');
    expect(parsed.parentInfo).toMatchObject({ email: null, emergencyPhone1: null, emergencyPhone2: null });
    expect(parsed.playerInfo).toMatchObject({ gender: 'MALE', nationality: 'SA', medicalCondition: null, nameArabic: null });
    expect(parsed.selectedPackage).toBeNull();
  });
});

describe('account types and the academy profile', () => {
  it('makes writing an area imply reading it, and names the flags beyond one’s own', async () => {
    const { accountTypeBody, allFlags, flagsBeyond } = await import('./index.js');
    const parsed = accountTypeBody.parse({ name: ' Desk ', canWritePlayers: true });
    expect(parsed).toEqual({ ...allFlags(false), name: 'Desk', nameArabic: null, canReadPlayers: true, canWritePlayers: true });
    expect(flagsBeyond(parsed, { canReadPlayers: true })).toEqual(['canWritePlayers']);
    expect(flagsBeyond(parsed, allFlags(true))).toEqual([]);
  });

  it('takes a VAT number of 15 digits starting and ending with 3, or none', async () => {
    const { academyUpdateFields } = await import('./index.js');
    const base = { name: 'Falcons', email: 'a@b.sa', phone: '0501234567' };
    expect(academyUpdateFields.parse({ ...base, vatNumber: '310123456700003' }).vatNumber).toBe('310123456700003');
    expect(academyUpdateFields.parse({ ...base, vatNumber: '' }).vatNumber).toBeNull();
    const absent = academyUpdateFields.parse(base);
    expect([absent.vatNumber, absent.nameArabic, absent.street, absent.enableOnlinePayments]).toEqual([
      null,
      undefined,
      undefined,
      undefined,
    ]);
    for (const bad of ['310123456700004', '31012345670003', '210123456700003', '3101234567000a3'])
      expect(academyUpdateFields.safeParse({ ...base, vatNumber: bad }).success, bad).toBe(false);
  });

  it('computes medians', async () => {
    const { median } = await import('./index.js');
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
