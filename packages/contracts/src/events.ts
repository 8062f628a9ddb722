import { z } from 'zod';
import { checkDateRange, dateSchema, plainText, timeSchema } from './common.js';
import { colorSchema, eventTypeSchema, participantStatusSchema } from './enums.js';
import { daysBetween, MAX_REPEAT_WEEKS } from './event-rules.js';
import { ERRORS } from './messages.js';
import { memberRefSchema } from './teams.js';

// ── answers ───────────────────────────────────────────────────────────────────

export const eventTeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  color: colorSchema,
});

/** A parent's "can't come" beside a participant (the family portal): when it was said and why (optional). */
export const cantComeSchema = z.object({
  reason: z.string().nullable(),
  /** ISO 8601 instant. */
  at: z.string(),
});
export type CantCome = z.infer<typeof cantComeSchema>;

/** A player taking part in an event, with the medical condition My Trainings shows beside the attendance. */
export const eventParticipantSchema = z.object({
  id: z.uuid(),
  status: participantStatusSchema,
  /** The player. */
  user: z.object({
    id: z.uuid(),
    name: z.string(),
    nameArabic: z.string().nullable(),
    avatar: z.string().nullable(),
    /** Null without the right to read it (users.ts, playerSchema); `hasMedicalNote` says there is one. */
    condition: z.string().nullable(),
    hasMedicalNote: z.boolean(),
  }),
  /** The event's team the player takes part for (null once that team is deleted). */
  teamId: z.uuid().nullable(),
  /** A parent said the child can't come (attendance stays the coach's to mark); null or absent otherwise. */
  cantCome: cantComeSchema.nullable().optional(),
});

export const eventSchema = z.object({
  id: z.uuid(),
  type: eventTypeSchema,
  date: z.string(),
  time: z.string(),
  endTime: z.string(),
  field: z.string(),
  /** The weekly series the event was created in (`repeat`), null for a one-off event. */
  seriesId: z.uuid().nullable(),
  teams: z.array(eventTeamSchema),
  coaches: z.array(memberRefSchema),
  participants: z.array(eventParticipantSchema),
  /** Participants expected: those no parent said can't come. */
  expectedPlayers: z.number().int().optional(),
});

// ── requests ──────────────────────────────────────────────────────────────────

const ids = z.array(z.uuid()).max(50);

const eventFields = {
  type: eventTypeSchema,
  date: dateSchema,
  time: timeSchema,
  endTime: timeSchema,
  /** Free text, at most 100 characters (docs/domain.md, "Events, attendance and session accounting"). */
  field: plainText()
    .max(100)
    .nullish()
    .transform((v) => v ?? ''),
  teamIds: ids.default([]),
  coachIds: ids.default([]),
};

type EventFields = { type: string; time: string; endTime: string; teamIds: string[] };

/** The dialog's rules: the end after the start, at least one team, several teams only for a match. */
function checkEvent(v: EventFields, ctx: z.RefinementCtx) {
  if (v.endTime <= v.time) ctx.addIssue({ code: 'custom', path: ['endTime'], message: ERRORS['event.end_before_start'] });
  const teams = new Set(v.teamIds).size;
  if (teams === 0) ctx.addIssue({ code: 'custom', path: ['teamIds'], message: ERRORS['event.team_required'] });
  else if (teams > 1 && v.type !== 'MATCH')
    ctx.addIssue({ code: 'custom', path: ['teamIds'], message: ERRORS['event.one_team_for_training'] });
}

/** PUT /api/events/{id}: the event itself (its series, if any, is not chosen here). */
export const eventBodySchema = z.object(eventFields).superRefine(checkEvent);

/** POST /api/events: an event, optionally repeated every week until `repeat.until` (inclusive). */
export const eventCreateBodySchema = z
  .object({
    ...eventFields,
    repeat: z
      .object({ until: dateSchema })
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    checkEvent(v, ctx);
    if (v.repeat) {
      const days = daysBetween(v.date, v.repeat.until);
      if (days < 0 || days > MAX_REPEAT_WEEKS * 7)
        ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: ERRORS['event.repeat_until_invalid'] });
    }
  });

/** GET /api/events: the events of a date range (both ends inclusive), optionally only those a coach coaches. */
export const eventListQuery = z
  .object({ startDate: dateSchema, endDate: dateSchema, coachId: z.uuid().optional() })
  .superRefine(checkDateRange);

/** Which events of a series a change or a deletion applies to: this one, or this one and the later ones. */
export const EVENT_SCOPES = ['this', 'following'] as const;
export const eventScopeQuery = z.object({ scope: z.enum(EVENT_SCOPES).default('this') });

export const monthlyStatsSchema = z.object({
  monthlyActivePlayers: z.number().int(),
  monthlyNewPlayers: z.number().int(),
  /** Percent, rounded to a whole number. */
  monthlyRetentionRate: z.number(),
  /** Hours, rounded to two decimals. */
  monthlyCoachHours: z.number(),
});

// ── calendar feed ─────────────────────────────────────────────────────────────

/**
 * What a feed holds, named in the dialog that makes it: `mine` the events the member coaches, `academy`
 * every event, `team` one team's events. The last two need R:Schedule (docs/domain.md, "Calendar feeds").
 */
export const CALENDAR_FEED_SCOPES = ['mine', 'academy', 'team'] as const;
export const calendarFeedScopeSchema = z.enum(CALENDAR_FEED_SCOPES);
/** The language of a feed's summaries: the UI's language when it was made. */
export const CALENDAR_FEED_LANGUAGES = ['en', 'ar'] as const;
export const calendarFeedLanguageSchema = z.enum(CALENDAR_FEED_LANGUAGES);

/**
 * POST /api/calendar-feed: the scope (`team` needs `teamId`, which only `team` takes; without a scope,
 * `team` when a team is given, else `mine`) and the language of the summaries (default English).
 */
export const calendarFeedBody = z
  .object({
    scope: calendarFeedScopeSchema.optional(),
    teamId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
    language: calendarFeedLanguageSchema.default('en'),
  })
  .nullish()
  .transform((v) => v ?? { scope: undefined, teamId: null, language: 'en' as const })
  .transform(({ scope, teamId, language }, ctx) => {
    const resolved = scope ?? (teamId ? 'team' : 'mine');
    if ((resolved === 'team') !== Boolean(teamId))
      ctx.addIssue({
        code: 'custom',
        path: ['teamId'],
        message: resolved === 'team' ? ERRORS['calendar.team_required'] : ERRORS['calendar.team_unexpected'],
      });
    return { scope: resolved, teamId, language };
  });
export const calendarFeedReply = z.object({
  url: z.string(),
  scope: calendarFeedScopeSchema,
  teamId: z.uuid().nullable(),
  language: calendarFeedLanguageSchema,
});
export const calendarFeedParams = z.object({ token: z.string().max(200) });
/**
 * GET /api/calendar-feed: the member's live feed, if any — what it holds and when it was made, never
 * its URL (only the token's hash is kept; the URL is shown once, when made). The dialog offers
 * Revoke only when there is one, and asks before a new link replaces it.
 */
export const calendarFeedStatusReply = z.object({
  feed: z
    .object({
      scope: calendarFeedScopeSchema,
      teamId: z.uuid().nullable(),
      language: calendarFeedLanguageSchema,
      createdAt: z.string(),
    })
    .nullable(),
});

export type EventTeam = z.infer<typeof eventTeamSchema>;
export type EventParticipant = z.infer<typeof eventParticipantSchema>;
export type Event = z.infer<typeof eventSchema>;
export type EventBody = z.input<typeof eventBodySchema>;
export type ParsedEventBody = z.output<typeof eventBodySchema>;
export type EventCreateBody = z.input<typeof eventCreateBodySchema>;
export type ParsedEventCreateBody = z.output<typeof eventCreateBodySchema>;
export type EventListQuery = z.infer<typeof eventListQuery>;
export type EventScope = (typeof EVENT_SCOPES)[number];
export type EventScopeQuery = z.input<typeof eventScopeQuery>;
export type MonthlyStats = z.infer<typeof monthlyStatsSchema>;
export type CalendarFeedBody = z.input<typeof calendarFeedBody>;
export type ParsedCalendarFeedBody = z.output<typeof calendarFeedBody>;
export type CalendarFeedReply = z.infer<typeof calendarFeedReply>;
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusReply>;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];
export type CalendarFeedLanguage = z.infer<typeof calendarFeedLanguageSchema>;
