import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, renderWithApp, signedInAs, stubFetch } from '../../test-render';
import { CalendarLinkDialog } from './CalendarLink';

const TEAM = '00000000-0000-4000-8000-000000000011';
const FEED = 'http://demo.kora.test/api/calendar/abc.ics';

/** A signed-in member of the given rights (and maybe a live feed); the feed calls answer as the server would. */
function stubApi(accountType: Record<string, boolean>, feed: object | null = null) {
  let live = feed;
  localStorage.setItem('signedIn', '1');
  return stubFetch(({ method, path, body }) => {
    if (path === '/api/auth/me') return json(signedInAs(accountType, { name: 'Coach Majed', email: 'majed@demo.kora.sa', role: 'COACH' }));
    if (path === '/api/teams')
      return json([{ id: TEAM, name: 'U12 Eagles', nameArabic: 'نسور تحت ١٢', color: 'BLUE', coaches: [], players: [] }]);
    if (path === '/api/calendar-feed' && method === 'POST') {
      const made = { url: FEED, ...(body as { scope: string; teamId: string | null; language: string }) };
      live = { scope: made.scope, teamId: made.teamId, language: made.language, createdAt: '2026-11-22T07:00:00.000Z' };
      return json(made, 201);
    }
    if (path === '/api/calendar-feed' && method === 'DELETE') {
      live = null;
      return new Response(null, { status: 204 });
    }
    if (path === '/api/calendar-feed') return json({ feed: live });
    return new Response(null, { status: 404 });
  });
}

function renderDialog(locale: Locale) {
  renderWithApp(<CalendarLinkDialog onClose={() => undefined} />, locale);
}

const feedBodies = ({ requests }: ReturnType<typeof stubApi>) =>
  requests.filter((r) => r.path === '/api/calendar-feed' && r.method === 'POST').map((r) => r.body);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the calendar link dialog', () => {
  it('offers a coach who reads only My Trainings their own events, named as such, and asks for exactly that', async () => {
    const stub = stubApi({ canReadMyTrainings: true });
    renderDialog('en');
    const dialog = await screen.findByRole('dialog', { name: 'Calendar link' });
    const select = within(dialog).getByRole('combobox', { name: 'Events' });
    await waitFor(() => expect(stub.requests.some((r) => r.path === '/api/auth/me')).toBe(true));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['My events (the ones I coach)']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(((await within(dialog).findByTestId('calendar-url')) as HTMLInputElement).value).toBe(FEED);
    expect(feedBodies(stub)).toEqual([{ scope: 'mine', teamId: null, language: 'en' }]);
  });

  it('offers a member who reads the schedule the academy and each team, and makes the feed in the UI language', async () => {
    const stub = stubApi({ canReadSchedule: true });
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
    // The academy's link exists now: a team's replaces it, once confirmed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'إنشاء رابط جديد' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'استبدال رابط التقويم؟' })).getByRole('button', { name: 'استبدال الرابط' }),
    );
    await within(dialog).findByTestId('calendar-url');
    expect(feedBodies(stub)).toEqual([
      { scope: 'academy', teamId: null, language: 'ar' },
      { scope: 'team', teamId: TEAM, language: 'ar' },
    ]);
  });
});

describe('the calendar link dialog, around the link one has', () => {
  const posts = (stub: ReturnType<typeof stubApi>) => feedBodies(stub).length;

  it('offers no Revoke before a link exists, then asks before a new link replaces it: the old one stops working', async () => {
    const stub = stubApi({ canReadMyTrainings: true });
    renderDialog('en');
    const dialog = await screen.findByRole('dialog', { name: 'Calendar link' });
    await waitFor(() => expect(stub.requests.some((r) => r.path === '/api/calendar-feed' && r.method === 'GET')).toBe(true));
    expect(within(dialog).queryByRole('button', { name: 'Revoke link' })).toBeNull();
    // The first link is made at once: there is nothing to replace.
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    await within(dialog).findByTestId('calendar-url');
    expect(posts(stub)).toBe(1);
    expect(within(dialog).getByRole('button', { name: 'Revoke link' })).toBeTruthy();
    // Another one would replace it: asked first, and nothing is made when the member cancels.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create a new link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace your calendar link?' });
    expect(confirm.textContent).toContain('the old link stops working');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(posts(stub)).toBe(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create a new link' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Replace your calendar link?' })).getByRole('button', { name: 'Replace link' }),
    );
    await waitFor(() => expect(posts(stub)).toBe(2));
  });

  it('names the link the member already has, offers Revoke for it and asks before replacing it, in Arabic too', async () => {
    const stub = stubApi({ canReadSchedule: true }, { scope: 'team', teamId: TEAM, language: 'ar', createdAt: '2026-11-01T21:30:00.000Z' });
    renderDialog('ar');
    const dialog = await screen.findByRole('dialog', { name: 'رابط التقويم' });
    const current = await within(dialog).findByTestId('calendar-current');
    await waitFor(() => expect(current.textContent).toContain('لديك رابط تقويم: نسور تحت ١٢'));
    // 21:30 UTC is the next day in Riyadh.
    expect(current.textContent).toContain('2026/11/02');
    expect(within(dialog).queryByTestId('calendar-url')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'إنشاء رابط جديد' }));
    const confirm = await screen.findByRole('dialog', { name: 'استبدال رابط التقويم؟' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'استبدال الرابط' }));
    await within(dialog).findByTestId('calendar-url');
    expect(posts(stub)).toBe(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'إلغاء الرابط' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'إلغاء الرابط' })).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'إنشاء الرابط' })).toBeTruthy();
  });
});
