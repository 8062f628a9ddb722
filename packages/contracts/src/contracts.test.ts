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
