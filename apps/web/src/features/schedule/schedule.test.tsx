import type { Coach, Event, Team } from '@kora/contracts';
import { startOfWeek, weekDays, weekdayOf, weekOf, weekStart } from '@kora/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers, stubFetch } from '../../test-render';
import { coachesQuery, teamsQuery } from '../teams/api';
import { EventDialog } from './EventDialog';
import { cellKey, placeEvents } from './grid';
import { ScheduleDayList, ScheduleGrid } from './ScheduleWeek';
import { normaliseTime } from './TimeField';
import { WeekNav } from './WeekNav';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const coach = (n: number, name: string): Coach =>
  ({ id: id(n), name, nameArabic: null, avatar: null, email: null, coachType: 'HEAD_COACH', teamsCoaching: [] }) as unknown as Coach;
const team = (n: number, name: string, nameArabic: string, coaches: Coach[] = []): Team =>
  ({
    id: id(n),
    name,
    nameArabic,
    color: 'BLUE',
    coaches: coaches.map((c) => ({ id: c.id, name: c.name, nameArabic: null, avatar: null })),
    players: [],
  }) as Team;
const event = (n: number, date: string, time: string, teams: Team[], type: Event['type'] = 'TRAINING_SESSION'): Event => ({
  id: id(100 + n),
  type,
  date,
  time,
  endTime: `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:${time.slice(3)}`,
  field: `Field ${n}`,
  seriesId: null,
  teams: teams.map((t) => ({ id: t.id, name: t.name, nameArabic: t.nameArabic, color: t.color })),
  coaches: [],
  participants: [],
});

const khalid = coach(1, 'Khalid Coach');
const saad = coach(2, 'Saad Coach');
const u10 = team(11, 'U10 Lions', 'أشبال تحت 10', [khalid]);
const u12 = team(12, 'U12 Eagles', 'نسور تحت 12');
const u14 = team(13, 'U14 Hawks', 'صقور تحت 14');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('week maths', () => {
  it('starts the week on Sunday in English and Saturday in Arabic, like the date picker', () => {
    // 2025-01-08 is a Wednesday.
    expect(startOfWeek('2025-01-08', 'en')).toBe('2025-01-05');
    expect(startOfWeek('2025-01-08', 'ar')).toBe('2025-01-04');
    // A Saturday ends the English week and starts the Arabic one.
    expect(startOfWeek('2025-01-11', 'en')).toBe('2025-01-05');
    expect(startOfWeek('2025-01-11', 'ar')).toBe('2025-01-11');
    for (const locale of ['en', 'ar'] as const)
      for (let d = 1; d <= 31; d++) {
        const day = `2025-03-${String(d).padStart(2, '0')}`;
        const start = startOfWeek(day, locale);
        expect(weekdayOf(start)).toBe(weekStart(locale));
        expect(weekDays(start)).toContain(day);
      }
    // Across a month and a year end.
    expect(weekDays(startOfWeek('2025-01-01', 'en'))).toEqual([
      '2024-12-29',
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
    ]);
  });

  it("knows 'this week' from any other week, whatever day of it the link names", () => {
    expect(weekOf(undefined, 'en', '2025-01-08')).toMatchObject({ start: '2025-01-05', isThisWeek: true });
    expect(weekOf('2025-01-10', 'en', '2025-01-08')).toMatchObject({ start: '2025-01-05', isThisWeek: true });
    expect(weekOf('2025-01-12', 'en', '2025-01-08')).toMatchObject({ start: '2025-01-12', isThisWeek: false });
    // Sunday 12 January is still this week in Arabic (Saturday 11 to Friday 17)… when today is the 11th.
    expect(weekOf('2025-01-12', 'ar', '2025-01-11')).toMatchObject({ start: '2025-01-11', isThisWeek: true });
    expect(weekOf('2025-01-12', 'ar', '2025-01-08')).toMatchObject({ start: '2025-01-11', isThisWeek: false });
  });

  it("labels the week 'this week' or 'week of {date}' and steps a week at a time", async () => {
    const onChange = vi.fn();
    const { unmount } = render(
      <Providers>
        <WeekNav start="2025-01-05" isThisWeek onChange={onChange} />
      </Providers>,
    );
    expect(screen.getByTestId('week-label').textContent).toBe('This week');
    expect(screen.queryByRole('button', { name: 'Back to this week' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(onChange).toHaveBeenLastCalledWith('2025-01-12');
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(onChange).toHaveBeenLastCalledWith('2024-12-29');

    unmount(); // the language is fixed when the provider mounts
    render(
      <Providers locale="ar">
        <WeekNav start="2025-01-11" isThisWeek={false} onChange={onChange} />
      </Providers>,
    );
    expect(screen.getByTestId('week-label').textContent).toBe('أسبوع 2025/01/11');
    await userEvent.click(screen.getByRole('button', { name: 'العودة إلى هذا الأسبوع' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('shows the week in the calendars chosen on the device: Gregorian, Hijri or both', () => {
    const range = () => [...screen.getByTestId('plan-range').children].map((c) => c.textContent);
    // English without a choice: the Gregorian week alone, each date whole and the dash kept with the start.
    const { unmount } = render(
      <Providers>
        <WeekNav start="2026-11-22" isThisWeek={false} onChange={() => undefined} />
      </Providers>,
    );
    expect(screen.getByTestId('week-label').textContent).toBe('Week of 2026/11/22');
    expect(range()).toEqual(['2026/11/22\u00A0– 2026/11/28']);
    unmount();

    // Hijri alone: the heading names the first day by its Hijri date, the range is the Hijri week.
    localStorage.setItem('calendar', 'hijri');
    const hijri = render(
      <Providers locale="ar">
        <WeekNav start="2026-11-22" isThisWeek={false} onChange={() => undefined} />
      </Providers>,
    );
    expect(screen.getByTestId('week-label').textContent).toBe('أسبوع 12 جمادى الآخرة 1448 هـ');
    expect(range()).toEqual(['12–18 جمادى الآخرة 1448 هـ']);
    expect(screen.queryByText(/2026/)).toBeNull();
    hijri.unmount();

    // Both, in English: the Gregorian heading, then the week in each calendar, one across two Hijri months.
    localStorage.setItem('calendar', 'both');
    render(
      <Providers>
        <WeekNav start="2026-11-08" isThisWeek onChange={() => undefined} />
      </Providers>,
    );
    expect(screen.getByTestId('week-label').textContent).toBe('This week');
    expect(range()).toEqual(['2026/11/08\u00A0– 2026/11/14', 'Jumada I 28\u2009–\u2009Jumada II 4, 1448 AH']);
  });
});

describe('schedule grid', () => {
  const days = weekDays('2025-01-05');
  const events = [
    event(1, '2025-01-06', '18:00', [u10]),
    event(2, '2025-01-06', '16:30', [u10]),
    event(3, '2025-01-11', '10:00', [u10, u12], 'MATCH'),
    event(4, '2025-01-12', '16:30', [u14]), // next week
  ];

  it('places each event in the cell of each of its teams and its day, by start time', () => {
    const cells = placeEvents(events, days);
    expect(cells.get(cellKey(u10.id, '2025-01-06'))?.map((e) => e.time)).toEqual(['16:30', '18:00']);
    expect(cells.get(cellKey(u10.id, '2025-01-11'))?.map((e) => e.id)).toEqual([id(103)]);
    expect(cells.get(cellKey(u12.id, '2025-01-11'))?.map((e) => e.id)).toEqual([id(103)]);
    expect(cells.get(cellKey(u14.id, '2025-01-12'))).toBeUndefined();
    expect([...cells.keys()]).toHaveLength(3);
  });

  it('draws teams as rows and the days as columns, in the language’s week order', () => {
    const { unmount } = render(
      <Providers>
        <ScheduleGrid teams={[u10, u12, u14]} events={events} days={days} today="2025-01-08" onAdd={() => undefined} />
      </Providers>,
    );
    const grid = screen.getByTestId('schedule-grid');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[1]).toBe('Sunday2025/01/05');
    expect(headers[7]).toBe('Saturday2025/01/11');
    const cell = (teamId: string, date: string) => grid.querySelector(`tr[data-team="${teamId}"] td[data-date="${date}"]`) as HTMLElement;
    expect(
      within(cell(u10.id, '2025-01-06'))
        .getAllByTestId('event-chip')
        .map((c) => c.textContent?.slice(0, 11)),
    ).toEqual(['16:30–17:30', '18:00–19:00']);
    expect(within(cell(u12.id, '2025-01-11')).getByTestId('event-chip').textContent).toContain('vs U10 Lions');
    expect(within(cell(u14.id, '2025-01-06')).queryByTestId('event-chip')).toBeNull();
    expect(
      within(cell(u14.id, '2025-01-06')).getByRole('button', { name: 'Add an event for U14 Hawks on Monday 2025/01/06' }),
    ).toBeTruthy();

    unmount();
    render(
      <Providers locale="ar">
        <ScheduleGrid teams={[u10]} events={events} days={weekDays('2025-01-04')} today="2025-01-08" />
      </Providers>,
    );
    const arabic = within(screen.getByTestId('schedule-grid')).getAllByRole('columnheader');
    // The Arabic week shows each day's Umm al-Qura date under the Gregorian one.
    expect(arabic[1].textContent).toBe('السبت2025/01/044 رجب 1446 هـ');
    expect(screen.getByRole('rowheader').textContent).toBe('أشبال تحت 10');
    // A reader (no W:Schedule) gets no add buttons.
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it("names the day to add an event to, and numbers the phone's day strip, in the calendar chosen", () => {
    localStorage.setItem('calendar', 'hijri');
    const { unmount } = render(
      <Providers>
        <ScheduleGrid teams={[u14]} events={[]} days={days} today="2025-01-08" onAdd={() => undefined} />
      </Providers>,
    );
    expect(screen.getAllByRole('button', { name: 'Add an event for U14 Hawks on Monday Rajab 6, 1446 AH' })).toHaveLength(1);
    unmount();

    localStorage.setItem('calendar', 'both');
    const dayList = () =>
      render(
        <Providers locale="ar">
          <ScheduleDayList teams={[u14]} events={[]} days={weekDays('2026-11-21')} today="2026-11-23" onAdd={() => undefined} />
        </Providers>,
      );
    const both = dayList();
    expect(
      screen.getByRole('button', { name: 'إضافة فعالية لفريق صقور تحت 14 يوم الاثنين 2026/11/23 · 13 جمادى الآخرة 1448 هـ' }),
    ).toBeTruthy();
    // The strip of the week's days numbers them by the Gregorian calendar beside the Hijri one, by the Hijri alone.
    const strip = () =>
      within(screen.getByRole('group'))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(strip()).toEqual(['السبت21', 'الأحد22', 'الاثنين23', 'الثلاثاء24', 'الأربعاء25', 'الخميس26', 'الجمعة27']);
    both.unmount();
    localStorage.setItem('calendar', 'hijri');
    dayList();
    expect(strip()).toEqual(['السبت11', 'الأحد12', 'الاثنين13', 'الثلاثاء14', 'الأربعاء15', 'الخميس16', 'الجمعة17']);
  });
});

describe('time field', () => {
  it('tidies a typed time to HH:mm on the 24-hour clock and leaves anything else for the contract to refuse', () => {
    expect(['9', '930', '0930', '16.30', '16 30', '7:05', '23:59'].map(normaliseTime)).toEqual([
      '09:00',
      '09:30',
      '09:30',
      '16:30',
      '16:30',
      '07:05',
      '23:59',
    ]);
    expect(['24:00', '9:60', 'noon', ''].map(normaliseTime)).toEqual(['24:00', '9:60', 'noon', '']);
    expect(['١٦:٣٠', '۹۳۰'].map(normaliseTime)).toEqual(['16:30', '09:30']);
  });
});

describe('event dialog', () => {
  const seeded = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(teamsQuery.queryKey, [u10, u12, u14]);
    client.setQueryData(coachesQuery.queryKey, [khalid, saad]);
    return client;
  };
  const optionsOf = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('opens on a training from 09:00 to 10:00 for the chosen team and day, with its coaches, and sends that', async () => {
    const { requests } = stubFetch(() => new Response(JSON.stringify(event(9, '2025-01-08', '09:00', [u10])), { status: 201 }));
    const onClose = vi.fn();
    render(
      <Providers client={seeded()}>
        <EventDialog target={{ kind: 'create', date: '2025-01-08', teamId: u10.id }} onClose={onClose} />
      </Providers>,
    );
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('TRAINING_SESSION');
    expect((screen.getByLabelText('Start time') as HTMLInputElement).value).toBe('09:00');
    expect((screen.getByLabelText('End time') as HTMLInputElement).value).toBe('10:00');
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2025/01/08');
    expect((screen.getByLabelText('Team') as HTMLSelectElement).value).toBe(u10.id);
    expect(screen.getByRole('button', { name: 'Remove Khalid Coach' })).toBeTruthy();
    expect(optionsOf(screen.getByLabelText('Coaches'))).toEqual(['Add a coach', 'Saad Coach']);
    expect((screen.getByLabelText('Repeat weekly') as HTMLInputElement).checked).toBe(false);

    await userEvent.type(screen.getByLabelText('Field'), 'Pitch 2{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map((r) => r.body)).toEqual([
      {
        type: 'TRAINING_SESSION',
        date: '2025-01-08',
        time: '09:00',
        endTime: '10:00',
        field: 'Pitch 2',
        teamIds: [u10.id],
        coachIds: [khalid.id],
      },
    ]);
  });

  it('lets only a match have several teams, hiding the teams already chosen', async () => {
    const { fetch } = stubFetch(() => undefined);
    render(
      <Providers client={seeded()}>
        <EventDialog target={{ kind: 'create', date: '2025-01-08' }} onClose={() => undefined} />
      </Providers>,
    );
    // A training: one team, from one select; none chosen yet is refused in words.
    expect(screen.queryByLabelText('Teams')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Choose at least one team')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.selectOptions(screen.getByLabelText('Team'), u10.id);
    await waitFor(() => expect(screen.queryByText('Choose at least one team')).toBeNull());

    // A match: the chosen team stays, and only the others are offered.
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'MATCH');
    const teams = screen.getByLabelText('Teams');
    expect(screen.getByRole('button', { name: 'Remove U10 Lions' })).toBeTruthy();
    expect(optionsOf(teams)).toEqual(['Add a team', 'U12 Eagles', 'U14 Hawks']);
    await userEvent.selectOptions(teams, u12.id);
    expect(optionsOf(screen.getByLabelText('Teams'))).toEqual(['Add a team', 'U14 Hawks']);
    expect(screen.getByRole('button', { name: 'Remove U12 Eagles' })).toBeTruthy();

    // Back to a training: it keeps its first team only.
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'TRAINING_SESSION');
    expect((screen.getByLabelText('Team') as HTMLSelectElement).value).toBe(u10.id);
    expect(screen.queryByRole('button', { name: 'Remove U12 Eagles' })).toBeNull();
  });

  it('asks which events of a series an edit applies to', async () => {
    const { requests } = stubFetch(() => new Response(JSON.stringify(event(5, '2025-01-09', '16:30', [u10])), { status: 200 }));
    const inSeries = { ...event(5, '2025-01-08', '16:30', [u10]), seriesId: id(999) };
    render(
      <Providers client={seeded()}>
        <EventDialog target={{ kind: 'edit', event: inSeries }} onClose={() => undefined} />
      </Providers>,
    );
    expect(screen.queryByLabelText('Repeat weekly')).toBeNull();
    expect((screen.getByLabelText('This event') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByLabelText('This and following events'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.map((r) => r.url.pathname + r.url.search)).toEqual([`/api/events/${inSeries.id}?scope=following`]));
  });

  it('says how many events a "this and following" delete took, as the server counted them', async () => {
    const { requests } = stubFetch(() => new Response(null, { status: 204, headers: { 'kora-events-deleted': '4' } }));
    const inSeries = { ...event(6, '2025-01-08', '16:30', [u10]), seriesId: id(998) };
    for (const [locale, labels] of [
      ['en', { following: 'This and following events', del: 'Delete', confirm: 'Delete this and following', said: '4 events deleted' }],
      ['ar', { following: 'هذه الفعالية والفعاليات التالية', del: 'حذف', confirm: 'حذف هذه والتالية', said: 'حُذفت 4 فعاليات' }],
    ] as const) {
      const onClose = vi.fn();
      const { unmount } = render(
        <Providers client={seeded()} locale={locale}>
          <EventDialog target={{ kind: 'edit', event: inSeries }} onClose={onClose} />
        </Providers>,
      );
      await userEvent.click(screen.getByLabelText(labels.following));
      await userEvent.click(screen.getByRole('button', { name: labels.del }));
      await userEvent.click(await screen.findByRole('button', { name: labels.confirm }));
      expect(await screen.findByText(labels.said)).toBeTruthy();
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      unmount();
    }
    expect(requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      `DELETE /api/events/${inSeries.id}?scope=following`,
      `DELETE /api/events/${inSeries.id}?scope=following`,
    ]);
  });
});
