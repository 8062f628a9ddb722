// Edit Player's medical condition (docs/domain.md, "Data map"): a new or changed condition offers the
// guardian's medical consent on paper and sends it with the edit when ticked; without it the server's
// refusal shows on the condition in the member's language.
import { allFlags, CONSENT_TEXTS, type Player } from '@kora/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderWithApp, signedInAs, stubRoutes } from '../../test-render';
import { EditPlayerDialog } from './EditPlayerDialog';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PLAYER: Player = {
  id: ID(1),
  role: 'PLAYER',
  name: 'Reem Al-Harbi',
  nameArabic: 'ريم الحربي',
  nationalId: null,
  nationality: 'SA',
  residentialNeighborhood: null,
  birthdate: '2014-04-04',
  gender: 'FEMALE',
  avatar: null,
  condition: null,
  hasMedicalNote: false,
  phoneNumber: null,
  emergencyPhone1: null,
  emergencyPhone2: null,
  email: null,
  accountTypeId: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  teamsPlaying: [],
  parents: [],
  subscriptions: [],
};

function renderEdit(answer: () => Response, locale: Locale = 'en') {
  localStorage.setItem('signedIn', '1');
  const onClose = vi.fn();
  const requests = stubRoutes({
    'GET /api/auth/me': () => json(signedInAs(allFlags(true))),
    [`PUT /api/users/${PLAYER.id}`]: answer,
  }).requests;
  renderWithApp(<EditPlayerDialog player={PLAYER} onClose={onClose} />, locale);
  return { requests, onClose };
}

const sent = (requests: { method: string; body: unknown }[]) => {
  const put = requests.find((r) => r.method === 'PUT');
  if (!(put?.body instanceof FormData)) throw new Error('no multipart PUT was sent');
  return put.body;
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe("Edit Player's medical condition", () => {
  it('offers the paper consent only for a new condition, and sends it with the edit when ticked', async () => {
    const { requests, onClose } = renderEdit(() => json({ ...PLAYER, condition: 'Asthma', hasMedicalNote: true }));
    const condition = await screen.findByLabelText('Medical condition');
    expect(screen.queryByTestId('medical-consent-paper')).toBeNull();
    await userEvent.type(condition, 'Asthma');
    const box = await screen.findByTestId('medical-consent-paper');
    expect(box.textContent).toContain(CONSENT_TEXTS.medical.en);
    await userEvent.click(screen.getByLabelText(CONSENT_TEXTS.medical.en));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = sent(requests);
    expect(form.get('condition')).toBe('Asthma');
    expect(JSON.parse(String(form.get('medicalConsent')))).toEqual({ language: 'en' });
    // The box is the form's, not a field of the contract.
    expect(form.has('medicalConsentOnPaper')).toBe(false);
  });

  it('sends no consent when unticked, and shows the refusal on the condition in Arabic', async () => {
    const { requests } = renderEdit(
      () =>
        json(
          {
            message: 'A medical condition is kept only with the parent’s consent to it',
            code: 'consent.medical_required',
            issues: [{ path: 'condition', message: 'x', code: 'consent.medical_required' }],
          },
          400,
        ),
      'ar',
    );
    const condition = await screen.findByLabelText('الحالة الصحية');
    await userEvent.type(condition, 'ربو');
    expect(await screen.findByTestId('medical-consent-paper')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    // On the condition itself (and in the form's summary), in Arabic: never the code.
    expect((await screen.findAllByText('لا تُحفظ الحالة الصحية إلا بموافقة وليّ الأمر عليها')).length).toBeGreaterThan(0);
    expect(condition.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).not.toContain('consent.medical_required');
    expect(sent(requests).has('medicalConsent')).toBe(false);
  });
});
