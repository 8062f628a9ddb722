import { z } from 'zod';
import { dateTimeSchema } from './common.js';
import { participantStatusSchema } from './enums.js';

/** At most this many queued marks go in one sync call (a device sends the rest in the next). */
export const ATTENDANCE_SYNC_MAX_MARKS = 200;

/**
 * One attendance mark a device queued (offline, or while a call failed): the id the device made for
 * it (the same id on every retry), the participant, the status chosen and when it was chosen, by the
 * device's clock.
 */
export const attendanceMarkSchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  status: participantStatusSchema,
  markedAt: dateTimeSchema,
});

/**
 * Queued marks sent when the connection returns. `sentAt` is the device's clock at sending: the
 * server moves each `markedAt` by the difference between its clock and `sentAt`, so a device whose
 * clock is off does not win or lose against changes made on the server.
 */
export const attendanceSyncBody = z.object({
  sentAt: dateTimeSchema,
  marks: z.array(attendanceMarkSchema).min(1).max(ATTENDANCE_SYNC_MAX_MARKS),
});

/**
 * APPLIED: the participant has the mark's status (charged as online). SUPERSEDED: the participant
 * was changed on the server after the mark was made; the server's later status is kept and is
 * `status`. REJECTED: the mark cannot apply (`code`: the participant is gone, or not at an event
 * the member coaches). `duplicate`: the mark had already been received (a retry); nothing changed.
 */
export const ATTENDANCE_MARK_OUTCOMES = ['APPLIED', 'SUPERSEDED', 'REJECTED'] as const;
export const attendanceMarkResultSchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  outcome: z.enum(ATTENDANCE_MARK_OUTCOMES),
  status: participantStatusSchema.nullable(),
  duplicate: z.boolean(),
  code: z.string().nullable(),
});
export const attendanceSyncReply = z.object({ results: z.array(attendanceMarkResultSchema) });

export type AttendanceMark = z.infer<typeof attendanceMarkSchema>;
export type AttendanceSyncBody = z.infer<typeof attendanceSyncBody>;
export type AttendanceMarkOutcome = (typeof ATTENDANCE_MARK_OUTCOMES)[number];
export type AttendanceMarkResult = z.infer<typeof attendanceMarkResultSchema>;
export type AttendanceSyncReply = z.infer<typeof attendanceSyncReply>;
