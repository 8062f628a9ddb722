// Why: the attendance report (docs/domain.md, "Attendance reports"): a range of days and a team in,
// the attendance rate per team and per player and the players who stopped coming out, and the same as CSV.
import { type AttendancePlayerRow, type AttendanceTeamRow, monthRange, riyadhToday } from '@kora/contracts';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { DatePicker } from '../../components/DatePicker';
import { monthLabel } from '../../components/date-format';
import { FieldShell, inputClass } from '../../components/Field';
import { PageHeader } from '../../components/form/PageHeader';
import { PlanDate } from '../../components/PlanDate';
import { EmptyState, ErrorBox, LoadError, SkeletonRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { ColorDot } from '../../components/TeamColor';
import { useToast } from '../../components/Toaster';
import { useWideScreen } from '../../components/use-wide-screen';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { shiftMonth } from '../payments/month';
import { useTeams } from '../teams/api';
import { defaultReportFilters, downloadAttendanceFile, type ReportFilters, useAttendanceReport } from './api';

const MISSED_CHOICES = [1, 2, 3, 4, 5, 6, 8, 10];

/** A rate as a bar and its whole percent; a row with nothing marked says so. */
function Rate({ rate }: { rate: number | null }) {
  const intl = useIntl();
  if (rate === null)
    return (
      <span className="text-slate-500">
        <FormattedMessage id="attendanceReport.noRate" />
      </span>
    );
  const tone = rate >= 80 ? 'bg-emerald-500' : rate >= 50 ? 'bg-amber-400' : 'bg-red-500';
  return (
    <span className="inline-flex items-center gap-2" data-testid="report-rate">
      <span className="h-2 w-16 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <span className={`block h-full ${tone}`} style={{ width: `${rate}%` }} />
      </span>
      <span className="font-semibold tabular-nums text-slate-900">{intl.formatNumber(rate / 100, { style: 'percent' })}</span>
    </span>
  );
}

function Section({ title, testId, children }: { title: ReactNode; testId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white" data-testid={testId}>
      <h2 id={id} className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const counts = (r: { attended: number; missed: number }) => (
  <FormattedMessage id="attendanceReport.summary" values={{ attended: r.attended, missed: r.missed }} />
);

interface RateRow {
  key: string;
  name: ReactNode;
  /** Teams count their events; players do not. */
  events?: number;
  attended: number;
  missed: number;
  rate: number | null;
}

/** Attendance rows: a card each on phones, a table from md up. */
function RateRows({ rows, nameColumn, testId }: { rows: RateRow[]; nameColumn: MessageId; testId: string }) {
  const wide = useWideScreen();
  const withEvents = rows.some((r) => r.events !== undefined);
  const columns: MessageId[] = [
    nameColumn,
    ...(withEvents ? (['attendanceReport.col.events'] as const) : []),
    'attendanceReport.col.attended',
    'attendanceReport.col.missed',
    'attendanceReport.col.rate',
  ];
  // One layout, the one the viewport shows: the report lists every player unpaged (277 in the bench
  // academy), and both layouts hidden by CSS were 6,000 elements on a phone.
  if (!wide)
    return (
      <ul className="divide-y divide-slate-100">
        {rows.map((r) => (
          <li key={r.key} className={withEvents ? 'space-y-2 p-4' : 'space-y-1 p-4'} data-testid={testId}>
            <div className="flex items-center justify-between gap-3">
              {r.name}
              <Rate rate={r.rate} />
            </div>
            <p className="text-sm text-slate-600">
              {r.events !== undefined && (
                <>
                  <FormattedMessage id="attendanceReport.col.events" />: <span className="tabular-nums">{r.events}</span> ·{' '}
                </>
              )}
              {counts(r)}
            </p>
          </li>
        ))}
      </ul>
    );
  return (
    <table className="w-full text-sm">
      <TableHead columns={columns} />
      <tbody className="divide-y divide-slate-100">
        {rows.map((r) => (
          <tr key={r.key} data-testid={testId}>
            <td className="px-4 py-3">{r.name}</td>
            {withEvents && <td className="px-4 py-3 tabular-nums">{r.events}</td>}
            <td className="px-4 py-3 tabular-nums">{r.attended}</td>
            <td className="px-4 py-3 tabular-nums">{r.missed}</td>
            <td className="px-4 py-3">
              <Rate rate={r.rate} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AttendanceReportPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const teams = useTeams();
  const today = riyadhToday();
  const [filters, setFilters] = useState<ReportFilters>(defaultReportFilters);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const rangeWrong = filters.endDate < filters.startDate;
  const report = useAttendanceReport(filters, !rangeWrong && !!filters.startDate && !!filters.endDate);
  const set = (change: Partial<ReportFilters>) => setFilters((f) => ({ ...f, ...change }));
  const month = filters.startDate.slice(0, 7);
  // This month and the 23 before it (Riyadh); any other stretch is a custom range of the date fields.
  const months = Array.from({ length: 24 }, (_, i) => shiftMonth(today.slice(0, 7), -i));
  const isMonth = !rangeWrong && filters.startDate && monthRange(month).endDate === filters.endDate && filters.startDate.endsWith('-01');

  const exportFile = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadAttendanceFile(filters, locale, format);
    } catch (err) {
      toast(errorText(err, 'attendanceReport.exportFailed'), 'error');
    } finally {
      setExporting(null);
    }
  };

  const teamName = (r: AttendanceTeamRow) => (
    <span className="inline-flex items-center gap-2 font-medium text-slate-900">
      <ColorDot color={r.team.color} />
      <bdi>{displayName(r.team, locale)}</bdi>
    </span>
  );
  const playerName = (r: Pick<AttendancePlayerRow, 'player'>) => (
    <Link to="/players/$playerId" params={{ playerId: r.player.id }} className="font-medium text-slate-900 hover:underline">
      <bdi>{displayName(r.player, locale)}</bdi>
    </Link>
  );

  const body = () => {
    if (rangeWrong) return <ErrorBox>{intl.formatMessage({ id: 'errors.event.range_invalid' })}</ErrorBox>;
    if (report.isError && !report.data)
      return (
        <LoadError onRetry={() => report.refetch()} retrying={report.isFetching}>
          {errorText(report.error, 'attendanceReport.loadFailed')}
        </LoadError>
      );
    if (!report.data) return <SkeletonRows rows={6} />;
    const { teams: teamRows, players, missedInARow } = report.data;
    return (
      <div className={`space-y-4 ${report.isFetching ? 'opacity-60 transition-opacity' : ''}`} aria-busy={report.isFetching}>
        <Section title={<FormattedMessage id="attendanceReport.missedHeading" values={{ count: filters.missed }} />} testId="report-missed">
          {missedInARow.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">
              <FormattedMessage id="attendanceReport.noneMissed" />
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {missedInARow.map((r) => (
                <li
                  key={r.player.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
                  data-testid="report-missed-row"
                >
                  {playerName(r)}
                  <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                    <span className="inline-flex gap-1">
                      <FormattedMessage id="attendanceReport.col.since" />
                      <PlanDate iso={r.since} />
                    </span>
                    <span className="inline-flex gap-1">
                      <FormattedMessage id="attendanceReport.col.lastAttended" />
                      {r.lastAttended ? (
                        <PlanDate iso={r.lastAttended} />
                      ) : (
                        <span className="font-medium text-red-700">
                          <FormattedMessage id="attendanceReport.never" />
                        </span>
                      )}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title={<FormattedMessage id="attendanceReport.byTeam" />} testId="report-teams">
          {teamRows.length === 0 ? (
            <EmptyState>
              <FormattedMessage id="attendanceReport.noTeams" />
            </EmptyState>
          ) : (
            <RateRows
              nameColumn="attendanceReport.col.team"
              testId="report-team-row"
              rows={teamRows.map((r) => ({ ...r, key: r.team.id, name: teamName(r) }))}
            />
          )}
        </Section>

        <Section title={<FormattedMessage id="attendanceReport.byPlayer" />} testId="report-players">
          {players.length === 0 ? (
            <EmptyState>
              <FormattedMessage id="attendanceReport.noPlayers" />
            </EmptyState>
          ) : (
            <RateRows
              nameColumn="attendanceReport.col.player"
              testId="report-player-row"
              rows={players.map((r) => ({ ...r, key: r.player.id, name: playerName(r) }))}
            />
          )}
        </Section>
      </div>
    );
  };

  const fieldId = useId();
  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="attendanceReport.title" />}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => exportFile('xlsx')}
              loading={exporting === 'xlsx'}
              disabled={!report.data || rangeWrong || !!exporting}
              data-testid="report-export-xlsx"
            >
              <FormattedMessage id="attendanceReport.exportXlsx" />
            </Button>
            <Button
              variant="outline"
              onClick={() => exportFile('csv')}
              loading={exporting === 'csv'}
              disabled={!report.data || rangeWrong || !!exporting}
              data-testid="report-export"
            >
              <FormattedMessage id="attendanceReport.export" />
            </Button>
          </>
        }
      />
      <fieldset
        className="grid grid-cols-1 items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
        aria-label={intl.formatMessage({ id: 'attendanceReport.filters' })}
      >
        <FieldShell id={`${fieldId}-month`} label={<FormattedMessage id="attendanceReport.month" />}>
          <select
            id={`${fieldId}-month`}
            className={`${inputClass()} h-[38px] py-0!`}
            value={isMonth ? month : ''}
            onChange={(e) => e.target.value && set(monthRange(e.target.value))}
            data-testid="report-month"
          >
            {!isMonth && <option value="">{intl.formatMessage({ id: 'attendanceReport.customRange' })}</option>}
            {months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m, locale)}
              </option>
            ))}
          </select>
        </FieldShell>
        <DatePicker
          label={<FormattedMessage id="attendanceReport.from" />}
          value={filters.startDate}
          max="2100-12-31"
          onChange={(startDate) => startDate && set({ startDate })}
        />
        <DatePicker
          label={<FormattedMessage id="attendanceReport.to" />}
          value={filters.endDate}
          max="2100-12-31"
          onChange={(endDate) => endDate && set({ endDate })}
        />
        <FieldShell id={`${fieldId}-team`} label={<FormattedMessage id="attendanceReport.team" />}>
          <select
            id={`${fieldId}-team`}
            className={`${inputClass()} h-[38px] py-0!`}
            value={filters.teamId}
            onChange={(e) => set({ teamId: e.target.value })}
          >
            <option value="">{intl.formatMessage({ id: 'attendanceReport.allTeams' })}</option>
            {(teams.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {displayName(t, locale)}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={`${fieldId}-missed`} label={<FormattedMessage id="attendanceReport.missedCount" />}>
          <select
            id={`${fieldId}-missed`}
            className={`${inputClass()} h-[38px] py-0!`}
            value={String(filters.missed)}
            onChange={(e) => set({ missed: Number(e.target.value) })}
          >
            {MISSED_CHOICES.map((n) => (
              <option key={n} value={n}>
                {intl.formatNumber(n)}
              </option>
            ))}
          </select>
        </FieldShell>
      </fieldset>
      {body()}
    </div>
  );
}
