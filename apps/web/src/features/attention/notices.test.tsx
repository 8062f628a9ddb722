// The bell's notices about the academy itself (docs/domain.md, "Text messages"): texts off until the
// owner confirms their e-mail, with a button mailing the link again; the academy's daily cap reached.
import type { AttentionReply } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderInApp, signedInAs, stubRoutes } from '../../test-render';
import { AttentionBell } from './AttentionBell';

function stubApi(reply: AttentionReply) {
  localStorage.setItem('signedIn', '1');
  return stubRoutes({
    'GET /api/auth/me': () => json(signedInAs({ canReadSettings: true, canWriteSettings: true }, { name: 'Owner' })),
    'GET /api/attention': () => json(reply),
    'POST /api/academies/owner-confirmation': () => new Response(null, { status: 204 }),
  }).requests;
}

function renderBell(locale: Locale) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <AttentionBell />
        <Outlet />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>home</p> })]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderInApp(router, locale);
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe("the bell's notices", () => {
  it('says texts are off until the owner confirms their e-mail, and mails the link again', async () => {
    const sent = stubApi({ items: [], notices: [{ kind: 'sms_owner_unverified', email: 'owner@academy.sa' }], count: 1 });
    renderBell('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications: 1 item needs attention' }));
    const notice = await screen.findByTestId('attention-notice-sms_owner_unverified');
    expect(notice.textContent).toContain('Text messages are off');
    expect(notice.textContent).toContain('owner@academy.sa');
    expect(screen.queryByTestId('attention-empty')).toBeNull();
    await userEvent.click(within(notice).getByRole('button', { name: 'Mail the link again' }));
    expect(await within(notice).findByText('A new link is on its way.')).toBeTruthy();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/academies/owner-confirmation');
  });

  it("says the academy's texts are stopped by its daily cap (Arabic)", async () => {
    stubApi({ items: [], notices: [{ kind: 'sms_academy_cap', limit: 500, until: '2026-12-02T09:30:00.000Z' }], count: 1 });
    renderBell('ar');
    await userEvent.click(await screen.findByTestId('attention-bell'));
    const notice = await screen.findByTestId('attention-notice-sms_academy_cap');
    expect(notice.textContent).toContain('توقفت الرسائل النصية');
    expect(notice.textContent).toContain('500');
  });
});
