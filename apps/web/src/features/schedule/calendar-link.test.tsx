import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/Toaster';
import { AuthProvider } from '../../lib/auth';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import { CalendarLinkDialog } from './CalendarLink';

const TEAM = '00000000-0000-4000-8000-000000000011';
const FEED = 'http://demo.kora.test/api/calendar/abc.ics';

/** A signed-in member of the given rights; the feed call answers what it was asked. */
function stubApi(accountType: Record<string, boolean>) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.endsWith('/api/auth/me'))
      return json({
        user: {
          id: '00000000-0000-4000-8000-000000000001',
          name: 'Coach Majed',
          email: 'majed@demo.kora.sa',
          avatar: null,
          role: 'COACH',
          accountType,
          academyUsers: [
            { academy: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Falcons', nameArabic: null, handle: 'demo', logo: null } },
          ],
        },
        currentAcademyId: '00000000-0000-4000-8000-0000000000a1',
      });
    if (path.endsWith('/api/teams'))
      return json([{ id: TEAM, name: 'U12 Eagles', nameArabic: 'نسور تحت ١٢', color: 'BLUE', coaches: [], players: [] }]);
    if (path.endsWith('/api/calendar-feed') && init?.method === 'POST') return json({ url: FEED, ...JSON.parse(String(init.body)) }, 201);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  localStorage.setItem('token', 'tok');
  return fetch;
}

function renderDialog(locale: Locale) {
  render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider>
          <ToastProvider>
            <CalendarLinkDialog onClose={() => undefined} />
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

const feedBodies = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/calendar-feed') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the calendar link dialog (issue 18)', () => {
  it('offers a coach who reads only My Trainings their own events, named as such, and asks for exactly that', async () => {
    const fetch = stubApi({ canReadMyTrainings: true });
    renderDialog('en');
    const dialog = await screen.findByRole('dialog', { name: 'Calendar link' });
    const select = within(dialog).getByRole('combobox', { name: 'Events' });
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/auth/me'))).toBe(true));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['My events (the ones I coach)']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(((await within(dialog).findByTestId('calendar-url')) as HTMLInputElement).value).toBe(FEED);
    expect(feedBodies(fetch)).toEqual([{ scope: 'mine', teamId: null, language: 'en' }]);
  });

  it('offers a member who reads the schedule the academy and each team, and makes the feed in the UI language', async () => {
    const fetch = stubApi({ canReadSchedule: true });
    renderDialog('ar');
    const dialog = await screen.findByRole('dialog', { name: 'رابط التقويم' });
    const select = within(dialog).getByRole('combobox', { name: 'الفعاليات' });
    await within(select).findByRole('option', { name: 'نسور تحت ١٢' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['فعالياتي (التي أدرّبها)', 'كل فعاليات الأكاديمية', 'نسور تحت ١٢']);
    await userEvent.selectOptions(select, 'كل فعاليات الأكاديمية');
    await userEvent.click(within(dialog).getByRole('button', { name: 'إنشاء الرابط' }));
    await within(dialog).findByTestId('calendar-url');
    await userEvent.selectOptions(select, 'نسور تحت ١٢');
    await userEvent.click(within(dialog).getByRole('button', { name: 'إنشاء الرابط' }));
    await within(dialog).findByTestId('calendar-url');
    expect(feedBodies(fetch)).toEqual([
      { scope: 'academy', teamId: null, language: 'ar' },
      { scope: 'team', teamId: TEAM, language: 'ar' },
    ]);
  });
});
