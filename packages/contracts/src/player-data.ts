import { z } from 'zod';
import { eventTypeSchema, participantStatusSchema } from './enums.js';

export const attendanceRecordSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  time: z.string(),
  eventType: eventTypeSchema,
  location: z.string(),
  status: participantStatusSchema,
});

export const sessionStatsSchema = z
  .object({
    packageName: z.string(),
    sessionsLeft: z.number().int(),
    totalSessions: z.number().int(),
    attendedSessionsCount: z.number().int(),
  })
  .nullable();

export const participationSchema = z.object({
  id: z.uuid(),
  status: participantStatusSchema,
  event: z.object({ id: z.uuid(), type: eventTypeSchema, date: z.string(), time: z.string(), endTime: z.string(), field: z.string() }),
  team: z.object({ id: z.uuid(), name: z.string(), color: z.string() }).nullable(),
});

export const participantStatusBody = z.object({ status: participantStatusSchema });
