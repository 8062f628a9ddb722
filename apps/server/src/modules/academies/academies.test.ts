import { describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { multipart, pngBytes } from '../../../test/fixtures.js';
import { academyHost, BASE } from '../../../test/harness.js';

const t = useTestApp({ academies: 2, coaches: 1 });
const [a, b] = t.academies;
const [coach] = t.coaches;

type Who = { handle: string; token: string };
const get = (id: string, who: Who = a) => api(t.app, who)('getAcademy', { params: { id } });
const put = (id: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1], who: Who = a) =>
  api(t.app, who)('updateAcademy', { params: { id }, ...multipart(fields, file) });
const profile = (over: Record<string, string> = {}) => ({
  name: 'Riyadh Falcons',
  nameArabic: 'صقور الرياض',
  email: 'info@falcons.sa',
  phone: '0501234567',
  enableOnlinePayments: 'false',
  vatNumber: '310123456700003',
  street: 'طريق الملك فهد',
  city: 'الرياض',
  crNumber: '1010123456',
  buildingNumber: '2121',
  district: 'العليا',
  postalCode: '12214',
  handle: 'ignored-handle',
  ...over,
});

describe('GET /api/academies/:id', () => {
  it('answers the member’s own academy, and 404 for any other', async () => {
    const res = await get(a.id, coach);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: a.id,
      name: `Academy ${a.handle}`,
      nameArabic: null,
      logo: null,
      phone: '+966501234567',
      email: a.email,
      handle: a.handle,
      vatNumber: null,
      enableOnlinePayments: true,
      coachesSeeMedical: false,
      address: { street: null, city: null, buildingNumber: null, district: null, postalCode: null },
      crNumber: null,
      refundPolicy: null,
      refundPolicyArabic: null,
    });
    expect((await get(b.id)).statusCode).toBe(404);
    expect((await get(b.id)).json().code).toBe('academy.not_found');
    expect((await api(t.app)('getAcademy', { params: { id: a.id } })).statusCode).toBe(401);
  });
});

describe('PUT /api/academies/:id', () => {
  it('saves the profile and a logo; the handle stays; /api/auth/me shows the new name and logo next', async () => {
    const res = await put(a.id, profile(), { name: 'logo.png', bytes: await pngBytes(), type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: a.id,
      name: 'Riyadh Falcons',
      nameArabic: 'صقور الرياض',
      email: 'info@falcons.sa',
      phone: '0501234567',
      handle: a.handle,
      vatNumber: '310123456700003',
      enableOnlinePayments: false,
      address: { street: 'طريق الملك فهد', city: 'الرياض', buildingNumber: '2121', district: 'العليا', postalCode: '12214' },
      crNumber: '1010123456',
    });
    expect(body.logo).toMatch(/^\/uploads\/[A-Za-z0-9_-]{43}\.webp$/);
    expect(body.photoUrl).toBe(body.logo);
    const img = await t.app.inject({ method: 'GET', url: body.logo });
    expect(img.headers['content-type']).toBe('image/webp');
    const me = await api(t.app, a)('me');
    expect(me.json().user.academyUsers).toEqual([
      { academy: { id: a.id, name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', handle: a.handle, logo: body.logo } },
    ]);
    expect((await get(a.id)).json()).toEqual({ ...body, photoUrl: undefined });
  });

  it('keeps the logo, Arabic name and address when absent; an absent or empty VAT number means none', async () => {
    const before = (await get(a.id)).json();
    const res = await put(a.id, { name: 'Falcons FC', email: 'info@falcons.sa', phone: '+966501234567' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Falcons FC',
      nameArabic: before.nameArabic,
      logo: before.logo,
      photoUrl: before.logo,
      vatNumber: null,
      enableOnlinePayments: before.enableOnlinePayments,
      address: before.address,
      crNumber: before.crNumber,
    });
    const cleared = await put(
      a.id,
      profile({
        nameArabic: '',
        street: '',
        city: '',
        vatNumber: '',
        enableOnlinePayments: 'true',
        crNumber: '',
        buildingNumber: '',
        district: '',
        postalCode: '',
      }),
    );
    expect(cleared.json()).toMatchObject({
      nameArabic: null,
      vatNumber: null,
      enableOnlinePayments: true,
      address: { street: null, city: null, buildingNumber: null, district: null, postalCode: null },
      crNumber: null,
    });
  });

  it('reads the national address numbers typed in Arabic-Indic digits', async () => {
    const res = await put(a.id, profile({ crNumber: '١٠١٠١٢٣٤٥٦', buildingNumber: ' ٢١٢١ ', postalCode: '١٢٢١٤' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ crNumber: '1010123456', address: { buildingNumber: '2121', postalCode: '12214' } });
  });

  it.each([
    ['a VAT number not of 15 digits starting and ending with 3', { vatNumber: '300000000000004' }, 'academy.vat_invalid', 'vatNumber'],
    ['a short VAT number', { vatNumber: '3123' }, 'academy.vat_invalid', 'vatNumber'],
    ['an invalid phone', { phone: '+9665' }, 'phone.invalid', 'phone'],
    ['an invalid e-mail', { email: 'nope' }, 'email.invalid', 'email'],
    ['no name', { name: '' }, 'academy.name_required', 'name'],
    ['a CR number not of 10 digits', { crNumber: '10101234' }, 'academy.cr_invalid', 'crNumber'],
    ['a building number not of 4 digits', { buildingNumber: '21A1' }, 'academy.building_number_invalid', 'buildingNumber'],
    ['a postal code not of 5 digits', { postalCode: '1221' }, 'academy.postal_code_invalid', 'postalCode'],
  ])('refuses %s (400) and changes nothing', async (_n, over, code, path) => {
    const before = (await get(a.id)).json();
    const res = await put(a.id, profile(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, issues: [{ path, code }] });
    expect((await get(a.id)).json()).toEqual(before);
  });

  it('refuses a file that is not an image (415), needs W:Settings, and 404s another academy', async () => {
    const before = (await get(a.id)).json();
    const fake = await put(a.id, profile(), { name: 'logo.png', bytes: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' });
    expect(fake.statusCode).toBe(415);
    expect((await put(a.id, profile(), undefined, coach)).statusCode).toBe(403);
    expect((await put(a.id, profile(), undefined, b)).statusCode).toBe(404);
    expect((await get(a.id)).json()).toEqual(before);
  });
});

describe('the refund and cancellation policy', () => {
  const policy = (handle: string, host = academyHost(handle)) => api(t.app)('refundPolicy', { params: { handle }, headers: { host } });

  it('is empty until the academy writes it (the page then shows the default text), public and without a token', async () => {
    const res = await policy(b.handle);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      academy: { name: `Academy ${b.handle}`, nameArabic: null, logo: null, handle: b.handle },
      refundPolicy: null,
      refundPolicyArabic: null,
    });
    expect((await policy(b.handle, BASE)).statusCode).toBe(200);
  });

  it('is written in Settings → Academy in each language, with line breaks; absent keeps it, empty clears it', async () => {
    const en = 'Cancel any time before the period starts for a full refund.\nNo refunds after the first session.';
    const ar = 'يمكنك الإلغاء قبل بداية الفترة واسترداد المبلغ كاملاً.\nلا استرداد بعد الحصة الأولى.';
    const saved = await put(a.id, profile({ refundPolicy: `  ${en}  `, refundPolicyArabic: ar }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ refundPolicy: en, refundPolicyArabic: ar });
    expect((await policy(a.handle)).json()).toMatchObject({ refundPolicy: en, refundPolicyArabic: ar });
    // The spec's client does not know the fields: absent keeps them.
    const kept = await put(a.id, { name: 'Falcons FC', email: 'info@falcons.sa', phone: '+966501234567' });
    expect(kept.json()).toMatchObject({ refundPolicy: en, refundPolicyArabic: ar });
    const cleared = await put(a.id, profile({ refundPolicy: '', refundPolicyArabic: '   ' }));
    expect(cleared.json()).toMatchObject({ refundPolicy: null, refundPolicyArabic: null });
    expect((await policy(a.handle)).json()).toMatchObject({ refundPolicy: null, refundPolicyArabic: null });
  });

  it('refuses control characters and an over-long policy (400) and changes nothing', async () => {
    await put(a.id, profile({ refundPolicy: 'Full refund before the start date.' }));
    const before = (await get(a.id)).json();
    for (const [over, code] of [
      [{ refundPolicy: 'Refund\u202Eed' }, 'text.control_characters'],
      [{ refundPolicyArabic: 'x'.repeat(5001) }, 'too_big'],
    ] as const) {
      const res = await put(a.id, profile(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ path: Object.keys(over)[0] });
      if (code === 'text.control_characters') expect(res.json().issues[0].code).toBe(code);
    }
    expect((await get(a.id)).json()).toEqual(before);
  });

  it("answers 404 for an unknown academy and for another academy's policy on an academy's host", async () => {
    expect((await policy('no-such-academy', BASE)).statusCode).toBe(404);
    const elsewhere = await policy(a.handle, academyHost(b.handle));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('refund');
  });
});
