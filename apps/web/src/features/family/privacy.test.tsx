// The portal's Details, its privacy parts (docs/domain.md, "Data map" and "Privacy requests"): each child's consents
// with the version, day and language they were given in, the optional ones changed at any time; the family's data
// built by a job and linked once; erasing a child who left after a confirmation, refusals in the parent's language.
import {
  type ChildConsents,
  CONSENT_TEXTS,
  type Consent,
  type ConsentPurpose,
  type FamilyDetails,
  type FamilyMe,
  type PrivacyExportStatus,
} from '@kora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../lib/api';
import { jsonResponse as json, type StubAnswer, type StubbedRequest, stubRoutes } from '../../test-render';
import { renderPortal } from './test-portal';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const OMAR = { id: ID(1), name: 'Omar Alharbi', nameArabic: 'عمر الحربي' };
const LINA = { id: ID(2), name: 'Lina Alharbi', nameArabic: 'لينا الحربي' };
const PARENT: FamilyMe['parent'] = {
  id: ID(3),
  name: 'Fahad Alharbi',
  nameArabic: 'فهد الحربي',
  email: 'parent@demo.kora.sa',
  phoneNumber: '+966500000001',
  emergencyPhone1: null,
  emergencyPhone2: null,
  language: 'ar',
};
const ME: FamilyMe = {
  parent: PARENT,
  academy: { id: ID(4), handle: 'demo', name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null, availabilityCutoffMinutes: 120 },
  children: [OMAR, LINA].map((c) => ({ ...c, avatar: null, birthdate: '2015-04-02', teams: [] })),
};
const DETAILS: FamilyDetails = {
  parent: PARENT,
  children: [OMAR, LINA].map((c) => ({ ...c, condition: null, emergencyPhone1: null, emergencyPhone2: null })),
};
const consent = (purpose: ConsentPurpose, granted: boolean, over: Partial<Consent> = {}): Consent => ({
  purpose,
  granted,
  version: CONSENT_TEXTS[purpose].version,
  language: 'en',
  at: '2026-11-02T08:00:00.000Z',
  givenBy: 'parent',
  recordedByName: null,
  ...over,
});
/** Omar's: the terms given late on 30 November (1 December in Riyadh), the medical one from the paper form, photos yes, texts no, e-mails never asked. */
const OMAR_CONSENTS: ChildConsents = {
  childId: OMAR.id,
  consents: [
    consent('terms_privacy', true, { at: '2026-11-30T22:30:00.000Z' }),
    consent('medical', true, { givenBy: 'staff', language: 'ar' }),
    consent('photos', true),
    consent('messages_sms', false),
  ],
};
const LINA_CONSENTS: ChildConsents = { childId: LINA.id, consents: [consent('terms_privacy', true)] };
const EXPORT_ID = ID(70);
const TOKEN = 'Fq2xT9bLm4Zp7Rv1Kc8Wn3Hy6Js0Ud5A';
const STARTED: Reply<'requestFamilyExport'> = { id: EXPORT_ID, token: TOKEN };
const status = (state: PrivacyExportStatus['state'], progress: number): PrivacyExportStatus => ({
  id: EXPORT_ID,
  state,
  progress,
  createdAt: '2026-12-01T09:00:00.000Z',
  expiresAt: state === 'ready' ? '2026-12-02T09:00:00.000Z' : null,
});
const ERASED: Reply<'eraseFamilyChild'> = { id: ID(80), outcome: { participants: 4 } };

const BODY_PURPOSE = { photos: 'photos', messagesSms: 'messages_sms', messagesEmail: 'messages_email' } as const;

/** The portal's API, the consents kept as the server keeps them: a PUT records a new answer, in the language read. */
function stubPortal(extra: Record<string, StubAnswer> = {}) {
  const kept: Record<string, ChildConsents> = { [OMAR.id]: structuredClone(OMAR_CONSENTS), [LINA.id]: structuredClone(LINA_CONSENTS) };
  const put = ({ path, body }: StubbedRequest) => {
    const childId = path.split('/')[4];
    const b = body as { language: 'en' | 'ar' } & Partial<Record<keyof typeof BODY_PURPOSE, boolean>>;
    for (const [field, purpose] of Object.entries(BODY_PURPOSE)) {
      const granted = b[field as keyof typeof BODY_PURPOSE];
      if (granted === undefined) continue;
      const others = kept[childId].consents.filter((c) => c.purpose !== purpose);
      kept[childId].consents = [...others, consent(purpose, granted, { language: b.language, at: '2026-12-03T10:00:00.000Z' })];
    }
    return json(kept[childId]);
  };
  return stubRoutes({
    'GET /api/family/me': () => json(ME),
    'GET /api/family/details': () => json(DETAILS),
    [`GET /api/family/children/${OMAR.id}/consents`]: () => json(kept[OMAR.id]),
    [`GET /api/family/children/${LINA.id}/consents`]: () => json(kept[LINA.id]),
    [`PUT /api/family/children/${OMAR.id}/consents`]: put,
    [`PUT /api/family/children/${LINA.id}/consents`]: put,
    'POST /api/family/data-exports': () => json(STARTED, 202),
    [`GET /api/family/data-exports/${EXPORT_ID}`]: () => json(status('ready', 100)),
    [`POST /api/family/children/${OMAR.id}/erasure`]: () => json(ERASED),
    ...extra,
  }).requests;
}

/** The consents section of a child, by its title, once its rows are in. */
async function consentsOf(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  const found = heading.closest<HTMLElement>('[data-testid="family-consents"]');
  if (!found) throw new Error(`no consents section titled ${title}`);
  await within(found).findByTestId('family-consent-terms_privacy');
  return found;
}
const box = (section: HTMLElement, purpose: ConsentPurpose) =>
  within(within(section).getByTestId(`family-consent-${purpose}`)).getByRole<HTMLInputElement>('checkbox');
const puts = (requests: StubbedRequest[]) => requests.filter((r) => r.method === 'PUT').map((r) => ({ path: r.path, body: r.body }));
const posts = (requests: StubbedRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => ({ path: r.path, body: r.body }));

/** The one-time link followed in jsdom would try to navigate: the click's default is prevented (React still sees it). */
const keepPage = (e: MouseEvent) => {
  if ((e.target as HTMLElement).closest('a[href^="/api/"]')) e.preventDefault();
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.removeEventListener('click', keepPage, true);
});
vi.setConfig({ testTimeout: 20_000 });

describe("a child's consents in the portal's Details", () => {
  it('shows each purpose in order with its text, whether it was given, when, in which version and language', async () => {
    stubPortal();
    renderPortal('/family/details');
    const omar = await consentsOf('Omar Alharbi: consents');
    const rows = within(omar).getAllByRole('listitem');
    expect(rows.map((r) => r.dataset.testid)).toEqual([
      'family-consent-terms_privacy',
      'family-consent-medical',
      'family-consent-photos',
      'family-consent-messages_sms',
      'family-consent-messages_email',
    ]);
    expect(rows[0].textContent).toContain(CONSENT_TEXTS.terms_privacy.en);
    // Given at 22:30 UTC on 30 November: 1 December in Riyadh.
    expect(rows[0].textContent).toContain('Given on 2026/12/01, text version 2026-12-01, in English');
    expect(rows[1].textContent).toContain('Recorded by the academy from your paper form on 2026/11/02, text version 2026-12-01, in Arabic');
    expect(rows[4].textContent).toContain(CONSENT_TEXTS.messages_email.en);
    expect(rows[4].textContent).toContain('Not given');
    expect((['terms_privacy', 'medical', 'photos', 'messages_sms', 'messages_email'] as const).map((p) => box(omar, p).checked)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    // The required two stay as given; the optional three can be changed.
    expect((['terms_privacy', 'medical', 'photos', 'messages_sms', 'messages_email'] as const).map((p) => box(omar, p).disabled)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    // Each child has their own.
    const lina = await consentsOf('Lina Alharbi: consents');
    expect(box(lina, 'terms_privacy').checked).toBe(true);
    expect(box(lina, 'photos').checked).toBe(false);
    expect(within(lina).getByTestId('family-consent-photos').textContent).toContain('Not given');
  });

  it("withdraws the photo consent and gives the e-mail one, each saved for that child in the screen's language", async () => {
    const user = userEvent.setup();
    const requests = stubPortal();
    renderPortal('/family/details');
    const omar = await consentsOf('Omar Alharbi: consents');
    const mesBefore = requests.filter((r) => r.path === '/api/family/me').length;
    await user.click(box(omar, 'photos'));
    expect((await screen.findByRole('status')).textContent).toContain('Consent saved');
    await waitFor(() => expect(box(omar, 'photos').checked).toBe(false));
    // The photo shows or not on every screen: the portal reads the parent's children again.
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/family/me').length).toBeGreaterThan(mesBefore));

    await user.click(box(omar, 'messages_email'));
    await waitFor(() => expect(box(omar, 'messages_email').checked).toBe(true));
    expect(within(omar).getByTestId('family-consent-messages_email').textContent).toContain(
      'Given on 2026/12/03, text version 2026-12-01, in English',
    );
    expect(puts(requests)).toEqual([
      { path: `/api/family/children/${OMAR.id}/consents`, body: { language: 'en', photos: false } },
      { path: `/api/family/children/${OMAR.id}/consents`, body: { language: 'en', messagesEmail: true } },
    ]);
    // A box of the required ones sends nothing.
    await user.click(box(omar, 'terms_privacy'));
    expect(puts(requests)).toHaveLength(2);
  });

  it('says why a change was not saved, in words rather than the code, and keeps the box as it was', async () => {
    const user = userEvent.setup();
    stubPortal({
      [`PUT /api/family/children/${OMAR.id}/consents`]: () => json({ message: 'Player not found', code: 'player.not_found' }, 404),
    });
    renderPortal('/family/details');
    const omar = await consentsOf('Omar Alharbi: consents');
    await user.click(box(omar, 'messages_sms'));
    expect((await screen.findByRole('alert')).textContent).toContain('Player not found');
    expect(document.body.textContent).not.toContain('player.not_found');
    await waitFor(() => expect(box(omar, 'messages_sms').disabled).toBe(false));
    expect(box(omar, 'messages_sms').checked).toBe(false);
  });

  it('shows placeholder rows while the consents load', async () => {
    let answer: (r: Response) => void = () => {};
    stubPortal({ [`GET /api/family/children/${OMAR.id}/consents`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPortal('/family/details');
    const heading = await screen.findByRole('heading', { name: 'Omar Alharbi: consents' });
    const section = heading.closest<HTMLElement>('[data-testid="family-consents"]') as HTMLElement;
    expect(within(section).getByTestId('skeleton')).toBeTruthy();
    expect(within(section).queryAllByRole('checkbox')).toEqual([]);
    answer(json(OMAR_CONSENTS));
    expect(await within(section).findByTestId('family-consent-photos')).toBeTruthy();
    expect(within(section).queryByTestId('skeleton')).toBeNull();
  });

  it('shows the failure to load with Retry, which asks again', async () => {
    let failing = true;
    stubPortal({
      [`GET /api/family/children/${OMAR.id}/consents`]: () =>
        failing ? json({ message: 'Something went wrong', code: 'request.failed' }, 500) : json(OMAR_CONSENTS),
    });
    renderPortal('/family/details');
    const heading = await screen.findByRole('heading', { name: 'Omar Alharbi: consents' });
    const section = heading.closest<HTMLElement>('[data-testid="family-consents"]') as HTMLElement;
    expect((await within(section).findByRole('alert')).textContent).toContain('Could not load this. Check your connection and try again.');
    failing = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByTestId('family-consent-photos')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('speaks Arabic: the texts read, when and in which language each was given, and the change sent in Arabic', async () => {
    const user = userEvent.setup();
    const requests = stubPortal();
    renderPortal('/family/details', 'ar');
    const omar = await consentsOf('موافقات عمر الحربي');
    expect(within(omar).getByTestId('family-consent-photos').textContent).toContain(CONSENT_TEXTS.photos.ar);
    // The day in both calendars (the Umm al-Qura one in Arabic), the version and the language the text was read in.
    const terms = within(omar).getByTestId('family-consent-terms_privacy').textContent;
    expect(terms).toContain('أُعطيت في 2026/12/01');
    expect(terms).toContain('، إصدار النص 2026-12-01، باللغة الإنجليزية');
    expect(within(omar).getByTestId('family-consent-medical').textContent).toContain('سجّلتها الأكاديمية من نموذجك الورقي');
    expect(within(omar).getByTestId('family-consent-messages_email').textContent).toContain('لم تُعطَ');
    await user.click(box(omar, 'messages_sms'));
    expect((await screen.findByRole('status')).textContent).toContain('حُفظت الموافقة');
    expect(puts(requests)).toEqual([{ path: `/api/family/children/${OMAR.id}/consents`, body: { language: 'ar', messagesSms: true } }]);
    // No English in either child's consents.
    for (const section of screen.getAllByTestId('family-consents')) expect(section.textContent).not.toMatch(/[A-Za-z]{2,}/);
  });
});

describe("the family's data and erasure in the portal's Details", () => {
  it("builds the family's file in the screen's language, shows its progress, then links it once", async () => {
    document.addEventListener('click', keepPage, true);
    const states = [status('building', 30), status('ready', 100)];
    const requests = stubPortal({
      [`GET /api/family/data-exports/${EXPORT_ID}`]: () => json(states.length > 1 ? states.shift() : states[0]),
    });
    renderPortal('/family/details');
    const card = await screen.findByTestId('family-privacy');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe("Your family's data");
    expect(within(card).queryByTestId('family-export-progress')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Download our data' }));
    expect(posts(requests)).toEqual([{ path: '/api/family/data-exports', body: { language: 'en' } }]);
    const progress = await within(card).findByTestId('family-export-progress');
    await waitFor(() => expect(progress.textContent).toBe('Preparing your file… 30%'));
    expect(progress.querySelector<HTMLElement>('[style]')?.style.width).toBe('30%');
    // Asked again while it builds, until it is ready.
    const link = await within(card).findByTestId('family-export-download', undefined, { timeout: 5000 });
    expect(link.textContent).toBe('Download the file (ZIP)');
    expect(link.getAttribute('href')).toBe(`/api/data-exports/download/${TOKEN}`);
    expect(link.parentElement?.textContent).toContain('The link works once, for 24 hours.');
    await userEvent.click(link);
    expect((await within(card).findByTestId('family-export-done')).textContent).toBe(
      'The file was downloaded or has expired. Ask again for a new one.',
    );
    expect(within(card).queryByTestId('family-export-download')).toBeNull();
  });

  it('says when the file could not be prepared', async () => {
    stubPortal({ [`GET /api/family/data-exports/${EXPORT_ID}`]: () => json(status('failed', 60)) });
    renderPortal('/family/details');
    const card = await screen.findByTestId('family-privacy');
    await userEvent.click(within(card).getByRole('button', { name: 'Download our data' }));
    expect((await within(card).findByTestId('family-export-done')).textContent).toBe('The file could not be prepared. Please try again.');
  });

  it('says why the file could not be asked for, in words rather than the code', async () => {
    stubPortal({ 'POST /api/family/data-exports': () => json({ message: 'Too many requests', code: 'request.too_many' }, 429) });
    renderPortal('/family/details');
    const card = await screen.findByTestId('family-privacy');
    await userEvent.click(within(card).getByRole('button', { name: 'Download our data' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests, please try again later');
    expect(document.body.textContent).not.toContain('request.too_many');
    expect(within(card).queryByTestId('family-export-progress')).toBeNull();
  });

  it("says when the file's progress cannot be read, instead of preparing it for ever", async () => {
    stubPortal({
      [`GET /api/family/data-exports/${EXPORT_ID}`]: () =>
        json({ message: 'This data export is not available', code: 'privacy.export_not_found' }, 404),
    });
    renderPortal('/family/details');
    const card = await screen.findByTestId('family-privacy');
    await userEvent.click(within(card).getByRole('button', { name: 'Download our data' }));
    expect(await within(card).findByText('This data export is not available (already downloaded, expired, or not yours)')).toBeTruthy();
    expect(within(card).queryByTestId('family-export-progress')).toBeNull();
  });

  it('erases a child who left only after the confirmation, then says so and reloads the portal', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const requests = stubPortal();
    renderPortal('/family/details');
    const card = await screen.findByTestId('family-privacy');
    expect(within(card).getByTestId(`family-erase-${OMAR.id}`).textContent).toContain('Omar Alharbi');
    expect(within(card).getByTestId(`family-erase-${LINA.id}`).textContent).toContain('Lina Alharbi');
    const row = within(within(card).getByTestId(`family-erase-${OMAR.id}`));
    await user.click(row.getByRole('button', { name: 'Erase' }));
    expect(row.getByText("Erase Omar Alharbi's data for good?")).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Cancel' }));
    expect(row.queryByText("Erase Omar Alharbi's data for good?")).toBeNull();
    expect(posts(requests)).toEqual([]);

    await user.click(row.getByRole('button', { name: 'Erase' }));
    await user.click(row.getByTestId('family-erase-confirm'));
    expect((await screen.findByRole('status')).textContent).toContain("Omar Alharbi's data was erased");
    expect(posts(requests)).toEqual([{ path: `/api/family/children/${OMAR.id}/erasure`, body: undefined }]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says why a child cannot be erased yet, in words rather than the code, and does not reload', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    stubPortal({
      [`POST /api/family/children/${OMAR.id}/erasure`]: () =>
        json({ message: 'The child has an open subscription', code: 'privacy.open_subscription' }, 409),
    });
    renderPortal('/family/details');
    const card = await screen.findByTestId('family-privacy');
    const row = within(within(card).getByTestId(`family-erase-${OMAR.id}`));
    await user.click(row.getByRole('button', { name: 'Erase' }));
    await user.click(row.getByTestId('family-erase-confirm'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This child still has a running or waiting subscription: end or cancel it before erasing',
    );
    expect(document.body.textContent).not.toContain('privacy.open_subscription');
    // The question is closed: the row offers Erase again.
    expect(row.getByRole('button', { name: 'Erase' })).toBeTruthy();
    expect(row.queryByTestId('family-erase-confirm')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('speaks Arabic: the file asked for in Arabic, its progress, the confirmation and the refusal', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const requests = stubPortal({
      [`GET /api/family/data-exports/${EXPORT_ID}`]: () => json(status('building', 55)),
      [`POST /api/family/children/${OMAR.id}/erasure`]: () => json({ message: 'Unpaid balance', code: 'privacy.unpaid_balance' }, 409),
    });
    renderPortal('/family/details', 'ar');
    const card = await screen.findByTestId('family-privacy');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('بيانات عائلتك');
    await user.click(within(card).getByRole('button', { name: 'تنزيل بياناتنا' }));
    expect(posts(requests)).toEqual([{ path: '/api/family/data-exports', body: { language: 'ar' } }]);
    const progress = await within(card).findByTestId('family-export-progress');
    await waitFor(() => expect(progress.textContent).toBe('جارٍ تجهيز الملف… 55٪'));

    const row = within(within(card).getByTestId(`family-erase-${OMAR.id}`));
    expect(row.getByText('عمر الحربي')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'حذف' }));
    expect(row.getByText('حذف بيانات عمر الحربي نهائيًا؟')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'نعم، احذف' }));
    expect((await screen.findByRole('alert')).textContent).toContain('لدى هذا الطفل دفعة غير مسددة أو استرداد قيد التنفيذ: سوِّه قبل الحذف');
    expect(reload).not.toHaveBeenCalled();
    // No English in the card nor in the refusal.
    expect(card.textContent).not.toMatch(/[A-Za-z]{2,}/);
    expect(screen.getByRole('alert').textContent).not.toMatch(/[A-Za-z]{2,}/);
  });
});
