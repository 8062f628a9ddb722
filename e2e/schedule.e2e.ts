import { addDaysIso, riyadhToday } from '@kora/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, port, useBrowser } from './browser';
import { apiAs, uniqueSuffix } from './data';

const shown = (iso: string) => iso.replaceAll('-', '/');

interface ApiEvent {
  id: string;
  date: string;
  time: string;
  seriesId: string | null;
  teams: { id: string }[];
  participants: { id: string; status: string; user: { id: string; name: string } }[];
}
type Api = Awaited<ReturnType<typeof apiAs>>;
const eventsOf = async (api: Api, teamId: string, startDate: string, endDate: string) =>
  (await api.call<ApiEvent[]>('GET', `/api/events?startDate=${startDate}&endDate=${endDate}`)).filter((e) =>
    e.teams.some((t) => t.id === teamId),
  );

/** The cell of a team's row and a day in the schedule grid. */
const cell = (page: Page, teamId: string, date: string) => page.locator(`tr[data-team="${teamId}"] td[data-date="${date}"]`);

describe('schedule on a desktop', () => {
  const b = useBrowser();

  it('creates a weekly training from the grid, moves one occurrence and deletes the rest of the series', async () => {
    const { page } = b;
    const tag = uniqueSuffix();
    const api = await apiAs();
    const team = await api.createTeam({ name: `Sched ${tag}`, color: 'PURPLE' });
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    // A week three weeks ahead: the new team has nothing planned there.
    await page.goto(academyUrl('demo', `/schedule?week=${addDaysIso(riyadhToday(), 21)}`));
    await page.getByTestId('schedule-grid').waitFor();
    expect(await page.getByTestId('week-label').textContent()).toMatch(/^Week of \d{4}\/\d{2}\/\d{2}$/);
    const days = await page
      .locator(`tr[data-team="${team.id}"] td`)
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-date') ?? ''));
    expect(days).toHaveLength(7);
    const monday = days[1];

    // An empty cell opens the create dialog for that team and day, with the defaults of the spec.
    await cell(page, team.id, monday)
      .getByRole('button', { name: /^Add an event for/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'New event' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Type').inputValue()).toBe('TRAINING_SESSION');
    expect(await dialog.getByLabel('Start time').inputValue()).toBe('09:00');
    expect(await dialog.getByLabel('End time').inputValue()).toBe('10:00');
    expect(await dialog.getByLabel('Date').inputValue()).toBe(shown(monday));
    expect(await dialog.getByLabel('Team', { exact: true }).inputValue()).toBe(team.id);
    await dialog.getByLabel('Start time').fill('1700');
    await dialog.getByLabel('End time').fill('18:30');
    await dialog.getByLabel('Field').fill(`Pitch ${tag}`);
    await dialog.getByLabel('Repeat weekly').check();
    await dialog.getByLabel('Repeat until').fill(shown(addDaysIso(monday, 21)));
    await dialog.getByLabel('Repeat until').press('Tab');
    await dialog.getByText('4 events').waitFor();
    await page.screenshot({ path: `${artifacts}schedule-create-en.png` });
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await page.getByText('4 events created').waitFor();
    await cell(page, team.id, monday).getByTestId('event-chip').getByText('17:00–18:30').waitFor();
    const series = await eventsOf(api, team.id, monday, addDaysIso(monday, 30));
    expect(series.map((e) => e.date)).toEqual([0, 7, 14, 21].map((d) => addDaysIso(monday, d)));
    expect(new Set(series.map((e) => e.seriesId)).size).toBe(1);
    expect(series[0].seriesId).not.toBeNull();
    await page.screenshot({ path: `${artifacts}schedule-grid-en.png`, fullPage: true });

    // The next week's occurrence moves alone to Wednesday.
    await page.getByRole('button', { name: 'Next week' }).click();
    const second = addDaysIso(monday, 7);
    const wednesday = addDaysIso(second, 2);
    await cell(page, team.id, second).getByTestId('event-chip').click();
    const edit = page.getByRole('dialog', { name: 'Edit event' });
    await edit.waitFor();
    expect(await edit.getByLabel('This event').isChecked()).toBe(true);
    await edit.getByLabel('Date').fill(shown(wednesday));
    await edit.getByLabel('Date').press('Tab');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Event saved').waitFor();
    await cell(page, team.id, wednesday).getByTestId('event-chip').waitFor();
    expect(await cell(page, team.id, second).getByTestId('event-chip').count()).toBe(0);
    expect((await eventsOf(api, team.id, monday, addDaysIso(monday, 30))).map((e) => e.date)).toEqual([
      monday,
      wednesday,
      addDaysIso(monday, 14),
      addDaysIso(monday, 21),
    ]);

    // From the moved one on, the rest of the series goes; the first stays.
    await cell(page, team.id, wednesday).getByTestId('event-chip').click();
    await edit.waitFor();
    await edit.getByLabel('This and following events').check();
    await edit.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete event?' });
    await confirm.getByText('the following events of its series').waitFor();
    await page.screenshot({ path: `${artifacts}schedule-delete-en.png` });
    await confirm.getByRole('button', { name: 'Delete this and following' }).click();
    // The toast counts what went: the moved one and the later ones of the series.
    await page.getByText(/^\d+ events deleted$/).waitFor();
    expect(await cell(page, team.id, wednesday).getByTestId('event-chip').count()).toBe(0);
    expect((await eventsOf(api, team.id, monday, addDaysIso(monday, 30))).map((e) => e.date)).toEqual([monday]);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await cell(page, team.id, monday).getByTestId('event-chip').waitFor();
  });

  it('gives a private calendar link that works until it is revoked', async () => {
    const { page } = b;
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', '/schedule'));
    await page.getByRole('button', { name: 'Calendar link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Calendar link' });
    await dialog.getByText(/Google Calendar, Apple Calendar or Outlook/).waitFor();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByTestId('calendar-url').inputValue();
    expect(url).toMatch(/\/api\/calendar\/[^/]+\.ics$/);
    // The link names the academy host; Node reaches the same server on 127.0.0.1.
    const local = `http://127.0.0.1:${port()}${new URL(url).pathname}`;
    const feed = await fetch(local);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await page.screenshot({ path: `${artifacts}calendar-link-en.png` });
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByText('Calendar link revoked').waitFor();
    expect((await fetch(local)).status).toBe(404);
  });

  it('shows a new event in the dashboard’s next 7 days', async () => {
    const { page } = b;
    const tag = uniqueSuffix();
    const api = await apiAs();
    const team = await api.createTeam({ name: `Dash ${tag}`, color: 'ORANGE' });
    const tomorrow = addDaysIso(riyadhToday(), 1);
    await api.call('POST', '/api/events', {
      type: 'MATCH',
      date: tomorrow,
      time: '20:00',
      endTime: '21:30',
      field: `Stadium ${tag}`,
      teamIds: [team.id],
    });
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.getByTestId('stats').waitFor();
    const row = page.getByTestId('upcoming-event').filter({ hasText: `Stadium ${tag}` });
    await row.waitFor();
    expect(await row.textContent()).toContain(`Dash ${tag}`);
    expect(await row.textContent()).toContain('20:00–21:30');
    expect(await row.textContent()).toContain('Match');
    const day = page.getByRole('region', { name: /Tomorrow/ });
    expect(await day.getByText(`Stadium ${tag}`).count()).toBe(1);
    await page.screenshot({ path: `${artifacts}dashboard-en.png`, fullPage: true });
  });
});

describe('my trainings on a phone', () => {
  const m = useBrowser({ mobile: true });

  it('lets the coach mark attendance at 390 px', async () => {
    const { page } = m;
    const tag = uniqueSuffix();
    const admin = await apiAs();
    const coach = await apiAs(DEMO.coach);
    const { user: me } = await coach.call<{ user: { id: string } }>('GET', '/api/auth/me');
    const players = (await admin.call<{ id: string; name: string }[]>('GET', '/api/users?role=PLAYER')).slice(0, 2);
    expect(players).toHaveLength(2);
    const team = await admin.call<{ id: string }>('POST', '/api/teams', {
      name: `Att ${tag}`,
      color: 'GREEN',
      coachIds: [me.id],
      playerIds: players.map((p) => p.id),
    });
    const today = riyadhToday();
    const created = await admin.call<ApiEvent>('POST', '/api/events', {
      type: 'TRAINING_SESSION',
      date: today,
      time: '06:00',
      endTime: '07:00',
      field: `Court ${tag}`,
      teamIds: [team.id],
      coachIds: [me.id],
    });
    expect(created.participants).toHaveLength(2);

    await login(page, 'demo', DEMO.coach.email, DEMO.coach.password);
    await page.goto(academyUrl('demo', '/trainings'));
    expect(await page.getByTestId('week-label').textContent()).toBe('This week');
    const training = page.getByTestId('training').filter({ hasText: `Court ${tag}` });
    await training.click();
    const detail = page.getByTestId('training-detail');
    await detail.waitFor();
    // Phones show the list or the detail, never both.
    expect(await training.isVisible()).toBe(false);
    await detail.getByTestId('participant').nth(1).waitFor();
    const [first, second] = created.participants;
    await detail.getByLabel(`Attendance of ${first.user.name}`).selectOption('ABSENT');
    // The mark shows at once and is what "Mark all present" reads: it leaves the absent player alone.
    await expect.poll(() => detail.getByLabel(`Attendance of ${first.user.name}`).inputValue()).toBe('ABSENT');
    await expect
      .poll(async () => (await eventsOf(admin, team.id, today, today))[0].participants.find((p) => p.id === first.id)?.status)
      .toBe('ABSENT');
    await detail.getByRole('button', { name: 'Mark all present' }).click();
    await page.getByText('1 player marked present').waitFor();
    expect(await detail.getByLabel(`Attendance of ${second.user.name}`).inputValue()).toBe('ATTENDED');
    expect(await detail.getByRole('button', { name: 'Mark all present' }).isDisabled()).toBe(true);
    const after = (await eventsOf(admin, team.id, today, today))[0].participants;
    expect(Object.fromEntries(after.map((p) => [p.id, p.status]))).toEqual({ [first.id]: 'ABSENT', [second.id]: 'ATTENDED' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: `${artifacts}trainings-detail-phone.png`, fullPage: true });

    await detail.getByRole('button', { name: 'Back' }).click();
    await training.waitFor();
    expect(await detail.isVisible()).toBe(false);
    await page.screenshot({ path: `${artifacts}trainings-phone.png`, fullPage: true });
  });
});
