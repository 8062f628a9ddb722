import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as c from './index.js';
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
      consents: { language: 'en', termsPrivacy: true },
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

describe('names and text without control characters', () => {
  const CONTROL = c.ERRORS['text.control_characters'];
  /** Every character class the rule refuses, one example or more of each. */
  const FORBIDDEN = [
    ['right-to-left override', '\u202E'],
    ['left-to-right override', '\u202D'],
    ['embeddings', '\u202A\u202B\u202C'],
    ['isolates', '\u2066\u2067\u2068\u2069'],
    ['zero-width space, non-joiner, joiner', '\u200B\u200C\u200D'],
    ['direction marks', '\u200E\u200F\u061C'],
    ['line and paragraph separators', '\u2028\u2029'],
    ['tab', '\t'],
    ['line breaks', '\r\n'],
    ['C0 controls', '\u0001\u001B\u001F'],
    ['DEL and C1 controls', '\u007F\u0085\u009F'],
    ['byte order mark', '\uFEFF'],
  ] as const;
  const register = (parentInfo: object, playerInfo: object) => ({
    handle: 'demo',
    parentInfo: { name: 'Khalid', phone: '+966501112233', ...parentInfo },
    playerInfo: { name: 'Faisal', birthdate: '2015-01-01', gender: 'MALE', ...playerInfo },
    consents: { language: 'en', termsPrivacy: true },
  });
  /** Every name field of every body: the schema, a valid body with `name` in the field, and the field's path. */
  const FIELDS: [
    string,
    { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } },
    (name: string) => object,
  ][] = [
    ['parent name', c.registerParentBody, (name) => register({ name }, {})],
    ['parent Arabic name', c.registerParentBody, (nameArabic) => register({ nameArabic }, {})],
    ['player name', c.registerParentBody, (name) => register({}, { name })],
    ['player Arabic name', c.registerParentBody, (nameArabic) => register({}, { nameArabic })],
    ['player neighbourhood', c.registerParentBody, (residentialNeighborhood) => register({}, { residentialNeighborhood })],
    [
      'academy name at sign-up',
      c.registerAcademyBody,
      (academyName) => ({ academyName, handle: 'falcons', email: 'a@b.sa', phone: '0501234567', password: 'password1' }),
    ],
    ['academy name', c.academyUpdateFields, (name) => ({ name, email: 'a@b.sa', phone: '0501234567' })],
    ['academy Arabic name', c.academyUpdateFields, (nameArabic) => ({ name: 'Falcons', nameArabic, email: 'a@b.sa', phone: '0501234567' })],
    ['player edit', c.playerUpdateSchema, (name) => ({ name, birthdate: '2015-01-01' })],
    ['player edit, Arabic name', c.playerUpdateSchema, (nameArabic) => ({ name: 'Faisal', nameArabic, birthdate: '2015-01-01' })],
    ['coach', c.coachCreateBody, (name) => ({ name })],
    ['coach edit', c.coachUpdateBody, (name) => ({ name, coachType: 'HEAD_COACH' })],
    ['staff', c.staffCreateBody, (name) => ({ name, email: 'a@b.sa', accountTypeId: '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f' })],
    ['staff account edit', c.userAccountBody, (name) => ({ name, accountTypeId: '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f' })],
    ['team', c.teamBodySchema, (name) => ({ name })],
    ['team Arabic name', c.teamBodySchema, (nameArabic) => ({ name: 'U12', nameArabic })],
    ['package', c.packageBody, (name) => ({ name, price: 100, monthsNumber: 1 })],
    ['package Arabic name', c.packageBody, (nameArabic) => ({ name: 'Monthly', nameArabic, price: 100, monthsNumber: 1 })],
    ['account type', c.accountTypeBody, (name) => ({ name })],
    ['account type Arabic name', c.accountTypeBody, (nameArabic) => ({ name: 'Desk', nameArabic })],
  ];

  it('refuses every kind of control character in every name field, with its own message', () => {
    const wrong: string[] = [];
    for (const [field, schema, body] of FIELDS) {
      if (!schema.safeParse(body('Rola Name')).success) wrong.push(`${field}: a plain name is refused`);
      for (const [kind, chars] of FORBIDDEN)
        for (const ch of chars) {
          const result = schema.safeParse(body(`Rola${ch} Name`));
          if (result.success || result.error?.issues[0]?.message !== CONTROL)
            wrong.push(`${field}: ${kind} U+${ch.codePointAt(0)?.toString(16)}`);
        }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps Arabic names, their marks and plain spaces', () => {
    for (const name of ['عمر الشهري', 'أكاديمية صقور الرياض', 'مُحَمَّد', 'عبـــدالله', 'Faisal Al-Otaibi', "O'Brien", 'José Müller'])
      for (const [field, schema, body] of FIELDS) expect(schema.safeParse(body(name)).success, `${field}: ${name}`).toBe(true);
  });

  it('lets descriptions and medical notes hold line breaks, not the other characters', () => {
    const withDescription = (description: string) => c.packageBody.safeParse({ name: 'Monthly', price: 100, monthsNumber: 1, description });
    expect(withDescription('Two sessions a week.\r\nBring water.\nNo cleats.').success).toBe(true);
    expect(withDescription('Bring \u202Ewater').error?.issues[0]?.message).toBe(CONTROL);
    expect(withDescription('Bring\twater').error?.issues[0]?.message).toBe(CONTROL);
    const inArabic = (descriptionArabic: string) =>
      c.packageBody.safeParse({ name: 'Monthly', price: 100, monthsNumber: 1, descriptionArabic });
    expect(inArabic('تمرينان في الأسبوع.\nأحضر الماء.').data?.descriptionArabic).toBe('تمرينان في الأسبوع.\nأحضر الماء.');
    expect(inArabic('تمرينان\u202Eفي الأسبوع').error?.issues[0]).toMatchObject({ message: CONTROL, path: ['descriptionArabic'] });
    expect(c.playerUpdateSchema.safeParse({ name: 'F', birthdate: '2015-01-01', condition: 'Asthma\r\nInhaler' }).success).toBe(true);
    expect(c.playerUpdateSchema.safeParse({ name: 'F', birthdate: '2015-01-01', condition: 'Asthma\u2066' }).success).toBe(false);
  });

  it('refuses a forbidden character wherever it stands in any text (property)', () => {
    const forbidden = fc.constantFrom(...FORBIDDEN.flatMap(([, chars]) => [...chars]));
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), forbidden, fc.nat(), (text, ch, at) => {
        const i = at % (text.length + 1);
        const name = `a${text.slice(0, i)}${ch}${text.slice(i)}b`;
        expect(c.isPlainText(name)).toBe(false);
        expect(c.isPlainText(c.printableText(name))).toBe(true);
      }),
    );
  });

  it('prints stored text without them: breaks become spaces, invisible characters go', () => {
    expect(c.printableText('RLO\u202E Name 1000 SAR')).toBe('RLO Name 1000 SAR');
    expect(c.printableText('Rola\tName\r\nX\u2028Y')).toBe('Rola Name  X Y');
    expect(c.printableText('عمر الشهري')).toBe('عمر الشهري');
  });
});
