// Why: the attendance report (Schedule → Attendance report) reads one range of days; its CSV comes as a file.
import { type AttendanceReportQuery, MISSED_IN_A_ROW_DEFAULT, monthRange, riyadhToday } from '@kora/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, callBlob } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';

export interface ReportFilters {
  startDate: string;
  endDate: string;
  /** '' is every team. */
  teamId: string;
  missed: number;
}

/** What the report opens on: this month (Riyadh), every team, the default run of missed sessions. */
export const defaultReportFilters = (): ReportFilters => ({
  ...monthRange(riyadhToday().slice(0, 7)),
  teamId: '',
  missed: MISSED_IN_A_ROW_DEFAULT,
});

/** The call's query of some filters (the route asks it early with the defaults: the same address). */
export const reportQuery = (f: ReportFilters): AttendanceReportQuery => ({
  startDate: f.startDate,
  endDate: f.endDate,
  missed: f.missed,
  ...(f.teamId ? { teamId: f.teamId } : {}),
});

export const attendanceReportQuery = (f: ReportFilters) =>
  queryOptions({
    queryKey: ['attendance-report', f],
    queryFn: ({ signal }) => call('attendanceReport', { query: reportQuery(f), signal }),
  });

/** The report of the filters; the previous one stays on screen while the next loads. */
export const useAttendanceReport = (f: ReportFilters, enabled: boolean) =>
  useQuery({ ...attendanceReportQuery(f), enabled, placeholderData: keepPreviousData });

/** The report as CSV (or an Excel workbook) in the UI's language, saved as attendance-<start>-<end>.csv (.xlsx). */
export async function downloadAttendanceFile(f: ReportFilters, lang: 'en' | 'ar', format: 'csv' | 'xlsx' = 'csv') {
  const asked = { ...reportQuery(f), lang, ...(format === 'xlsx' ? { format } : {}) };
  saveBlob(await callBlob('exportAttendanceReport', { query: asked }), `attendance-${f.startDate}-${f.endDate}.${format}`);
}
