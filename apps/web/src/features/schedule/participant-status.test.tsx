// A coach's mark shows at once in the week lists, before Kora answers — so "Mark all present", which
// reads the lists, never counts a player just marked absent as still pending — and is put back when
// Kora refuses it.
import type { Event, EventParticipant } from '@kora/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventsQuery, useSetParticipantStatus } from './api';

const id = (n: number) => `0b6f5f0e-1d1c-4a5e-9d8f-0000000000${String(n).padStart(2, '0')}`;
const participant = (n: number): EventParticipant => ({
  id: id(10 + n),
  status: 'PENDING',
  teamId: null,
  user: { id: id(20 + n), name: `Player ${n}`, nameArabic: null, avatar: null, condition: null, hasMedicalNote: false },
});
const range = { startDate: '2026-11-23', endDate: '2026-11-29' };
const event: Event = {
  id: id(1),
  type: 'TRAINING_SESSION',
  date: '2026-11-26',
  time: '17:00',
  endTime: '18:30',
  field: 'Court 1',
  seriesId: null,
  teams: [],
  coaches: [],
  participants: [participant(1), participant(2)],
};

/** A fetch that answers only when the test says so. */
function heldFetch() {
  let answer: (res: Response) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  return (status: number, body: unknown) =>
    act(async () => answer(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
}

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(eventsQuery(range).queryKey, [event]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useSetParticipantStatus(), { wrapper });
  const statuses = () => client.getQueryData<Event[]>(eventsQuery(range).queryKey)?.[0].participants.map((p) => p.status);
  return { result, statuses };
}

afterEach(() => vi.unstubAllGlobals());

describe('setting a participant status', () => {
  it('shows the mark in the week lists before Kora answers, and keeps it once accepted', async () => {
    const answer = heldFetch();
    const { result, statuses } = setUp();
    act(() => result.current.mutate({ participantId: id(11), userId: id(21), status: 'ABSENT' }));
    await waitFor(() => expect(statuses()).toEqual(['ABSENT', 'PENDING']));
    expect(result.current.isPending).toBe(true);
    await answer(200, { ok: true });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(statuses()).toEqual(['ABSENT', 'PENDING']);
  });

  it('puts the previous status back when Kora refuses the mark', async () => {
    const answer = heldFetch();
    const { result, statuses } = setUp();
    act(() => result.current.mutate({ participantId: id(12), userId: id(22), status: 'ATTENDED' }));
    await waitFor(() => expect(statuses()).toEqual(['PENDING', 'ATTENDED']));
    await answer(409, { error: 'Conflict', code: 'participant.not_found', message: 'No such participant' });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(statuses()).toEqual(['PENDING', 'PENDING']);
  });
});
