/**
 * A worker thread that reads players files (file.ts keeps a few and sends them one file at a time):
 * each message brings a file and the limits, each answer the rows or the refusal. Bundled beside
 * the server as dist/sheet-worker.js (apps/server/build.mjs); from source it runs under tsx.
 */
import { parentPort } from 'node:worker_threads';
import { parseSheet, SheetError, type SheetErrorCode, type SheetLimits, type SheetRow } from './sheet-parse.js';

export interface SheetJob {
  id: number;
  file: Uint8Array;
  limits: SheetLimits;
}
export type SheetAnswer = { id: number } & (
  | { ok: true; headers: string[]; rows: SheetRow[] }
  | { ok: false; code: SheetErrorCode; params: Record<string, number>; failure?: string }
);

parentPort?.on('message', ({ id, file, limits }: SheetJob) => {
  let answer: SheetAnswer;
  try {
    answer = { id, ok: true, ...parseSheet(Buffer.from(file.buffer, file.byteOffset, file.byteLength), limits) };
  } catch (err) {
    answer =
      err instanceof SheetError
        ? { id, ok: false, code: err.code, params: err.params }
        : // A file this reader cannot follow is the client's: refused as unreadable, the reason logged by file.ts.
          { id, ok: false, code: 'import.file_unreadable', params: {}, failure: String(err instanceof Error ? err.stack : err) };
  }
  parentPort?.postMessage(answer);
});
