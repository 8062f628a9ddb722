import type { EInvoicingStatus } from '@kora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderWithApp, signedInAs, stubFetch } from '../../test-render';
import { EInvoicingSection } from './EInvoicingSection';

const counts = { waiting: 0, reported: 0, reported_with_warnings: 0, rejected: 0 };
const NOT_ONBOARDED: EInvoicingStatus = {
  state: 'not_onboarded',
  environment: 'local',
  certificate: null,
  vatNumber: '310122393500003',
  reporting: counts,
  signing: 'phase1',
  waitingForCertificate: 0,
};
const ONBOARDED: EInvoicingStatus = {
  ...NOT_ONBOARDED,
  state: 'production',
  certificate: {
    environment: 'local',
    unit: 'Kora-demo',
    issuer: 'CN=Kora ZATCA Simulator CA, DC=kora, DC=local',
    serialNumber: '1B0F9D95',
    issuedAt: '2026-11-22T09:00:00.000Z',
    expiresAt: '2027-11-22T09:00:00.000Z',
    renewalDue: false,
  },
  reporting: { ...counts, reported: 3, rejected: 1 },
  signing: 'own_certificate',
};

/** The API: who is signed in, the status, and the onboard/renew answer (or a refusal), which may wait for the test. */
function stubApi(
  status: EInvoicingStatus,
  onboard: () => Response | Promise<Response>,
  accountType = { canReadSettings: true, canWriteSettings: true },
) {
  localStorage.setItem('signedIn', '1');
  return stubFetch(({ path }) => {
    if (path === '/api/auth/me') return json(signedInAs(accountType));
    if (path === '/api/academies/e-invoicing') return json(status);
    if (/^\/api\/academies\/e-invoicing\/(onboard|renew)$/.test(path)) return onboard();
    return new Response(null, { status: 404 });
  }).requests;
}

function renderSection(locale: Locale = 'en') {
  renderWithApp(<EInvoicingSection />, locale);
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe('Settings → Academy → E-invoicing', () => {
  it('onboards with the OTP: progress while ZATCA checks, then the new state, its expiry and a toast', async () => {
    // ZATCA answers once the test has seen the progress line: no fixed wait.
    let zatcaAnswers = () => {};
    const answered = new Promise<void>((resolve) => (zatcaAnswers = resolve));
    const calls = stubApi(NOT_ONBOARDED, () => answered.then(() => json(ONBOARDED)));
    renderSection();
    expect((await screen.findByTestId('einvoicing-state')).textContent).toBe('Not onboarded');
    expect(screen.getByText('Built-in simulator (nothing reaches ZATCA)')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('One-time password (OTP)'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Onboard' }));
    expect(await screen.findByTestId('einvoicing-progress')).toBeTruthy();
    zatcaAnswers();
    await waitFor(() => expect(screen.getByTestId('einvoicing-state').textContent).toBe('Onboarded'));
    expect(await screen.findByText('The academy is onboarded: its invoices are reported to ZATCA')).toBeTruthy();
    // The one date format: yyyy/MM/dd, the Riyadh day.
    expect(screen.getByTestId('einvoicing-expiry').textContent).toBe('2027/11/22');
    expect(screen.getByText('3 reported · 0 with warnings · 1 rejected · 0 waiting')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew certificate' })).toBeTruthy();
    const sent = calls.find((c) => c.path.endsWith('/onboard'));
    expect(sent?.body).toEqual({ otp: '123456' });
  });

  it('refuses a malformed OTP before asking the server, and shows ZATCA’s refusal in words', async () => {
    const calls = stubApi(NOT_ONBOARDED, () =>
      json(
        {
          message: 'ZATCA refused the request: The OTP is invalid or has expired',
          code: 'einvoicing.refused',
          params: { reason: 'The OTP is invalid or has expired' },
        },
        400,
      ),
    );
    renderSection();
    const otp = await screen.findByLabelText('One-time password (OTP)');
    await userEvent.type(otp, '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Onboard' }));
    expect(await screen.findByText('Enter the 6-digit one-time password from the Fatoora portal')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/onboard'))).toBe(false);
    await userEvent.clear(otp);
    await userEvent.type(otp, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Onboard' }));
    expect(await screen.findByText('ZATCA refused the request: The OTP is invalid or has expired')).toBeTruthy();
    expect(screen.getByTestId('einvoicing-state').textContent).toBe('Not onboarded');
  });

  it('reads only, without W:Settings; asks for the VAT number first', async () => {
    stubApi({ ...NOT_ONBOARDED, vatNumber: null }, () => json(ONBOARDED), { canReadSettings: true, canWriteSettings: false });
    renderSection();
    await screen.findByTestId('einvoicing-state');
    expect(screen.getByText("Enter the academy's VAT number in the profile above before onboarding.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Onboard' })).toBeNull();
  });

  it('says what onboarding will change while the academy issues phase-1 invoices, and nothing of it once onboarded', async () => {
    stubApi(NOT_ONBOARDED, () => json(ONBOARDED));
    renderSection();
    const note = await screen.findByTestId('einvoicing-phase');
    expect(note.textContent).toContain('phase-1 simplified tax invoices');
    expect(note.textContent).toContain('no cryptographic stamp, and nothing is reported to ZATCA');
    expect(note.textContent).toContain('reported to ZATCA within 24 hours');
    await userEvent.type(screen.getByLabelText('One-time password (OTP)'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Onboard' }));
    await waitFor(() => expect(screen.getByTestId('einvoicing-state').textContent).toBe('Onboarded'));
    expect(screen.queryByTestId('einvoicing-phase')).toBeNull();
  });

  it('an ended certificate: its end date and how many documents wait for a certificate, in English and Arabic', async () => {
    const ended: EInvoicingStatus = {
      ...ONBOARDED,
      state: 'expired',
      certificate: ONBOARDED.certificate && { ...ONBOARDED.certificate, expiresAt: '2026-11-20T09:00:00.000Z', renewalDue: true },
      signing: 'waiting_for_certificate',
      waitingForCertificate: 3,
      reporting: { ...counts, waiting: 3 },
    };
    stubApi(ended, () => json(ONBOARDED));
    renderSection();
    expect((await screen.findByTestId('einvoicing-waiting')).textContent).toBe(
      'The certificate has ended: 3 documents are issued and wait for a certificate. Renew it with a new one-time password: they are then signed and reported in order.',
    );
    expect(screen.getByTestId('einvoicing-expiry').textContent).toBe('2026/11/20');
    expect(screen.getByRole('button', { name: 'Renew certificate' })).toBeTruthy();
  });

  it('speaks Arabic: what onboarding will change', async () => {
    stubApi(NOT_ONBOARDED, () => json(ONBOARDED));
    renderSection('ar');
    const note = await screen.findByTestId('einvoicing-phase');
    expect(note.textContent).toContain('فواتير مبسطة من المرحلة الأولى');
    expect(note.textContent).toContain('يُبلَّغ عنه إلى الهيئة خلال 24 ساعة');
  });

  it('speaks Arabic', async () => {
    stubApi(ONBOARDED, () => json(ONBOARDED));
    renderSection('ar');
    const section = await screen.findByTestId('einvoicing');
    await waitFor(() => expect(within(section).getByTestId('einvoicing-state').textContent).toBe('مربوطة'));
    expect(within(section).getByRole('button', { name: 'تجديد الشهادة' })).toBeTruthy();
    expect(within(section).getByText('الفوترة الإلكترونية (هيئة الزكاة والضريبة والجمارك)')).toBeTruthy();
  });
});
