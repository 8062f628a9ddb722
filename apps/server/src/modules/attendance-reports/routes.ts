import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { attendanceReport, exportAttendanceReport, exportAttendanceWorkbook } from './service.js';

/** Attendance reports are part of the schedule's area: R:Schedule reads them and their CSV or XLSX (docs/domain.md). */
const readSchedule = { access: { anyOf: ['canReadSchedule' as const] } };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function attendanceReportRoutes(app: FastifyInstance) {
  route(app, 'attendanceReport', readSchedule, (req) => req.tenant((tx) => attendanceReport(tx, req.query)));

  route(app, 'exportAttendanceReport', readSchedule, async (req, reply) => {
    const { lang, format, ...filters } = req.query;
    const name = `attendance-${filters.startDate}-${filters.endDate}.${format}`;
    reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store');
    if (format === 'xlsx') {
      const workbook = await req.tenant((tx) => exportAttendanceWorkbook(tx, filters, lang));
      reply.type(XLSX);
      return workbook;
    }
    const csv = await req.tenant((tx) => exportAttendanceReport(tx, filters, lang));
    reply.type('text/csv; charset=utf-8');
    return csv;
  });
}
