// Settings → Privacy (docs/domain.md, "Privacy requests", Retention): the years of inactivity before review, changed
// by members who write Settings, and the review of inactive players erased only after a confirmation; in English
// and Arabic, read-only for a member who only reads Settings.
import { allFlags, type PrivacySettings } from '@kora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderWithApp, type StubAnswer, signedInAs, stubRoutes } from '../../test-render';
import { PrivacySettingsPage } from './PrivacySettingsPage';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SETTINGS: PrivacySettings = { retentionYears: 3, auditRetentionMonths: 24, loginRetentionMonths: 24 };
const REVIEW: Reply<'retentionReview'> = {
  years: 3,
  players: [
    { id: ID(11), name: 'Saad Alotaibi', nameArabic: 'سعد العتيبي', lastActivity: '2022-05-14' },
    { id: ID(12), name: 'Lina Khalid', nameArabic: null, lastActivity: null },
    { id: ID(13), name: 'Omar Alharbi', nameArabic: 'عمر الحربي', lastActivity: '2021-09-02' },
  ],
};
/** A member who reads and writes everything (Settings too). */
const ADMIN = allFlags(true);
/** A member who reads Settings but may change nothing there. */
const READER = { ...allFlags(false), canReadSettings: true };

/** The privacy API as the server keeps it: a saved period is what the next GET answers, erased players leave the review. */
function renderPrivacy(flags: Record<string, boolean>, locale: Locale = 'en', extra: Record<string, StubAnswer> = {}) {
  localStorage.setItem('signedIn', '1');
  let settings = { ...SETTINGS };
  let review = structuredClone(REVIEW);
  const { requests } = stubRoutes({
    'GET /api/auth/me': () => json(signedInAs(flags)),
    'GET /api/privacy/settings': () => json(settings),
    'PUT /api/privacy/settings': ({ body }) => {
      settings = { ...settings, retentionYears: (body as { retentionYears: number }).retentionYears };
      review = { ...review, years: settings.retentionYears };
      return json(settings);
    },
    'GET /api/privacy/retention': () => json(review),
    'POST /api/privacy/retention/erasure': ({ body }) => {
      const asked = (body as { playerIds: string[] }).playerIds;
      // The first one asked is erased, any other refused with its reason (an open subscription).
      const reply: Reply<'eraseInactivePlayers'> = {
        erased: asked.slice(0, 1),
        refused: asked.slice(1).map((id) => ({ id, code: 'privacy.open_subscription' })),
      };
      review = { ...review, players: review.players.filter((p) => !reply.erased.includes(p.id)) };
      return json(reply);
    },
    ...extra,
  });
  renderWithApp(
    <>
      <PrivacySettingsPage />
      <MemberKnown />
    </>,
    locale,
  );
  return requests;
}

/** Marks when the signed-in member is known: the page's permissions are read from then on. */
function MemberKnown() {
  return useAuth().status === 'authenticated' ? <p data-testid="member-known" /> : null;
}

/** The years select, once the signed-in member is known (it is disabled until then). */
const yearsSelect = () => screen.findByTestId<HTMLSelectElement>('privacy-years');
const reviewRows = () => within(screen.getByTestId('privacy-review')).getAllByRole('listitem');
const retentionGets = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/api/privacy/retention').length;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe('Settings → Privacy', () => {
  it('shows the retention period with its ten choices, how long the audit log is kept, and the inactive players', async () => {
    renderPrivacy(ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    const select = await yearsSelect();
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('3');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '1 year',
      '2 years',
      '3 years',
      '4 years',
      '5 years',
      '6 years',
      '7 years',
      '8 years',
      '9 years',
      '10 years',
    ]);
    expect(screen.getByText('The audit log and sign-in records are kept 24 months, then deleted.')).toBeTruthy();

    expect(await screen.findByRole('heading', { name: 'Inactive for 3 years or more' })).toBeTruthy();
    const rows = reviewRows();
    expect(rows.map((r) => r.querySelector('span')?.textContent)).toEqual(['Saad Alotaibi', 'Lina Khalid', 'Omar Alharbi']);
    expect(rows[0].textContent).toContain('Last activity');
    expect(rows[0].textContent).toContain('2022/05/14');
    // A player with nothing ever recorded says so instead of a date.
    expect(rows[1].textContent).toContain('No activity');
    expect(within(rows[1]).queryByTestId('plan-date')).toBeNull();
    // Nothing chosen yet: nothing to erase.
    const erase = screen.getByTestId<HTMLButtonElement>('privacy-erase');
    expect(erase.textContent).toBe('Erase 0 selected');
    expect(erase.disabled).toBe(true);
  });

  it('saves a new period with a toast, and the review is asked again for it', async () => {
    const requests = renderPrivacy(ADMIN);
    const select = await yearsSelect();
    await screen.findByTestId('privacy-review');
    await waitFor(() => expect(select.disabled).toBe(false));
    const before = retentionGets(requests);
    await userEvent.selectOptions(select, '1');
    expect((await screen.findByRole('status')).textContent).toContain('Saved');
    expect(requests.filter((r) => r.method === 'PUT').map((r) => ({ path: r.path, body: r.body }))).toEqual([
      { path: '/api/privacy/settings', body: { retentionYears: 1 } },
    ]);
    expect(await screen.findByRole('heading', { name: 'Inactive for 1 year or more' })).toBeTruthy();
    expect(retentionGets(requests)).toBeGreaterThan(before);
    expect(select.value).toBe('1');
  });

  it('says why a period was not saved, in words rather than the code, and keeps the saved one', async () => {
    renderPrivacy(ADMIN, 'en', {
      'PUT /api/privacy/settings': () => json({ message: 'Forbidden', code: 'auth.forbidden' }, 403),
    });
    const select = await yearsSelect();
    await waitFor(() => expect(select.disabled).toBe(false));
    await userEvent.selectOptions(select, '7');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You do not have permission to do this');
    expect(document.body.textContent).not.toContain('auth.forbidden');
    await waitFor(() => expect(select.value).toBe('3'));
  });

  it('erases the chosen players only after the confirmation, and says how many were erased and refused', async () => {
    const user = userEvent.setup();
    const requests = renderPrivacy(ADMIN);
    await screen.findByTestId('privacy-review');
    const saad = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Saad Alotaibi' });
    await waitFor(() => expect(saad.disabled).toBe(false));
    await user.click(screen.getByRole('checkbox', { name: 'Omar Alharbi' }));
    await user.click(saad);
    // Unticked again: not erased.
    await user.click(screen.getByRole('checkbox', { name: 'Lina Khalid' }));
    await user.click(screen.getByRole('checkbox', { name: 'Lina Khalid' }));
    const erase = screen.getByTestId<HTMLButtonElement>('privacy-erase');
    expect(erase.textContent).toBe('Erase 2 selected');
    expect(erase.disabled).toBe(false);

    await user.click(erase);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe("Erase these players' data?");
    expect(dialog.textContent).toContain('The personal data of 2 players is deleted for good. Each erasure is recorded.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    // Cancelling keeps the choice.
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Omar Alharbi' }).checked).toBe(true);

    await user.click(erase);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Erase 2 selected' }));
    expect((await screen.findByRole('status')).textContent).toContain('1 erased, 1 refused');
    expect(requests.filter((r) => r.method === 'POST').map((r) => ({ path: r.path, body: r.body }))).toEqual([
      { path: '/api/privacy/retention/erasure', body: { playerIds: [ID(13), ID(11)] } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The review is read again: the erased player is gone, the refused one stays, nothing is chosen.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Omar Alharbi' })).toBeNull());
    expect(reviewRows()).toHaveLength(2);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Saad Alotaibi' }).checked).toBe(false);
    expect(screen.getByTestId('privacy-erase').textContent).toBe('Erase 0 selected');
  });

  it('keeps the choice and shows the translated reason when the erasure itself fails', async () => {
    const user = userEvent.setup();
    renderPrivacy(ADMIN, 'en', {
      'POST /api/privacy/retention/erasure': () => json({ message: 'Too many requests', code: 'request.too_many' }, 429),
    });
    const saad = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Saad Alotaibi' });
    await waitFor(() => expect(saad.disabled).toBe(false));
    await user.click(saad);
    await user.click(screen.getByTestId('privacy-erase'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The personal data of 1 player is deleted for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Erase 1 selected' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many requests, please try again later');
    expect(document.body.textContent).not.toContain('request.too_many');
    expect(saad.checked).toBe(true);
  });

  it('says there is nobody to review, with no erase button, when no player is inactive', async () => {
    renderPrivacy(ADMIN, 'en', { 'GET /api/privacy/retention': () => json({ years: 3, players: [] }) });
    expect(await screen.findByText('No inactive players.')).toBeTruthy();
    expect(screen.queryByTestId('privacy-review')).toBeNull();
    expect(screen.queryByTestId('privacy-erase')).toBeNull();
  });

  it('shows placeholder rows while the review loads', async () => {
    let answer: (r: Response) => void = () => {};
    renderPrivacy(ADMIN, 'en', { 'GET /api/privacy/retention': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await yearsSelect();
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    expect(screen.queryByTestId('privacy-review')).toBeNull();
    answer(json(REVIEW));
    expect(await screen.findByTestId('privacy-review')).toBeTruthy();
    expect(screen.queryByTestId('skeleton')).toBeNull();
  });

  it('shows the failures to load with Retry, which asks again', async () => {
    let failing = true;
    const failOnce = (ok: () => Response) => () =>
      failing ? json({ message: 'Something went wrong', code: 'request.failed' }, 500) : ok();
    const requests = renderPrivacy(ADMIN, 'en', {
      'GET /api/privacy/settings': failOnce(() => json(SETTINGS)),
      'GET /api/privacy/retention': failOnce(() => json(REVIEW)),
    });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert')) expect(alert.textContent).toContain('Could not load');
    expect(screen.queryByTestId('privacy-years')).toBeNull();
    failing = false;
    for (const retry of screen.getAllByRole('button', { name: 'Retry' })) await userEvent.click(retry);
    expect(await screen.findByTestId('privacy-years')).toBeTruthy();
    expect(await screen.findByTestId('privacy-review')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.filter((r) => r.path === '/api/privacy/settings')).toHaveLength(2);
  });

  it('is read-only for a member who reads Settings but does not write it', async () => {
    renderPrivacy(READER);
    const select = await yearsSelect();
    await screen.findByTestId('privacy-review');
    // The member is known, and still nothing can be changed.
    await screen.findByTestId('member-known');
    expect(select.disabled).toBe(true);
    for (const box of screen.getAllByRole<HTMLInputElement>('checkbox')) expect(box.disabled).toBe(true);
    expect(screen.queryByTestId('privacy-erase')).toBeNull();
    expect(screen.getByText('Saad Alotaibi')).toBeTruthy();
  });

  it('speaks Arabic: the periods, the review with the Arabic names, the confirmation and the result', async () => {
    const user = userEvent.setup();
    const requests = renderPrivacy(ADMIN, 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'الخصوصية' })).toBeTruthy();
    const select = await yearsSelect();
    expect([...select.options].map((o) => o.textContent).slice(0, 3)).toEqual(['سنة واحدة', 'سنتين', '3 سنوات']);
    expect(screen.getByText('يُحفظ سجل التدقيق وسجلات الدخول 24 شهرًا ثم تُحذف.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'غير نشطين منذ 3 سنوات أو أكثر' })).toBeTruthy();
    const rows = reviewRows();
    expect(rows[0].textContent).toContain('سعد العتيبي');
    expect(rows[0].textContent).toContain('آخر نشاط');
    // No Arabic name: the English one.
    expect(rows[1].textContent).toContain('Lina Khalid');
    expect(rows[1].textContent).toContain('لا نشاط');
    const saad = screen.getByRole<HTMLInputElement>('checkbox', { name: 'سعد العتيبي' });
    await waitFor(() => expect(saad.disabled).toBe(false));
    await user.click(saad);
    await user.click(screen.getByTestId('privacy-erase'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('حذف بيانات هؤلاء اللاعبين؟');
    expect(dialog.textContent).toContain('تُحذف البيانات الشخصية للاعب واحد نهائيًا.');
    await user.click(within(dialog).getByRole('button', { name: 'حذف المحدَّدين (1)' }));
    expect((await screen.findByRole('status')).textContent).toContain('حُذف 1، ورُفض 0');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ playerIds: [ID(11)] });
    // No English beside the one name that has no Arabic.
    const page = document.body.textContent?.replace('Lina Khalid', '') ?? '';
    expect(page).not.toMatch(/Privacy|year|Inactive|activity|Erase|Saved|erased|refused/i);
  });
});
