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
    packageNameArabic: z.string().nullable(),
    sessionsLeft: z.number().int(),
    totalSessions: z.number().int(),
    attendedSessionsCount: z.number().int(),
  })
  .nullable();

export const participationSchema = z.object({
  id: z.uuid(),
  status: participantStatusSchema,
  event: z.object({ id: z.uuid(), type: eventTypeSchema, date: z.string(), time: z.string(), endTime: z.string(), field: z.string() }),
  team: z.object({ id: z.uuid(), name: z.string(), nameArabic: z.string().nullable(), color: z.string() }).nullable(),
});

export const participantStatusBody = z.object({ status: participantStatusSchema });
export const participantStatusReply = z.object({ id: z.uuid(), status: participantStatusSchema });
/** "Mark all present" at an event: who was marked ATTENDED, and who was left PENDING because a parent said they can't come. */
export const markAllPresentReply = z.object({
  marked: z.array(z.object({ id: z.uuid(), userId: z.uuid() })),
  skippedCantCome: z.array(z.object({ id: z.uuid(), userId: z.uuid() })),
});

export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;
export type SessionStats = z.infer<typeof sessionStatsSchema>;
export type Participation = z.infer<typeof participationSchema>;
export type ParticipantStatusBody = z.infer<typeof participantStatusBody>;

export type ParticipantStatusReply = z.infer<typeof participantStatusReply>;
export type MarkAllPresentReply = z.infer<typeof markAllPresentReply>;
