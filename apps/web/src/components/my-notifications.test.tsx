// The member's own channels for messages about the sessions they coach (the account menu's "Messages about my
// sessions"): what is on now, a change saved as the list of channels, neither meaning none; a refusal shown in words.
import type { MemberNotificationPreferences } from '@kora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../lib/i18n';
import { jsonResponse as json, renderWithApp, type StubAnswer, signedInAs, stubRoutes } from '../test-render';
import { MyNotificationsDialog } from './MyNotificationsDialog';

const PREFS: MemberNotificationPreferences = {
  channels: ['email', 'push'],
  usesDefaults: true,
  available: { email: true, push: false },
  pushDevices: 0,
};

function renderDialog(put: StubAnswer, locale: Locale = 'en') {
  localStorage.setItem('signedIn', '1');
  const onClose = vi.fn();
  const requests = stubRoutes({
    'GET /api/auth/me': () => json(signedInAs({ canReadSchedule: true }, { role: 'COACH' })),
    'GET /api/me/notifications': () => json(PREFS),
    'PUT /api/me/notifications': put,
  }).requests;
  renderWithApp(<MyNotificationsDialog onClose={onClose} />, locale);
  return { requests, onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe("a coach's messages about their sessions", () => {
  it('shows the channels on now, and saves e-mail only when notifications are unticked', async () => {
    const { requests, onClose } = renderDialog(({ body }) => json({ ...PREFS, usesDefaults: false, ...(body as object) }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages about my sessions' });
    const email = within(dialog).getByTestId<HTMLInputElement>('my-notifications-email');
    const push = within(dialog).getByTestId<HTMLInputElement>('my-notifications-push');
    expect([email.checked, push.checked]).toEqual([true, true]);
    // No device yet: the hint says where to turn them on.
    expect(dialog.textContent).toContain('Turn notifications on for this device in this menu first');
    await userEvent.click(push);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Your choices are saved')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ channels: ['email'] });
  });

  it('saves none when both are unticked, and shows a refusal in Arabic', async () => {
    const { requests, onClose } = renderDialog(() => json({ message: 'Forbidden', code: 'auth.forbidden' }, 403), 'ar');
    const dialog = await screen.findByRole('dialog', { name: 'رسائل حصصي' });
    await userEvent.click(within(dialog).getByTestId('my-notifications-email'));
    await userEvent.click(within(dialog).getByTestId('my-notifications-push'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ channels: [] }));
    // The refusal in words (never its code); the dialog stays open.
    await waitFor(() => expect(dialog.textContent).toContain('ليست لديك صلاحية للقيام بذلك'));
    expect(dialog.textContent).not.toContain('auth.forbidden');
    expect(onClose).not.toHaveBeenCalled();
  });
});
