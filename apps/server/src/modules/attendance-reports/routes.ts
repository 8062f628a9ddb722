import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { attendanceReport, exportAttendanceReport } from './service.js';

/** Attendance reports are part of the schedule's area: R:Schedule reads them and their CSV (docs/domain.md). */
const readSchedule = { access: { anyOf: ['canReadSchedule' as const] } };

export async function attendanceReportRoutes(app: FastifyInstance) {
  route(app, 'attendanceReport', readSchedule, (req) => req.tenant((tx) => attendanceReport(tx, req.query)));

  route(app, 'exportAttendanceReport', readSchedule, async (req, reply) => {
    const { lang, ...filters } = req.query;
    const csv = await req.tenant((tx) => exportAttendanceReport(tx, filters, lang));
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="attendance-${filters.startDate}-${filters.endDate}.csv"`)
      .header('cache-control', 'private, no-store');
    return csv;
  });
}
