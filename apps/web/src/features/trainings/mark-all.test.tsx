// "Mark all present" leaves out the players a parent said can't come: the button says
// how many it leaves out before it is pressed, Kora is asked once, and the toast says who was left unmarked.
import type { Event, EventParticipant } from '@kora/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test-render';
import { Participants } from './Participants';

const id = (n: number) => `0b6f5f0e-1d1c-4a5e-9d8f-0000000000${String(n).padStart(2, '0')}`;
const participant = (n: number, over: Partial<EventParticipant> = {}): EventParticipant => ({
  id: id(10 + n),
  status: 'PENDING',
  teamId: null,
  cantCome: null,
  user: { id: id(20 + n), name: `Player ${n}`, nameArabic: null, avatar: null, condition: null, hasMedicalNote: false },
  ...over,
});
const away = { reason: 'Fever', at: '2026-11-26T10:00:00.000Z' };
const training = (participants: EventParticipant[]): Event => ({
  id: id(1),
  type: 'TRAINING_SESSION',
  date: '2026-11-26',
  time: '17:00',
  endTime: '18:30',
  field: 'Court 1',
  seriesId: null,
  teams: [],
  coaches: [],
  participants,
});

afterEach(() => vi.unstubAllGlobals());

describe('mark all present', () => {
  it("says how many who can't come it leaves out, asks Kora once, and the toast says they were left unmarked", async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.endsWith(`/api/events/${id(1)}/present`))
        return jsonResponse({
          marked: [{ id: id(11), userId: id(21) }],
          skippedCantCome: [{ id: id(12), userId: id(22) }],
        });
      return jsonResponse({ message: 'unexpected', code: 'test.unexpected' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(
      <Participants
        event={training([participant(1), participant(2, { cantCome: away }), participant(3, { status: 'ABSENT' })])}
        canWrite
      />,
    );
    expect(screen.getByTestId('mark-all-skips').textContent).toBe("1 player who can't come will be left out");

    await userEvent.click(screen.getByRole('button', { name: 'Mark all present' }));
    await waitFor(() => expect(screen.getByText("1 player marked present; 1 who can't come was left unmarked")).toBeTruthy());
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/present'));
    expect(calls).toHaveLength(1);
    expect(calls[0][1]?.method).toBe('POST');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/participants/'))).toBe(false);
  });

  it("is disabled when everyone still pending can't come, and says so in Arabic", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({}, 404)),
    );
    renderWithApp(
      <Participants
        event={training([participant(1, { cantCome: away }), participant(2, { cantCome: away }), participant(3, { status: 'ATTENDED' })])}
        canWrite
      />,
      'ar',
    );
    expect(screen.getByTestId('mark-all-skips').textContent).toBe('لن يُسجَّل لاعبان لن يحضرا');
    expect((screen.getByRole('button', { name: 'تسجيل حضور الجميع' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
