import type { Announcement } from '@kora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { jsonResponse as json, renderWithApp } from '../../test-render';
import { AnnouncementsPage } from './AnnouncementsPage';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const me = (canWritePlayers: boolean) => ({
  user: {
    id: ID(1),
    name: 'Abdulrahman',
    email: 'admin@demo.kora.sa',
    avatar: null,
    role: 'ADMIN',
    accountType: { canReadPlayers: true, canWritePlayers },
    academyUsers: [{ academy: { id: ID(2), name: 'Falcons', nameArabic: 'الصقور', handle: 'demo', logo: null } }],
  },
  currentAcademyId: ID(2),
});
const SENT: Announcement = {
  id: ID(3),
  audience: 'team',
  team: { id: ID(4), name: 'U12 Eagles', nameArabic: 'نسور تحت 12' },
  player: null,
  title: 'No training on Thursday',
  titleArabic: 'لا تدريب يوم الخميس',
  body: 'The pitch is being re-turfed.',
  bodyArabic: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  sms: false,
  author: { id: ID(1), name: 'Abdulrahman', nameArabic: null },
  recipients: 14,
  opened: 9,
};

function stubApi(writer: boolean) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://demo.kora.test').pathname;
      if (path === '/api/auth/me') return json(me(writer));
      if (path === '/api/teams')
        return json([{ id: ID(4), name: 'U12 Eagles', nameArabic: 'نسور تحت 12', color: 'BLUE', coaches: [], players: [] }]);
      if (path === '/api/announcements' && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        if (!body.teamId && body.audience === 'team')
          return json(
            {
              message: 'Choose the team',
              code: 'validation',
              issues: [{ path: 'teamId', message: 'Choose the team', code: 'announcement.team_required' }],
            },
            400,
          );
        return json({ ...SENT, id: ID(5), title: body.title, recipients: 14, opened: 0 }, 201);
      }
      if (path === '/api/announcements') return json([SENT]);
      return json({}, 404);
    }),
  );
  return posted;
}

function renderPage(locale: Locale = 'en') {
  storage.setSignedIn();
  renderWithApp(<AnnouncementsPage />, locale);
}

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

describe('announcements to families (staff)', () => {
  it('lists what was sent with how many parents opened it, in Arabic', async () => {
    stubApi(false);
    renderPage('ar');
    const row = await screen.findByTestId('announcement-row');
    expect(within(row).getByText('لا تدريب يوم الخميس')).toBeTruthy();
    expect(within(row).getByTestId('announcement-opened').textContent).toBe('فتحه 9 من 14');
    expect(within(row).getByText(/نسور تحت 12/)).toBeTruthy();
    // Without W:Players there is nothing to send with.
    expect(screen.queryByTestId('announcement-form')).toBeNull();
  });

  it("sends to a team's families: the team is asked for, then the announcement goes", async () => {
    const posted = stubApi(true);
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByTestId('announcement-form');
    await user.selectOptions(within(form).getByLabelText('To'), 'team');
    await user.type(within(form).getByLabelText('Title'), 'Match on Saturday');
    await user.type(within(form).getByLabelText('Text'), 'Kick-off at 5 pm.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Choose the team')).toBeTruthy();
    // The contract's check (announcementBody) asks for the team before anything is sent.
    expect(posted).toHaveLength(0);
    await user.selectOptions(within(form).getByLabelText('Team'), ID(4));
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      audience: 'team',
      teamId: ID(4),
      playerId: null,
      title: 'Match on Saturday',
      body: 'Kick-off at 5 pm.',
    });
    expect(await screen.findByText('Sent to 14 parents')).toBeTruthy();
  });
});
