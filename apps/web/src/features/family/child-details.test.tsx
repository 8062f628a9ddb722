// A child's medical condition in the portal's Details (docs/domain.md, "Data map"): a new condition offers the
// medical consent's text and sends the parent's consent with it when ticked; a refusal shows in the parent's language.
import { CONSENT_TEXTS, type FamilyDetails, type FamilyMe } from '@kora/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, type StubAnswer, stubRoutes } from '../../test-render';
import { renderPortal } from './test-portal';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ME: FamilyMe = {
  parent: {
    id: ID(3),
    name: 'Fahad Alharbi',
    nameArabic: 'فهد الحربي',
    email: 'parent@demo.kora.sa',
    phoneNumber: '+966500000001',
    emergencyPhone1: null,
    emergencyPhone2: null,
    language: 'ar',
  },
  academy: { id: ID(4), handle: 'demo', name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null, availabilityCutoffMinutes: 120 },
  children: [],
};
const DETAILS: FamilyDetails = {
  parent: ME.parent,
  children: [{ id: ID(1), name: 'Omar Alharbi', nameArabic: 'عمر الحربي', condition: null, emergencyPhone1: null, emergencyPhone2: null }],
};

function renderDetails(put: StubAnswer, locale: Locale = 'en') {
  const requests = stubRoutes({
    'GET /api/family/me': () => json(ME),
    'GET /api/family/details': () => json(DETAILS),
    [`GET /api/family/children/${ID(1)}/consents`]: () => json({ childId: ID(1), consents: [] }),
    [`PUT /api/family/children/${ID(1)}`]: put,
  }).requests;
  renderPortal('/family/details', locale);
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe("a child's medical condition in the portal", () => {
  it("asks for the medical consent with a new condition and sends the parent's with it", async () => {
    const requests = renderDetails(({ body }) =>
      json({ ...DETAILS, children: [{ ...DETAILS.children[0], condition: (body as { condition: string }).condition }] }),
    );
    const form = await screen.findByTestId('family-child-form');
    expect(within(form).queryByLabelText(CONSENT_TEXTS.medical.en)).toBeNull();
    await userEvent.type(within(form).getByLabelText('Medical condition'), 'Mild asthma');
    await userEvent.click(await within(form).findByLabelText(CONSENT_TEXTS.medical.en));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      condition: 'Mild asthma',
      emergencyPhone1: null,
      emergencyPhone2: null,
      medicalConsent: { language: 'en' },
    });
  });

  it('sends none when the box is left, and shows the refusal in Arabic', async () => {
    const requests = renderDetails(
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
    const form = await screen.findByTestId('family-child-form');
    await userEvent.type(within(form).getByLabelText('الحالة الصحية'), 'ربو');
    expect(await within(form).findByLabelText(CONSENT_TEXTS.medical.ar)).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'حفظ' }));
    expect((await within(form).findAllByText('لا تُحفظ الحالة الصحية إلا بموافقة وليّ الأمر عليها')).length).toBeGreaterThan(0);
    expect(requests.find((r) => r.method === 'PUT')?.body).not.toHaveProperty('medicalConsent');
    expect(form.textContent).not.toContain('consent.medical_required');
  });
});
