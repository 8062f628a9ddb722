import { z } from 'zod';
import { checkDateRange, dateSchema } from './common.js';
import { colorSchema } from './enums.js';
import { MISSED_IN_A_ROW_DEFAULT, MISSED_IN_A_ROW_MAX } from './event-rules.js';
import { memberRefSchema } from './teams.js';

/**
 * GET /api/attendance-reports (and its CSV): the events of a range of Riyadh days (both ends
 * inclusive, at most a year), optionally of one team; `missed` is the N of "missed their last N
 * sessions" (docs/domain.md, "Attendance reports").
 */
const reportFilters = {
  startDate: dateSchema,
  endDate: dateSchema,
  teamId: z.uuid().optional(),
  missed: z.coerce.number().int().min(1).max(MISSED_IN_A_ROW_MAX).default(MISSED_IN_A_ROW_DEFAULT),
};
export const attendanceReportQuery = z.object(reportFilters).superRefine(checkDateRange);
export type AttendanceReportQuery = z.input<typeof attendanceReportQuery>;

/** The file takes the same filters, the language of its headers and names, and its format (CSV unless asked). */
export const attendanceReportExportQuery = z
  .object({ ...reportFilters, lang: z.enum(['en', 'ar']).default('en'), format: z.enum(['csv', 'xlsx']).default('csv') })
  .superRefine(checkDateRange);
export type AttendanceReportExportQuery = z.input<typeof attendanceReportExportQuery>;

/**
 * Marked participations: ATTENDED or PLAYED are attended, ABSENT or NOT_ATTENDING missed; PENDING
 * ones count in neither. `rate` is the whole percent attended of those marked, null when none is.
 */
const figures = {
  attended: z.number().int(),
  missed: z.number().int(),
  rate: z.number().int().nullable(),
};

export const attendanceTeamRowSchema = z.object({
  team: z.object({ id: z.uuid(), name: z.string(), nameArabic: z.string().nullable(), color: colorSchema }),
  /** The team's events in the range. */
  events: z.number().int(),
  ...figures,
});

export const attendancePlayerRowSchema = z.object({ player: memberRefSchema, ...figures });

/** A player whose last `missed` marked sessions up to the range's end were all missed. */
export const missedInARowSchema = z.object({
  player: memberRefSchema,
  /** The earliest of those missed sessions. */
  since: z.string(),
  /** The last session they attended before (up to the range's end), null if none. */
  lastAttended: z.string().nullable(),
});

export const attendanceReportSchema = z.object({
  teams: z.array(attendanceTeamRowSchema),
  players: z.array(attendancePlayerRowSchema),
  missedInARow: z.array(missedInARowSchema),
});
export type AttendanceTeamRow = z.infer<typeof attendanceTeamRowSchema>;
export type AttendancePlayerRow = z.infer<typeof attendancePlayerRowSchema>;
export type MissedInARow = z.infer<typeof missedInARowSchema>;
export type AttendanceReport = z.infer<typeof attendanceReportSchema>;
