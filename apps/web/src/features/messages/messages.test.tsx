// Settings → Messages (docs/domain.md, "Messages: every one accounted for"): what went to whom and its
// state, filtered in the address, older pages by the server's cursor; the academy's defaults, read-only
// without the right to write Settings; the bell's failed messages leading here.
import { DEFAULT_PARENT_CHANNELS, type Message, type MessageSettings } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { listSearch } from '../../lib/list-search';
import { jsonResponse as json, renderInApp, signedInAs, stubRoutes, viewport } from '../../test-render';
import { AttentionBell } from '../attention/AttentionBell';
import { MessagesPage } from './MessagesPage';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const message = (n: number, over: Partial<Message> = {}): Message => ({
  id: ID(n),
  channel: 'whatsapp',
  kind: 'event_moved',
  state: 'delivered',
  locale: 'ar',
  recipient: { id: ID(90), role: 'PARENT', name: 'Fahad Alharbi', nameArabic: 'فهد الحربي' },
  to: '+96650…567',
  summary: 'event_moved',
  failureReason: null,
  providerMessageId: 'wamid.1',
  attempts: 1,
  fallbackOf: null,
  eventId: ID(80),
  // 09:30 UTC is 12:30 in Riyadh.
  createdAt: '2026-12-01T09:30:00.000Z',
  sentAt: '2026-12-01T09:30:00.000Z',
  updatedAt: '2026-12-01T09:31:00.000Z',
  ...over,
});
const FAILED = message(2, {
  channel: 'push',
  state: 'failed',
  failureReason: 'Push: the device is gone (410)',
  to: '2 devices',
  sentAt: null,
});
const SETTINGS: MessageSettings = {
  channels: DEFAULT_PARENT_CHANNELS,
  absentWithoutNotice: false,
  configured: { email: true, sms: true, whatsapp: false, push: true },
};

function stubApi(writes: boolean, pages: Record<string, { items: Message[]; nextCursor: string | null }>) {
  localStorage.setItem('signedIn', '1');
  let settings = structuredClone(SETTINGS);
  return stubRoutes({
    'GET /api/auth/me': () => json(signedInAs({ canReadSettings: true, canWriteSettings: writes })),
    'GET /api/messages': ({ url }) => json(pages[url.searchParams.get('before') ?? ''] ?? { items: [], nextCursor: null }),
    'GET /api/message-settings': () => json(settings),
    'PUT /api/message-settings': ({ body }) => {
      const b = body as Partial<MessageSettings>;
      settings = {
        ...settings,
        channels: { ...settings.channels, ...b.channels },
        absentWithoutNotice: b.absentWithoutNotice ?? settings.absentWithoutNotice,
      };
      return json(settings);
    },
    'GET /api/attention': () =>
      json({ items: [], notices: [{ kind: 'messages_failed', count: 3, since: '2026-11-25T09:00:00.000Z' }], count: 1 }),
  }).requests;
}

function renderMessages(path: string, locale: Locale = 'en') {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <AttentionBell />
        <Outlet />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>home</p> }),
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/settings/messages',
        validateSearch: listSearch('channel', 'state', 'kind', 'from', 'to'),
        component: MessagesPage,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderInApp(router, locale);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe('Settings → Messages', () => {
  it('lists what went to whom with its state, reason and Riyadh time, and asks the server for the filters in the address', async () => {
    viewport(true);
    const sent = stubApi(true, { '': { items: [message(1), FAILED], nextCursor: null } });
    const router = renderMessages('/settings/messages?state=failed&channel=push');
    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Fahad Alharbi');
    expect(rows[0]?.textContent).toContain('WhatsApp');
    expect(rows[0]?.textContent).toContain('Session moved');
    expect(rows[0]?.textContent).toContain('2026/12/01 12:30');
    expect(within(rows[1] as HTMLElement).getByTestId('message-state').textContent).toBe('Failed');
    expect(within(rows[1] as HTMLElement).getByTestId('message-reason').textContent).toBe('Push: the device is gone (410)');
    const asked = sent.filter((r) => r.path === '/api/messages').map((r) => Object.fromEntries(r.url.searchParams));
    expect(asked[0]).toEqual({ state: 'failed', channel: 'push' });
    // A filter changed goes into the address and is asked again.
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'payment_failed');
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'failed', channel: 'push', kind: 'payment_failed' }));
    await waitFor(() =>
      expect(
        sent
          .filter((r) => r.path === '/api/messages')
          .at(-1)
          ?.url.searchParams.get('kind'),
      ).toBe('payment_failed'),
    );
  });

  it('shows cards on a phone and fetches older messages with the cursor (Arabic)', async () => {
    viewport(false);
    const sent = stubApi(true, {
      '': { items: [message(1)], nextCursor: 'cursor-1' },
      'cursor-1': { items: [FAILED], nextCursor: null },
    });
    renderMessages('/settings/messages', 'ar');
    expect(await screen.findByTestId('list-cards')).toBeTruthy();
    expect((await screen.findAllByTestId('message-row'))[0]?.textContent).toContain('فهد الحربي');
    await userEvent.click(screen.getByRole('button', { name: 'اعرض الرسائل الأقدم' }));
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(2));
    expect(screen.getAllByTestId('message-row')[1]?.textContent).toContain('أخفقت');
    expect(
      sent
        .filter((r) => r.path === '/api/messages')
        .at(-1)
        ?.url.searchParams.get('before'),
    ).toBe('cursor-1');
    expect(screen.queryByRole('button', { name: 'اعرض الرسائل الأقدم' })).toBeNull();
  });

  it('says so when nothing matches', async () => {
    viewport(true);
    stubApi(true, {});
    renderMessages('/settings/messages');
    expect(await screen.findByText('No messages match')).toBeTruthy();
  });

  it("says the server's refusal of a stale page in words, with Retry", async () => {
    viewport(true);
    localStorage.setItem('signedIn', '1');
    stubRoutes({
      'GET /api/auth/me': () => json(signedInAs({ canReadSettings: true, canWriteSettings: true })),
      'GET /api/messages': () => json({ message: 'stale', code: 'message.cursor_invalid' }, 400),
      'GET /api/message-settings': () => json(SETTINGS),
    });
    renderMessages('/settings/messages');
    expect(await screen.findByText('This page of messages no longer exists: start from the first page')).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry/i })).toBeTruthy();
  });

  it("changes the academy's defaults for a member who writes Settings", async () => {
    viewport(true);
    const sent = stubApi(true, {});
    renderMessages('/settings/messages');
    const defaults = await screen.findByTestId('message-defaults');
    const save = within(defaults).getByRole('button', { name: 'Save defaults' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(within(defaults).getAllByText('(Not set up on this server)').length).toBeGreaterThan(0);
    await userEvent.click(within(defaults).getByTestId('default-event_added-email'));
    await userEvent.click(within(defaults).getByLabelText('Tell parents when their child is absent without notice'));
    await userEvent.click(save);
    expect(await screen.findByText('Defaults saved')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({
      channels: { event_added: ['email', 'push'] },
      absentWithoutNotice: true,
    });
  });

  it('shows the defaults read-only to a member who only reads Settings', async () => {
    viewport(true);
    const sent = stubApi(false, {});
    renderMessages('/settings/messages');
    const defaults = await screen.findByTestId('message-defaults');
    expect(within(defaults).getByTestId('message-defaults-readonly')).toBeTruthy();
    expect(within(defaults).queryByRole('button', { name: 'Save defaults' })).toBeNull();
    expect(within(defaults).getByTestId('default-event_added-email').matches(':disabled')).toBe(true);
    expect(within(defaults).getByTestId<HTMLInputElement>('default-absent').disabled).toBe(true);
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("the bell's failed messages lead to this list, filtered to failed", async () => {
    viewport(true);
    const sent = stubApi(false, { '': { items: [FAILED], nextCursor: null } });
    const router = renderMessages('/');
    await userEvent.click(await screen.findByTestId('attention-bell'));
    const notice = await screen.findByTestId('attention-notice-messages_failed');
    expect(notice.textContent).toContain('3 messages could not reach anyone since 2026/11/25 12:00');
    await userEvent.click(within(notice).getByRole('link', { name: 'See the failed messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/messages'));
    expect(router.state.location.search).toEqual({ state: 'failed' });
    expect(await screen.findAllByTestId('message-row')).toHaveLength(1);
    expect(
      sent
        .filter((r) => r.path === '/api/messages')
        .at(-1)
        ?.url.searchParams.get('state'),
    ).toBe('failed');
  });
});
