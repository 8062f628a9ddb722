import { z } from 'zod';
import { dateSchema } from './common.js';
import { ERRORS } from './messages.js';

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

export const auditQuerySchema = z
  .object({ startDate: dateSchema, endDate: dateSchema })
  .refine((q) => q.startDate <= q.endDate, { path: ['endDate'], message: ERRORS['event.range_invalid'] });
export type AuditQuery = z.input<typeof auditQuerySchema>;
