// Why: the schedule shows each event in the cell of each of its teams and its day; a match of two teams is in both rows.
import type { Event } from '@kora/contracts';

export const cellKey = (teamId: string, date: string) => `${teamId}|${date}`;

/** The events of each team × day cell of a week, by start time; events outside the days are left out. */
export function placeEvents(events: Event[], days: string[]): Map<string, Event[]> {
  const inWeek = new Set(days);
  const cells = new Map<string, Event[]>();
  const sorted = [...events].sort(
    (a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.endTime.localeCompare(b.endTime),
  );
  for (const event of sorted) {
    if (!inWeek.has(event.date)) continue;
    for (const team of new Map(event.teams.map((t) => [t.id, t])).values()) {
      const key = cellKey(team.id, event.date);
      const cell = cells.get(key);
      if (cell) cell.push(event);
      else cells.set(key, [event]);
    }
  }
  return cells;
}

/** The events of one day, by start time. */
export const eventsOfDay = (events: Event[], date: string) =>
  events.filter((e) => e.date === date).sort((a, b) => a.time.localeCompare(b.time) || a.endTime.localeCompare(b.endTime));
