import type { AttendanceReport } from '@kora/contracts';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, Providers, type StubbedRequest, stubFetch, viewport } from '../../test-render';
import { AttendanceReportPage } from './AttendanceReportPage';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const member = (n: number, name: string, nameArabic: string | null = null) => ({ id: ID(n), name, nameArabic, avatar: null });
const REPORT: AttendanceReport = {
  teams: [
    { team: { id: ID(1), name: 'Eagles', nameArabic: 'النسور', color: 'ORANGE' }, events: 2, attended: 3, missed: 3, rate: 50 },
    { team: { id: ID(2), name: 'Falcons', nameArabic: null, color: 'BLUE' }, events: 1, attended: 0, missed: 0, rate: null },
  ],
  players: [
    { player: member(11, 'Ali', 'علي'), attended: 2, missed: 0, rate: 100 },
    { player: member(12, 'Badr', 'بدر'), attended: 0, missed: 2, rate: 0 },
  ],
  missedInARow: [{ player: member(12, 'Badr', 'بدر'), since: '2026-03-20', lastAttended: null }],
};

const answer =
  (report: unknown, status = 200) =>
  ({ path }: StubbedRequest) =>
    path === '/api/teams' ? json([]) : json(report, status);

function renderPage(locale: Locale = 'en') {
  const rootRoute = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: 'schedule/attendance', component: AttendanceReportPage }),
      createRoute({ getParentRoute: () => rootRoute, path: 'players/$playerId', component: () => null }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/schedule/attendance'] }),
  });
  render(
    <Providers locale={locale}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe('the attendance report', () => {
  it('asks for this month and shows the teams, the players and who missed their last 3 sessions', async () => {
    const { requests } = stubFetch(answer(REPORT));
    renderPage();
    const teams = (await screen.findAllByTestId('report-team-row')).filter((r) => r.tagName === 'TR');
    const asked = requests.find((r) => r.path === '/api/attendance-reports')?.url;
    const { startDate, endDate, missed } = Object.fromEntries(asked?.searchParams ?? []);
    expect(startDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(endDate.slice(0, 7)).toBe(startDate.slice(0, 7));
    expect(missed).toBe('3');
    expect(teams.map((r) => r.textContent)).toEqual(['Eagles23350%', 'Falcons100Not marked']);
    const players = (await screen.findAllByTestId('report-player-row')).filter((r) => r.tagName === 'TR');
    expect(players.map((r) => r.textContent)).toEqual(['Ali20100%', 'Badr020%']);
    const missedSection = screen.getByTestId('report-missed');
    expect(within(missedSection).getByRole('heading').textContent).toBe('Missed their last 3 sessions');
    expect(within(missedSection).getByTestId('report-missed-row').textContent).toBe('BadrSince2026/03/20Last attendedNever');
  });

  it('gives a phone a card per row and no table (one layout rendered, not two hidden by CSS)', async () => {
    viewport(false);
    stubFetch(answer(REPORT));
    renderPage();
    const cards = await screen.findAllByTestId('report-team-row');
    expect(cards.map((r) => r.tagName)).toEqual(['LI', 'LI']);
    expect((await screen.findAllByTestId('report-player-row')).map((r) => r.tagName)).toEqual(['LI', 'LI']);
    expect(document.querySelector('table')).toBeNull();
  });

  it('asks again for one team and another N', async () => {
    const { requests } = stubFetch(answer(REPORT));
    renderPage();
    await screen.findAllByTestId('report-team-row');
    await userEvent.selectOptions(screen.getByLabelText('Missed in a row'), '5');
    await screen.findByText('Missed their last 5 sessions');
    expect(requests.at(-1)?.url.searchParams.get('missed')).toBe('5');
  });

  it('in Arabic: Arabic names, the Hijri date beside the Gregorian one, right to left wording', async () => {
    stubFetch(answer(REPORT));
    renderPage('ar');
    const rows = (await screen.findAllByTestId('report-team-row')).filter((r) => r.tagName === 'TR');
    expect(rows[0].textContent).toContain('النسور');
    expect(within(screen.getByTestId('report-missed')).getByRole('heading').textContent).toBe('غابوا عن آخر 3 حصص');
    const row = screen.getByTestId('report-missed-row');
    expect(row.textContent).toContain('بدر');
    expect(row.textContent).toContain('2026/03/20');
    expect(within(row).getByTestId('hijri-date').textContent).toBe('1 شوال 1447 هـ');
    expect(row.textContent).toContain('لم يحضر');
  });

  it('says when nothing is there, and when loading failed offers to retry', async () => {
    stubFetch(answer({ teams: [], players: [], missedInARow: [] }));
    renderPage();
    expect(await screen.findByText('No teams yet.')).toBeTruthy();
    expect(screen.getByText('No player had a session in this period.')).toBeTruthy();
    expect(screen.getByText('No player missed that many sessions in a row.')).toBeTruthy();
    vi.unstubAllGlobals();
    stubFetch(answer({ message: 'Something went wrong', code: 'request.failed' }, 500));
    renderPage('ar');
    expect(await screen.findByText('تعذّر تحميل تقرير الحضور.')).toBeTruthy();
  });
  it('exports the filters as CSV in the UI’s language and hands the file to the browser', async () => {
    const { requests } = stubFetch((request) =>
      request.path === '/api/attendance-reports/export'
        ? new Response('\uFEFF"الفريق"\r\n', { headers: { 'content-type': 'text/csv' } })
        : answer(REPORT)(request),
    );
    const created = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage('ar');
    await screen.findAllByTestId('report-team-row');
    await userEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const asked = requests.find((r) => r.path === '/api/attendance-reports/export')?.url;
    expect(asked?.searchParams.get('lang')).toBe('ar');
    expect(asked?.searchParams.get('missed')).toBe('3');
    expect(asked?.searchParams.get('startDate')).toMatch(/-01$/);
    expect(created).toHaveBeenCalledTimes(1);
    clicked.mockRestore();
  });
});
