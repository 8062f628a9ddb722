// The attendance report as an Excel workbook: the figures of the JSON report, a sheet
// per table, headers and names in the asked language, right to left in Arabic; the CSV unchanged.
import type { AttendanceReport } from '@kora/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer } from '../../../test/fixtures.js';

const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;
const OCTOBER = { startDate: '2026-10-01', endDate: '2026-10-31' };

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  return workbook;
}
const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

beforeAll(async () => {
  const call = api(t.app, a);
  const ali = await addPlayer(t.app, a, { name: 'Ali Sheet' });
  const badr = await addPlayer(t.app, a, { name: 'Badr Sheet', nameArabic: 'بدر' });
  const team = await call('createTeam', { body: { name: '=HYPERLINK("x")', nameArabic: 'النسور', playerIds: [ali, badr] } });
  expect(team.statusCode, team.body).toBe(201);
  for (const [date, marks] of [
    ['2026-10-05', { [ali]: 'ATTENDED', [badr]: 'ABSENT' }],
    ['2026-10-12', { [ali]: 'ATTENDED', [badr]: 'ABSENT' }],
    ['2026-10-19', { [ali]: 'ABSENT', [badr]: 'ABSENT' }],
  ] as const) {
    const ev = await call('createEvent', {
      body: { type: 'TRAINING_SESSION', date, time: '17:00', endTime: '18:00', teamIds: [team.json().id] },
    });
    const id = (Array.isArray(ev.json()) ? ev.json()[0] : ev.json()).id as string;
    for (const [player, status] of Object.entries(marks)) {
      const res = await call('setEventParticipantStatus', { params: { eventId: id, userId: player }, body: { status } });
      expect(res.statusCode).toBe(200);
    }
  }
}, 60_000);

describe('the attendance report as XLSX', () => {
  it('holds the JSON report’s figures, a sheet per table, in English', async () => {
    const call = api(t.app, a);
    const json = (await call('attendanceReport', { query: OCTOBER })).json() as AttendanceReport;
    const res = await call('exportAttendanceReport', { query: { ...OCTOBER, format: 'xlsx' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendance-2026-10-01-2026-10-31.xlsx"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Teams', 'Players', 'Missed in a row']);
    const [teams, players, missed] = workbook.worksheets.map(rowsOf);
    expect(teams[0]).toEqual(['Team', 'Events', 'Attended', 'Missed', 'Attendance rate (%)']);
    // A name that looks like a formula stays text.
    expect(teams.slice(1)).toEqual(json.teams.map((r) => [r.team.name, r.events, r.attended, r.missed, r.rate]));
    expect(teams.slice(1)).toEqual([['=HYPERLINK("x")', 3, 2, 4, 33]]);
    expect(players.slice(1)).toEqual([
      ['Ali Sheet', 2, 1, 67],
      ['Badr Sheet', 0, 3, 0],
    ]);
    expect(missed[0]).toEqual(['Missed their last 3 sessions', 'Since', 'Last attended']);
    expect(missed.slice(1)).toEqual([['Badr Sheet', '2026-10-05']]);
    expect(workbook.worksheets[0].views[0]).toMatchObject({ rightToLeft: false });
  });

  it('speaks Arabic right to left when asked, and the CSV stays the default', async () => {
    const call = api(t.app, a);
    const res = await call('exportAttendanceReport', { query: { ...OCTOBER, format: 'xlsx', lang: 'ar' } });
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['الفرق', 'اللاعبون', 'الغياب المتتالي']);
    expect(workbook.worksheets.every((s) => s.views[0]?.rightToLeft === true)).toBe(true);
    const [teams, players] = workbook.worksheets.map(rowsOf);
    expect(teams[1][0]).toBe('النسور');
    expect(players.map((r) => r[0])).toEqual(['اللاعب', 'Ali Sheet', 'بدر']);
    const csv = await call('exportAttendanceReport', { query: OCTOBER });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('.csv"');
  });

  it('refuses an unknown format, and knows only its academy', async () => {
    const call = api(t.app, a);
    expect((await call('exportAttendanceReport', { query: { ...OCTOBER, format: 'pdf' } })).statusCode).toBe(400);
    const other = await api(t.app, b)('exportAttendanceReport', { query: { ...OCTOBER, format: 'xlsx' } });
    const [teams, players] = (await workbookOf(other.rawPayload)).worksheets.map(rowsOf);
    expect(teams).toHaveLength(1);
    expect(players).toHaveLength(1);
  });
});
