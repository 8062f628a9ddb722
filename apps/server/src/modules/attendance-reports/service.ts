import { type AttendanceReport, attendanceReportSchema, type ParticipantStatus } from '@kora/contracts';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { jsonArray, jsonList } from '../../db/json.js';
import type { TenantTx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { arabicOr, countIn, SESSIONS_AR, SESSIONS_EN } from '../../lib/arabic.js';
import { csvDocument } from '../../lib/csv.js';
import { avatarSql } from '../players/sensitive.js';
import { ATTENDED_STATUSES } from '../players/service.js';

/** NOT_ATTENDING counts as missed, like ABSENT (docs/domain.md, "Events, attendance and session accounting"). */
const MISSED_STATUSES: readonly ParticipantStatus[] = ['ABSENT', 'NOT_ATTENDING'];

const list = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );

export interface ReportFilters {
  startDate: string;
  endDate: string;
  teamId?: string;
  missed: number;
}

/**
 * The attendance report, built by the database in one statement whatever the number of players
 * (docs/domain.md, "Attendance reports"). Event dates are Riyadh dates, so an event at 23:30 on
 * 31 October belongs to October. A participation counts for the team it was made for (`team_id`).
 */
/** The report as the statement builds it: the answer, and whether the filtered team exists. */
const builtReportSchema = attendanceReportSchema.extend({ teamFound: z.boolean() });

export async function attendanceReport(tx: TenantTx, f: ReportFilters): Promise<AttendanceReport> {
  const attended = list(ATTENDED_STATUSES);
  const missed = list(MISSED_STATUSES);
  const team = f.teamId ?? null;
  const body = await jsonList(
    tx,
    sql`
    with marked as (
      select p.user_id, p.team_id, p.status, e.date
      from participants p join events e on e.id = p.event_id
      where e.date between ${f.startDate}::date and ${f.endDate}::date
        and (${team}::uuid is null or p.team_id = ${team}::uuid)
    ), team_rows as (
      select t.id, t.name, t.name_arabic, t.color,
        (select count(*) from event_teams et join events e on e.id = et.event_id
          where et.team_id = t.id and e.date between ${f.startDate}::date and ${f.endDate}::date)::int as events,
        count(m.user_id) filter (where m.status in (${attended}))::int as attended,
        count(m.user_id) filter (where m.status in (${missed}))::int as missed
      from teams t left join marked m on m.team_id = t.id
      where ${team}::uuid is null or t.id = ${team}::uuid
      group by t.id, t.name, t.name_arabic, t.color
    ), player_rows as (
      select m.user_id,
        count(*) filter (where m.status in (${attended}))::int as attended,
        count(*) filter (where m.status in (${missed}))::int as missed
      from marked m
      group by m.user_id
    ), ranked as (
      select p.user_id, p.status, e.date,
        row_number() over (partition by p.user_id order by e.date desc, e.time desc, e.id desc) as n
      from participants p join events e on e.id = p.event_id
      where e.date <= ${f.endDate}::date and p.status <> 'PENDING'
        and (${team}::uuid is null or p.team_id = ${team}::uuid)
    ), streaks as (
      select user_id, min(date) as since from ranked where n <= ${f.missed}
      group by user_id
      having count(*) = ${f.missed} and bool_and(status in (${missed}))
    ), last_attended as (
      select user_id, max(date) as date from ranked where status in (${attended}) group by user_id
    )
    select json_build_object(
      'teamFound', ${team}::uuid is null or exists (select 1 from teams where id = ${team}::uuid),
      'teams', (select ${jsonArray(
        sql`json_build_object('team', json_build_object('id', r.id, 'name', r.name, 'nameArabic', r.name_arabic, 'color', r.color),
          'events', r.events, 'attended', r.attended, 'missed', r.missed, 'rate', ${rate(sql`r`)})`,
        sql`r.name, r.id`,
      )} from team_rows r),
      'players', (select ${jsonArray(
        sql`json_build_object('player', ${memberRef}, 'attended', r.attended, 'missed', r.missed, 'rate', ${rate(sql`r`)})`,
        sql`u.name, u.id`,
      )} from player_rows r join users u on u.id = r.user_id),
      'missedInARow', (select ${jsonArray(
        sql`json_build_object('player', ${memberRef}, 'since', s.since, 'lastAttended', l.date)`,
        sql`u.name, u.id`,
      )} from streaks s join users u on u.id = s.user_id left join last_attended l on l.user_id = s.user_id)
    )::text as body`,
  );
  const { teamFound, ...report } = builtReportSchema.parse(JSON.parse(body));
  if (!teamFound) throw notFound('team.not_found');
  return report;
}

const memberRef = sql`json_build_object('id', u.id, 'name', u.name, 'nameArabic', u.name_arabic, 'avatar', ${avatarSql(sql`u`)})`;
/** The whole percent attended of the marked participations; null when none is marked. */
const rate = (r: SQL) =>
  sql`case when ${r}.attended + ${r}.missed = 0 then null else round(100.0 * ${r}.attended / (${r}.attended + ${r}.missed))::int end`;

const CSV_WORDS = {
  en: {
    teams: ['Team', 'Events', 'Attended', 'Missed', 'Attendance rate (%)'],
    players: ['Player', 'Attended', 'Missed', 'Attendance rate (%)'],
    missedInARow: (n: number) => [`Missed their last ${countIn('en', n, SESSIONS_EN)}`, 'Since', 'Last attended'],
  },
  ar: {
    teams: ['الفريق', 'الأحداث', 'حضر', 'غاب', 'نسبة الحضور (%)'],
    players: ['اللاعب', 'حضر', 'غاب', 'نسبة الحضور (%)'],
    missedInARow: (n: number) => [`غابوا عن آخر ${countIn('ar', n, SESSIONS_AR)}`, 'منذ', 'آخر حضور'],
  },
};

/**
 * The report as CSV (lib/csv.ts: every text quoted, UTF-8 with BOM, CRLF): the teams, a blank
 * line, the players, a blank line, the players who missed their last N sessions. Names and
 * headers in the asked language; a rate with no marked session is an empty field.
 */
export async function exportAttendanceReport(tx: TenantTx, f: ReportFilters, lang: 'en' | 'ar') {
  const report = await attendanceReport(tx, f);
  const words = CSV_WORDS[lang];
  const named = (x: { name: string; nameArabic: string | null }) => (lang === 'ar' ? arabicOr(x.nameArabic, x.name) : x.name);
  const rateOf = (r: number | null) => (r === null ? '' : r);
  return csvDocument([
    words.teams,
    ...report.teams.map((r) => [named(r.team), r.events, r.attended, r.missed, rateOf(r.rate)]),
    [],
    words.players,
    ...report.players.map((r) => [named(r.player), r.attended, r.missed, rateOf(r.rate)]),
    [],
    words.missedInARow(f.missed),
    ...report.missedInARow.map((r) => [named(r.player), r.since, r.lastAttended ?? '']),
  ]);
}

const SHEET_NAMES = {
  en: { teams: 'Teams', players: 'Players', missedInARow: 'Missed in a row' },
  ar: { teams: 'الفرق', players: 'اللاعبون', missedInARow: 'الغياب المتتالي' },
};

/**
 * The report as an Excel workbook: the same three tables as the CSV, a sheet each (right to left in
 * Arabic), with the CSV's headers in the asked language, counts and rates as numbers (a rate with no
 * marked session an empty cell) and dates as written (YYYY-MM-DD text). Text cells stay text: a name
 * that looks like a formula is never evaluated.
 */
export async function exportAttendanceWorkbook(tx: TenantTx, f: ReportFilters, lang: 'en' | 'ar') {
  const report = await attendanceReport(tx, f);
  const words = CSV_WORDS[lang];
  const names = SHEET_NAMES[lang];
  const named = (x: { name: string; nameArabic: string | null }) => (lang === 'ar' ? arabicOr(x.nameArabic, x.name) : x.name);
  const workbook = new ExcelJS.Workbook();
  const sheet = (name: string, headers: string[], rows: (string | number | null)[][]) => {
    const ws = workbook.addWorksheet(name, { views: [{ rightToLeft: lang === 'ar', state: 'frozen', ySplit: 1 }] });
    ws.columns = headers.map((header, i) => ({
      header,
      width: i === 0 ? Math.max(24, header.length + 4) : Math.max(12, header.length + 4),
    }));
    ws.getRow(1).font = { bold: true };
    for (const row of rows) ws.addRow(row);
  };
  sheet(
    names.teams,
    words.teams,
    report.teams.map((r) => [named(r.team), r.events, r.attended, r.missed, r.rate]),
  );
  sheet(
    names.players,
    words.players,
    report.players.map((r) => [named(r.player), r.attended, r.missed, r.rate]),
  );
  sheet(
    names.missedInARow,
    words.missedInARow(f.missed),
    report.missedInARow.map((r) => [named(r.player), r.since, r.lastAttended]),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
