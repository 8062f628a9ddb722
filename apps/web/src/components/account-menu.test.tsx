import { COACH_FLAGS } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../lib/i18n';
import { jsonResponse as json, renderInApp, stubFetch } from '../test-render';
import { Shell } from './Shell';

const me = {
  user: {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Waleed Al-Harbi',
    nameArabic: 'وليد الحربي',
    email: 'coach@demo.kora.sa',
    avatar: null,
    role: 'COACH',
    accountType: { id: '00000000-0000-4000-8000-000000000902', name: 'Coach', nameArabic: 'مدرب', isDefault: true, ...COACH_FLAGS },
    academyUsers: [
      { academy: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Falcons', nameArabic: 'الصقور', handle: 'demo', logo: null } },
    ],
  },
  currentAcademyId: '00000000-0000-4000-8000-0000000000a1',
};

/** /api/auth/me answers the coach above; change-password refuses 'wrong-one' as the server does and accepts the rest. */
function stubApi() {
  localStorage.setItem('signedIn', '1');
  return stubFetch(({ path, body }) => {
    if (path === '/api/auth/me') return json(me);
    if (path === '/api/auth/change-password' && (body as { currentPassword: string }).currentPassword === 'wrong-one')
      return json(
        {
          code: 'auth.current_password_wrong',
          message: 'The current password is not correct',
          issues: [{ path: 'currentPassword', code: 'auth.current_password_wrong', message: 'The current password is not correct' }],
        },
        400,
      );
    return new Response(null, { status: 204 });
  });
}

function renderShell(locale: Locale) {
  const rootRoute = createRootRoute();
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <Shell>home</Shell> });
  const router = createRouter({ routeTree: rootRoute.addChildren([home]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderInApp(router, locale);
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sentBodies = ({ requests }: ReturnType<typeof stubApi>) =>
  requests.filter((r) => r.path === '/api/auth/change-password').map((r) => r.body);

describe('the account menu', () => {
  it('names the account type in the UI language under the name', async () => {
    stubApi();
    renderShell('ar');
    await userEvent.click(await screen.findByTestId('avatar-menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('وليد الحربي')).toBeTruthy();
    expect(within(menu).getByTestId('account-role').textContent).toBe('مدرب');
    expect(within(menu).getByRole('menuitem', { name: 'تغيير كلمة المرور' })).toBeTruthy();
  });

  it('changes the password from the menu: current, new of 8 or more, confirmed; a wrong current one is said on its field', async () => {
    const stub = stubApi();
    renderShell('en');
    await userEvent.click(await screen.findByTestId('avatar-menu'));
    expect((await screen.findByTestId('account-role')).textContent).toBe('Coach');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    const submit = within(dialog).getByRole('button', { name: 'Change password' });

    // Too short and not confirmed: refused here, nothing sent.
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'wrong-one');
    await userEvent.type(within(dialog).getByLabelText('New password'), 'short');
    await userEvent.type(within(dialog).getByLabelText('Confirm new password'), 'shorter');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Passwords do not match')).toBeTruthy();
    expect(within(dialog).getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(stub)).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('New password'));
    await userEvent.type(within(dialog).getByLabelText('New password'), 'long-enough-1');
    await userEvent.clear(within(dialog).getByLabelText('Confirm new password'));
    await userEvent.type(within(dialog).getByLabelText('Confirm new password'), 'long-enough-1');
    await userEvent.click(submit);
    await waitFor(() => expect(within(dialog).getAllByText('The current password is not correct').length).toBeGreaterThan(0));
    expect(within(dialog).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(within(dialog).getByLabelText('Current password'));
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'the-right-one');
    await userEvent.click(submit);
    expect(await screen.findByText('Password changed. Your other devices were signed out.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull());
    expect(sentBodies(stub)).toEqual([
      { currentPassword: 'wrong-one', newPassword: 'long-enough-1' },
      { currentPassword: 'the-right-one', newPassword: 'long-enough-1' },
    ]);
  });
});
