// Sends the attendance marks queued on the device (queue.ts) when the connection is there: at start,
// when the browser comes back online, right after a mark is queued, and every RETRY_MS while some
// wait. The server applies each once by its id and answers what became of it (docs/domain.md,
// "Attendance taken offline"); marks a later change on the server superseded, or that could not
// apply, become notices for the coach.
import {
  ATTENDANCE_SYNC_MAX_MARKS,
  type AttendanceMarkResult,
  type Event,
  type EventParticipant,
  type ParticipantStatus,
} from '@kora/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, call } from '../lib/api';
import { authSnapshot } from '../lib/auth';
import { listMarks, markKey, putMark, type QueuedMark, removeMark } from './queue';
import { flushSignOuts } from './sign-out';

export interface SyncNotice {
  id: string;
  name: string;
  nameArabic: string | null;
  outcome: 'SUPERSEDED' | 'REJECTED';
  /** The server's status kept (SUPERSEDED). */
  status: ParticipantStatus | null;
  /** Why it could not apply (REJECTED): an error code. */
  code: string | null;
}

export interface OfflineState {
  online: boolean;
  /** The signed-in member's marks not yet on the server. */
  marks: QueuedMark[];
  syncing: boolean;
  /** The last send failed (no answer, or the server's error): tried again soon. */
  failed: boolean;
  /** Marks sent by the last successful sync (shown as 'synced' until the next mark). */
  lastSynced: number;
  notices: SyncNotice[];
}

const RETRY_MS = 15_000;

let state: OfflineState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  marks: [],
  syncing: false,
  failed: false,
  lastSynced: 0,
  notices: [],
};
const listeners = new Set<() => void>();
let queryClient: QueryClient | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let inFlight = false;

function set(next: Partial<OfflineState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const memberId = () => authSnapshot().user?.id ?? null;
const isOnline = () => navigator.onLine;

/** A random v4 UUID, also where `crypto.randomUUID` is missing (a page not served over https). */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function reload() {
  const member = memberId();
  const marks = member ? await listMarks(member).catch(() => state.marks) : [];
  set({ marks });
}

/** The week lists holding the participant show its status (as an online mark does, without a refetch). */
function patchEvents(participantId: string, status: ParticipantStatus) {
  queryClient?.setQueriesData<Event[]>({ queryKey: ['events'] }, (events) =>
    events?.map((e) =>
      e.participants.some((p) => p.id === participantId)
        ? { ...e, participants: e.participants.map((p) => (p.id === participantId ? { ...p, status } : p)) }
        : e,
    ),
  );
}

async function settle(results: AttendanceMarkResult[], sent: QueuedMark[]) {
  const notices: SyncNotice[] = [];
  for (const r of results) {
    const mark = sent.find((m) => m.id === r.id);
    if (!mark) continue;
    await removeMark(mark.key, mark.id);
    if (r.status) patchEvents(r.participantId, r.status);
    if (r.outcome !== 'APPLIED')
      notices.push({ id: r.id, name: mark.name, nameArabic: mark.nameArabic, outcome: r.outcome, status: r.status, code: r.code });
  }
  // The answered marks leave the screen with their notices, not a moment after.
  const answered = new Set(results.map((r) => r.id));
  const fresh = notices.filter((n) => !state.notices.some((known) => known.id === n.id));
  set({ marks: state.marks.filter((m) => !answered.has(m.id)), notices: [...state.notices, ...fresh] });
}

/** Sends the member's queued marks, ATTENDANCE_SYNC_MAX_MARKS a call, until none is left. */
export async function syncNow() {
  clearTimeout(retry);
  const member = memberId();
  // Claimed before anything is awaited: two triggers at once (a mark and the screen's start) send once.
  if (inFlight || !member || !isOnline()) return;
  inFlight = true;
  let marks = await listMarks(member).catch((): QueuedMark[] => []);
  if (marks.length === 0) {
    inFlight = false;
    return;
  }
  set({ syncing: true, failed: false });
  let sentCount = 0;
  const sentIds = new Set<string>();
  try {
    while (marks.length > 0) {
      const batch = marks.slice(0, ATTENDANCE_SYNC_MAX_MARKS);
      const reply = await call('syncAttendance', {
        body: {
          sentAt: new Date().toISOString(),
          marks: batch.map(({ id, participantId, status, markedAt }) => ({ id, participantId, status, markedAt })),
        },
      });
      await settle(reply.results, batch);
      sentCount += batch.length;
      for (const m of batch) sentIds.add(m.id);
      // Marks queued meanwhile go in the next call; one the answer left out is not sent again now.
      marks = (await listMarks(member)).filter((m) => !sentIds.has(m.id));
    }
    set({ lastSynced: sentCount });
    if (queryClient)
      await Promise.all(
        ['events', 'participations', 'sessions', 'users', 'stats'].map((key) => queryClient?.invalidateQueries({ queryKey: [key] })),
      );
  } catch (err) {
    // No answer (a weak signal) or the server's error: the marks stay queued and are tried again.
    set({ failed: !(err instanceof ApiError && err.status === 401) });
  } finally {
    inFlight = false;
    set({ syncing: false });
    await reload();
    if (state.marks.length > 0 && isOnline()) retry = setTimeout(() => void syncNow(), RETRY_MS);
  }
}

/** Queues a participant's new status on the device (replacing a queued one) and sends it if it can. */
export async function queueMark(eventId: string, participant: EventParticipant, status: ParticipantStatus) {
  const member = memberId();
  if (!member) return;
  await putMark({
    key: markKey(member, participant.id),
    id: newId(),
    memberId: member,
    participantId: participant.id,
    eventId,
    playerId: participant.user.id,
    name: participant.user.name,
    nameArabic: participant.user.nameArabic,
    status,
    markedAt: new Date().toISOString(),
  });
  set({ lastSynced: 0 });
  await reload();
  void syncNow();
}

export const dismissNotice = (id: string) => set({ notices: state.notices.filter((n) => n.id !== id) });

/** Starts watching the connection; the queue is read and sent once someone is signed in. */
export function startSync(client: QueryClient) {
  queryClient = client;
  // Sign-outs made offline before a reload are sent now, and on every return of the connection.
  void flushSignOuts();
  window.addEventListener('online', () => {
    set({ online: true });
    void syncNow();
    void flushSignOuts();
  });
  window.addEventListener('offline', () => set({ online: false }));
}

/** The offline state for a screen; reads the signed-in member's queue and sends it when it can. */
export function useOfflineAttendance(member: string | null | undefined) {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (!member) return;
    void reload().then(() => syncNow());
  }, [member]);
  return snapshot;
}

/** The status a participant shows: their queued mark's, if one waits. */
export function queuedStatus(marks: QueuedMark[], participantId: string) {
  return marks.find((m) => m.participantId === participantId)?.status;
}
