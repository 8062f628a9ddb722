import { z } from 'zod';
import { checkDateRange, dateSchema } from './common.js';

/** One audited change (docs/domain.md, "Audit trail"). */
export const auditEventSchema = z.object({
  id: z.uuid(),
  /** The endpoint's operation id (e.g. `cancelSubscription`) or `paymentReceived`. */
  action: z.string(),
  targetId: z.string().nullable(),
  details: z.unknown(),
  actor: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET /api/audit-events: the changes of a range of days (Asia/Riyadh, both inclusive), at most a year. */
export const auditQuerySchema = z.object({ startDate: dateSchema, endDate: dateSchema }).superRefine(checkDateRange);
export type AuditQuery = z.input<typeof auditQuerySchema>;
