// The attendance queue's sync, with the device's IndexedDB replaced by a map: marks made
// offline wait and are not sent; back online they go once, each with its id and time; a failed send
// keeps them and sends the same ids again; a server change that won becomes a notice in the coach's
// language.
import type { EventParticipant } from '@kora/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import type { QueuedMark } from './queue';

const stored = new Map<string, QueuedMark>();
vi.mock('./queue', () => ({
  markKey: (member: string, participant: string) => `${member}:${participant}`,
  putMark: async (mark: QueuedMark) => void stored.set(mark.key, mark),
  listMarks: async (member: string) => [...stored.values()].filter((m) => m.memberId === member),
  removeMark: async (key: string, id: string) => {
    if (stored.get(key)?.id === id) stored.delete(key);
  },
}));
vi.mock('../lib/auth', () => ({
  authSnapshot: () => ({ user: { id: '0b6f5f0e-1d1c-4a5e-9d8f-000000000001' } }),
  useAuth: () => ({ user: { id: '0b6f5f0e-1d1c-4a5e-9d8f-000000000001' } }),
}));
vi.mock('../lib/i18n', () => ({ useLocale: () => ({ locale: document.documentElement.lang === 'ar' ? 'ar' : 'en' }) }));

const { queueMark, startSync, syncNow, useOfflineAttendance, dismissNotice } = await import('./sync');
const { OfflineStatus } = await import('../features/trainings/OfflineStatus');

const EVENT = '0b6f5f0e-1d1c-4a5e-9d8f-0000000000e1';
const player = (n: number, name: string, nameArabic: string): EventParticipant => ({
  id: `0b6f5f0e-1d1c-4a5e-9d8f-00000000010${n}`,
  status: 'PENDING',
  teamId: null,
  user: { id: `0b6f5f0e-1d1c-4a5e-9d8f-00000000020${n}`, name, nameArabic, avatar: null, condition: null, hasMedicalNote: false },
});
const saad = player(1, 'Saad', 'سعد');
const omar = player(2, 'Omar', 'عمر');

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const goOnline = async () => {
  online = true;
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
};

interface Sent {
  sentAt: string;
  marks: { id: string; participantId: string; status: string; markedAt: string }[];
}
const sent: Sent[] = [];
let answer: (body: Sent) => Response = () => new Response(null, { status: 500 });
vi.stubGlobal(
  'fetch',
  vi.fn(async (url: string, init: RequestInit) => {
    expect(url).toBe('/api/attendance/sync');
    const body = JSON.parse(String(init.body)) as Sent;
    sent.push(body);
    return answer(body);
  }),
);
const reply = (results: unknown[]) =>
  new Response(JSON.stringify({ results }), { status: 200, headers: { 'content-type': 'application/json' } });

function Probe() {
  const state = useOfflineAttendance('0b6f5f0e-1d1c-4a5e-9d8f-000000000001');
  return <output data-testid="probe">{`${state.marks.length}:${state.syncing}:${state.failed}:${state.lastSynced}`}</output>;
}

beforeAll(() => startSync(new QueryClient()));
afterEach(() => {
  sent.length = 0;
  stored.clear();
});

describe('the attendance queue', () => {
  it('keeps marks made offline, sends them once back online with their ids and times, and a failed send again with the same ids', async () => {
    online = false;
    render(<Probe />);
    await act(() => queueMark(EVENT, saad, 'ATTENDED'));
    await act(() => queueMark(EVENT, omar, 'ABSENT'));
    // Saad changed again before any send: one mark for him, the newer.
    await act(() => queueMark(EVENT, saad, 'ABSENT'));
    expect(sent).toHaveLength(0);
    expect(screen.getByTestId('probe').textContent).toBe('2:false:false:0');
    const queued = [...stored.values()];

    // The first send finds no server (502): nothing is lost, the same marks go again.
    answer = () => new Response(null, { status: 502 });
    await goOnline();
    await vi.waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('2:false:true:0'));
    answer = (body) => reply(body.marks.map((m) => ({ ...m, outcome: 'APPLIED', duplicate: false, code: null })));
    await act(() => syncNow());
    await vi.waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('0:false:false:2'));
    expect(sent).toHaveLength(2);
    expect(sent[1].marks).toEqual(sent[0].marks);
    expect(sent[1].marks.map((m) => [m.participantId, m.status]).sort()).toEqual(
      [
        [saad.id, 'ABSENT'],
        [omar.id, 'ABSENT'],
      ].sort(),
    );
    expect(sent[1].marks.map((m) => m.id).sort()).toEqual(queued.map((m) => m.id).sort());
    expect(sent[1].marks.every((m) => !Number.isNaN(Date.parse(m.markedAt)))).toBe(true);
  });

  for (const [locale, messages, expected] of [
    ['en', en, 'Omar: changed on the server after your mark. Kept: Absent.'],
    ['ar', ar, 'عمر: تغيّر على الخادم بعد تسجيلك. أُبقي: غائب.'],
  ] as const) {
    it(`tells the coach which mark a later server change superseded (${locale})`, async () => {
      document.documentElement.lang = locale;
      online = true;
      answer = (body) => reply(body.marks.map((m) => ({ ...m, outcome: 'SUPERSEDED', status: 'ABSENT', duplicate: false, code: null })));
      render(
        <IntlProvider locale={locale} messages={messages}>
          <OfflineStatus />
        </IntlProvider>,
      );
      await act(() => queueMark(EVENT, omar, 'ATTENDED'));
      const notice = await screen.findByTestId('sync-notice');
      expect(notice.textContent).toContain(expected);
      expect(stored.size).toBe(0);
      const id = sent[0].marks[0].id;
      act(() => dismissNotice(id));
      expect(screen.queryByTestId('sync-notice')).toBeNull();
    });
  }
});
