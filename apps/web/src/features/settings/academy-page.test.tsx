// Settings → Academy profile: the e-invoicing section sits under the profile and appears with it, so the profile's
// arrival never pushes it down the page (a layout shift Lighthouse counted at 0.25).
import type { AcademyProfile, EInvoicingStatus } from '@kora/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithApp, signedInAs, stubRoutes, TEST_ACADEMY_ID } from '../../test-render';
import { eInvoicingQuery } from '../e-invoicing/api';
import { AcademyPage } from './AcademyPage';

const ACADEMY = TEST_ACADEMY_ID;
const profile: AcademyProfile = {
  id: ACADEMY,
  name: 'Riyadh Falcons',
  nameArabic: 'صقور الرياض',
  logo: null,
  phone: '+966501234567',
  email: 'info@falcons.sa',
  handle: 'demo',
  vatNumber: '310122393500003',
  enableOnlinePayments: true,
  coachesSeeMedical: false,
  address: { street: 'King Fahd Rd', city: 'Riyadh', buildingNumber: '1234', district: 'Olaya', postalCode: '12211' },
  crNumber: '1010101010',
  refundPolicy: null,
  refundPolicyArabic: null,
};
const status: EInvoicingStatus = {
  state: 'not_onboarded',
  environment: 'local',
  certificate: null,
  vatNumber: '310122393500003',
  reporting: { waiting: 0, reported: 0, reported_with_warnings: 0, rejected: 0 },
  signing: 'phase1',
  waitingForCertificate: 0,
};

function stubApi(profileArrives: Promise<void>) {
  stubRoutes({
    'GET /api/auth/me': () => json(signedInAs({ canReadSettings: true, canWriteSettings: true })),
    'GET /api/academies/e-invoicing': () => json(status),
    [`GET /api/academies/${ACADEMY}`]: async () => {
      await profileArrives;
      return json(profile);
    },
  });
  localStorage.setItem('signedIn', '1');
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Settings → Academy profile', () => {
  it('shows the e-invoicing section under the profile, once the profile is there', async () => {
    let release = () => {};
    stubApi(new Promise<void>((r) => (release = r)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithApp(<AcademyPage />, 'en', client);
    // The e-invoicing status is asked at once and has arrived; the profile has not: one placeholder.
    await waitFor(() => expect(client.getQueryData(eInvoicingQuery.queryKey)).toEqual(status));
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    expect(screen.queryByTestId('einvoicing')).toBeNull();
    await act(async () => release());
    const name = await screen.findByDisplayValue('Riyadh Falcons');
    const section = screen.getByTestId('einvoicing');
    expect(name.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
