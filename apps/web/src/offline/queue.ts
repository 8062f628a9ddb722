// Attendance marks kept on the device until the server has them (IndexedDB, so a reload or a closed
// tab loses nothing). One mark per member and participant: changing a player's status again before
// it is sent replaces the queued mark (a new id), so the server never sees a mark the coach took back.
import type { ParticipantStatus } from '@kora/contracts';

export interface QueuedMark {
  /** `${memberId}:${participantId}`. */
  key: string;
  /** Made on the device, the same on every send: the server applies a mark once by it. */
  id: string;
  /** The signed-in member who made it (only they send it). */
  memberId: string;
  participantId: string;
  eventId: string;
  /** The player, and their names for the coach's notices. */
  playerId: string;
  name: string;
  nameArabic: string | null;
  status: ParticipantStatus;
  /** When it was made, by the device's clock (ISO). */
  markedAt: string;
}

const DB_NAME = 'kora-offline';
const STORE = 'attendance-marks';

let opening: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
      store.createIndex('memberId', 'memberId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((err) => {
    opening = null;
    throw err;
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  return database().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const request = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(request?.result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

export const markKey = (memberId: string, participantId: string) => `${memberId}:${participantId}`;

/** Keeps a mark, replacing the member's queued mark of the same participant. */
export async function putMark(mark: QueuedMark) {
  await run('readwrite', (store) => store.put(mark));
}

/** The member's queued marks, oldest first. */
export async function listMarks(memberId: string): Promise<QueuedMark[]> {
  const marks = (await run<QueuedMark[]>('readonly', (store) => store.index('memberId').getAll(memberId))) ?? [];
  return marks.sort((a, b) => a.markedAt.localeCompare(b.markedAt));
}

/** Forgets a mark once the server answered it, unless a newer mark replaced it meanwhile. */
export async function removeMark(key: string, id: string) {
  await run('readwrite', (store) => {
    const request: IDBRequest<QueuedMark | undefined> = store.get(key);
    request.onsuccess = () => {
      if (request.result?.id === id) store.delete(key);
    };
    return request;
  });
}
