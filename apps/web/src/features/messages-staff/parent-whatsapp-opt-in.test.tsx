// A parent's WhatsApp opt-in on the player page (docs/domain.md, "Messages: every one accounted for"): its state, and
// for members who write Players the paper form recorded with the day it was signed and the form's words; en and ar.
import type { WhatsappOptInRecord } from '@kora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderWithApp, signedInAs, stubRoutes } from '../../test-render';
import { ParentWhatsappOptIn } from './ParentWhatsappOptIn';

const PARENT = '00000000-0000-4000-8000-000000000021';
const NOT_YET: WhatsappOptInRecord = {
  parentId: PARENT,
  configured: true,
  hasMobile: true,
  optedIn: false,
  optedInAt: null,
  via: null,
  recordedBy: null,
  note: null,
};

function renderOptIn(record: WhatsappOptInRecord, canWrite: boolean, locale: Locale = 'en') {
  localStorage.setItem('signedIn', '1');
  const requests = stubRoutes({
    'GET /api/auth/me': () => json(signedInAs({ canReadPlayers: true, canWritePlayers: canWrite })),
    [`GET /api/parents/${PARENT}/whatsapp-opt-in`]: () => json(record),
    [`PUT /api/parents/${PARENT}/whatsapp-opt-in`]: ({ body }) =>
      json({
        ...record,
        optedIn: true,
        optedInAt: '2026-11-30T21:30:00.000Z',
        via: 'staff',
        recordedBy: { id: '00000000-0000-4000-8000-000000000001', name: 'Admin' },
        note: (body as { note: string }).note,
      }),
  }).requests;
  renderWithApp(<ParentWhatsappOptIn parentId={PARENT} canWrite={canWrite} />, locale);
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe("a parent's WhatsApp opt-in on paper", () => {
  it('records a signed form with its day and words, then says who recorded it and when', async () => {
    const requests = renderOptIn(NOT_YET, true);
    const block = await screen.findByTestId('parent-whatsapp-opt-in');
    expect(block.textContent).toContain('The parent has not opted in');
    await userEvent.click(within(block).getByTestId('record-paper-opt-in'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Which form, and where it is kept'), 'Registration form 2026, U12 folder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The opt-in is recorded')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ signedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), note: 'Registration form 2026, U12 folder' });
    // 21:30 UTC on 30 November is 1 December in Riyadh.
    await waitFor(() =>
      expect(screen.getByTestId('parent-whatsapp-opt-in').textContent).toContain(
        'Opted in on a paper form signed on 2026/12/01, recorded by Admin: Registration form 2026, U12 folder',
      ),
    );
    expect(screen.queryByTestId('record-paper-opt-in')).toBeNull();
  });

  it('offers no recording without W:Players, nor without a mobile; says so in Arabic', async () => {
    renderOptIn({ ...NOT_YET, hasMobile: false }, true, 'ar');
    const block = await screen.findByTestId('parent-whatsapp-opt-in');
    expect(block.textContent).toContain('واتساب');
    expect(within(block).queryByTestId('record-paper-opt-in')).toBeNull();
    expect(block.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('is read-only for a member who reads Players only', async () => {
    renderOptIn(NOT_YET, false);
    const block = await screen.findByTestId('parent-whatsapp-opt-in');
    expect(block.textContent).toContain('The parent has not opted in');
    expect(within(block).queryByTestId('record-paper-opt-in')).toBeNull();
  });
});
