import {
  addDaysIso,
  type CalendarFeedBody,
  DASHBOARD_EVENT_DAYS,
  EVENTS_DELETED_HEADER,
  type Event,
  type EventBody,
  type EventCreateBody,
  type EventParticipant,
  type EventScope,
  type ParticipantStatus,
} from '@kora/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export interface EventRange {
  startDate: string;
  endDate: string;
  /** Only the events this coach coaches (My Trainings). */
  coachId?: string;
}

/** Shared by route loaders (ensureQueryData) and components (useQuery). */
export const eventsQuery = ({ startDate, endDate, coachId }: EventRange) =>
  queryOptions({
    queryKey: ['events', { startDate, endDate, coachId: coachId ?? null }],
    queryFn: () => call('listEvents', { query: { startDate, endDate, ...(coachId ? { coachId } : {}) } }),
  });
/** The dashboard's window: today and the following days, DASHBOARD_EVENT_DAYS in all. */
export const dashboardRange = (today: string): EventRange => ({ startDate: today, endDate: addDaysIso(today, DASHBOARD_EVENT_DAYS - 1) });
export const statsQuery = queryOptions({ queryKey: ['stats', 'monthly'], queryFn: () => call('monthlyStats') });

export const useEvents = (range: EventRange) => useQuery(eventsQuery(range));
export const useMonthlyStats = () => useQuery(statsQuery);

/** An event changes the week lists, the dashboard's figures (coach hours) and the player pages (their events and sessions). */
function useRefresh() {
  const qc = useQueryClient();
  return () => Promise.all(['events', 'stats', 'participations', 'sessions'].map((key) => qc.invalidateQueries({ queryKey: [key] })));
}

export function useEventMutations() {
  const refresh = useRefresh();
  return {
    create: useMutation({ mutationFn: (body: EventCreateBody) => call('createEvent', { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, scope, body }: { id: string; scope: EventScope; body: EventBody }) =>
        call('updateEvent', { params: { id }, query: { scope }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      // How many events went (a series' rest is more than one), from the 204's header.
      mutationFn: async ({ id, scope }: { id: string; scope: EventScope }) => {
        let eventsDeleted = 1;
        await call('deleteEvent', {
          params: { id },
          query: { scope },
          onHeaders: (h) => {
            eventsDeleted = Number(h.get(EVENTS_DELETED_HEADER)) || 1;
          },
        });
        return { eventsDeleted };
      },
      onSuccess: refresh,
    }),
  };
}

/** Sets one participant's status in every cached week list that holds the event. */
function patchParticipant(qc: QueryClient, participantId: string, status: ParticipantStatus) {
  qc.setQueriesData<Event[]>({ queryKey: ['events'] }, (events) =>
    events?.map((e) =>
      e.participants.some((p) => p.id === participantId)
        ? { ...e, participants: e.participants.map((p) => (p.id === participantId ? { ...p, status } : p)) }
        : e,
    ),
  );
}

/**
 * A participant's attendance. The week lists holding the event are patched at once, before the answer
 * (no refetch, no jumping list, and "Mark all present" never sees a player just marked as still pending),
 * and put back if Kora refuses; the player pages that show it are refreshed.
 */
export function useSetParticipantStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, status }: { participantId: string; userId: string; status: ParticipantStatus }) =>
      call('setParticipantStatus', { params: { participantId }, body: { status } }),
    onMutate: async ({ participantId, status }) => {
      await qc.cancelQueries({ queryKey: ['events'] });
      const was = qc
        .getQueriesData<Event[]>({ queryKey: ['events'] })
        .flatMap(([, events]) => events ?? [])
        .flatMap((e) => e.participants)
        .find((p) => p.id === participantId)?.status;
      patchParticipant(qc, participantId, status);
      return { was };
    },
    onError: (_err, { participantId }, context) => context?.was && patchParticipant(qc, participantId, context.was),
    onSuccess: (_reply, { userId }) => {
      void Promise.all(
        [['participations', userId], ['sessions', userId], ['users'], ['stats']].map((queryKey) => qc.invalidateQueries({ queryKey })),
      );
    },
  });
}

/**
 * "Mark all present" at one event: Kora marks every PENDING participant ATTENDED except those a parent
 * said can't come, and answers both lists. The week lists show the marks at once (as one mark does) and
 * are put back if Kora refuses; the player pages and figures are refreshed.
 */
export function useMarkAllPresent() {
  const qc = useQueryClient();
  const patchAll = (eventId: string, status: (p: EventParticipant) => ParticipantStatus) =>
    qc.setQueriesData<Event[]>({ queryKey: ['events'] }, (events) =>
      events?.map((e) => (e.id === eventId ? { ...e, participants: e.participants.map((p) => ({ ...p, status: status(p) })) } : e)),
    );
  return useMutation({
    mutationFn: ({ eventId }: { eventId: string }) => call('markAllPresent', { params: { eventId } }),
    onMutate: async ({ eventId }) => {
      await qc.cancelQueries({ queryKey: ['events'] });
      const was = new Map(
        qc
          .getQueriesData<Event[]>({ queryKey: ['events'] })
          .flatMap(([, events]) => events ?? [])
          .filter((e) => e.id === eventId)
          .flatMap((e) => e.participants.map((p) => [p.id, p.status] as const)),
      );
      patchAll(eventId, (p) => (p.status === 'PENDING' && !p.cantCome ? 'ATTENDED' : p.status));
      return { was };
    },
    onError: (_err, { eventId }, context) => context && patchAll(eventId, (p) => context.was.get(p.id) ?? p.status),
    onSuccess: (reply, { eventId }) => {
      const marked = new Set(reply.marked.map((m) => m.id));
      const skipped = new Set(reply.skippedCantCome.map((m) => m.id));
      patchAll(eventId, (p) => (marked.has(p.id) ? 'ATTENDED' : skipped.has(p.id) ? 'PENDING' : p.status));
      void Promise.all(
        [
          ...reply.marked.flatMap((m) => [
            ['participations', m.userId],
            ['sessions', m.userId],
          ]),
          ['users'],
          ['stats'],
        ].map((queryKey) => qc.invalidateQueries({ queryKey })),
      );
    },
  });
}

/** Whether the member has a live feed (never its URL): the dialog offers Revoke and warns before replacing only then. */
export const calendarFeedQuery = queryOptions({ queryKey: ['calendar-feed'], queryFn: () => call('getCalendarFeed') });

export function useCalendarFeed() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: calendarFeedQuery.queryKey });
  return {
    status: useQuery(calendarFeedQuery),
    create: useMutation({ mutationFn: (body: CalendarFeedBody) => call('createCalendarFeed', { body }), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: () => call('revokeCalendarFeed'), onSuccess: refresh }),
  };
}
