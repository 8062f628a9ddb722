import type { FamilyJoinOffer, FamilyMe } from '@kora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAMILY_SIGNED_IN_KEY } from '../../lib/storage';
import { jsonResponse as json } from '../../test-render';
import { renderPortal } from './test-portal';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ME: FamilyMe = {
  parent: {
    id: ID(3),
    name: 'Noura Alharbi',
    nameArabic: 'نورة الحربي',
    email: 'noura@demo.kora.sa',
    phoneNumber: '+966500000001',
    emergencyPhone1: null,
    emergencyPhone2: null,
    language: 'en',
  },
  academy: { id: ID(4), handle: 'demo', name: 'Riyadh Falcons', nameArabic: 'صقور الرياض', logo: null, availabilityCutoffMinutes: 120 },
  children: [],
};
const OFFER: FamilyJoinOffer = {
  id: ID(5),
  createdAt: '2026-11-24T08:00:00.000Z',
  child: { id: ID(6), name: 'Tala Alharbi', nameArabic: 'تالا الحربي' },
  registeredBy: 'Majed Alharbi',
};

function stubApi() {
  const answered: unknown[] = [];
  let offers = [OFFER];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://demo.kora.test').pathname;
      const method = init.method ?? 'GET';
      if (path === '/api/family/me') return json(ME);
      if (path === '/api/family/home') return json({ children: [], unreadAnnouncements: 0 });
      if (path === '/api/family/joins') return json(offers);
      if (method === 'POST' && path === `/api/family/joins/${OFFER.id}/decision`) {
        const headers = new Headers(init.headers);
        // The session is the cookie: no token is sent, the CSRF header always.
        answered.push({ auth: headers.get('authorization'), csrf: headers.get('x-kora-request'), body: JSON.parse(String(init.body)) });
        offers = [];
        return new Response(null, { status: 204 });
      }
      return json({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
  return answered;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(FAMILY_SIGNED_IN_KEY);
});
vi.setConfig({ testTimeout: 20_000 });

describe('a registration made with the parent’s address', () => {
  it('asks whether the child is hers and adds it to her family when she says yes', async () => {
    const answered = stubApi();
    const user = userEvent.setup();
    renderPortal('/family', 'en');
    const card = await screen.findByTestId('family-join-offer');
    expect(within(card).getByRole('heading', { name: 'Is Tala Alharbi your child?' })).toBeTruthy();
    expect(card.textContent).toContain('Majed Alharbi registered this child');
    await user.click(within(card).getByRole('button', { name: 'Yes, add to my family' }));
    await waitFor(() => expect(answered).toEqual([{ auth: null, csrf: '1', body: { decision: 'confirm' } }]));
    expect(await screen.findByText('Tala Alharbi is now in your family')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('family-join-offer')).toBeNull());
  });

  it('asks in Arabic and keeps the child apart when she says no', async () => {
    const answered = stubApi();
    const user = userEvent.setup();
    renderPortal('/family', 'ar');
    const card = await screen.findByTestId('family-join-offer');
    expect(within(card).getByRole('heading', { name: 'هل تالا الحربي من أبنائك؟' })).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'لا، ليس من أبنائي' }));
    await waitFor(() => expect(answered).toEqual([{ auth: null, csrf: '1', body: { decision: 'separate' } }]));
    expect(await screen.findByText('يبقى تالا الحربي خارج أسرتك')).toBeTruthy();
  });
});
