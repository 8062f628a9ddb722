import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@kora/contracts';
import ExcelJS from 'exceljs';
import { badRequest, HttpError } from '../../http/errors.js';
import { csvDocument } from '../../lib/csv.js';
import type { SheetLimits, SheetRow } from './sheet-parse.js';
import type { SheetAnswer, SheetJob } from './sheet-worker.js';

export type { SheetRow } from './sheet-parse.js';
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

/** What a players file may hold while it is read (sheet-parse.ts); docs/domain.md, "Players import and export". */
export const SHEET_LIMITS: SheetLimits = {
  rows: MAX_IMPORT_ROWS,
  columns: MAX_IMPORT_COLUMNS,
  cellLength: MAX_IMPORT_CELL_LENGTH,
  unpackedBytes: 32 * 1024 * 1024,
  textChars: 16 * 1024 * 1024,
};

/** Files read at once (each in its own worker thread); more wait their turn. */
const READERS = 2;
/** A file not read in this time is given up (its worker ended): no legitimate file comes near it. */
const READ_TIMEOUT_MS = 30_000;
/** A reader's heap: a file within the limits needs a fraction of it; past it the worker ends, the server does not. */
const READER_HEAP_MB = 384;

/**
 * The reader's script: beside this module from source (run by tsx, which the worker loads when
 * the process was not started by it: vitest), beside the bundle in the built server (build.mjs).
 */
function readerScript(): { url: URL; execArgv?: string[] } {
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./sheet-worker.js', import.meta.url) };
  const url = new URL('./sheet-worker.ts', import.meta.url);
  if (process.execArgv.some((a) => a.includes('tsx'))) return { url };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { url, execArgv: [...process.execArgv, '--import', tsx] };
}

/** Worker threads kept for reading files, at most READERS at work; one that fails is ended, not reused. */
class SheetReaders {
  private idle: Worker[] = [];
  private working = 0;
  private waiting: (() => void)[] = [];
  private next = 0;

  private spawn() {
    const { url, execArgv } = readerScript();
    const worker = new Worker(url, { execArgv, resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB } });
    // An idle reader never keeps the process alive; one that fails or ends is not handed out again
    // (a failure during a read is that read's, ask() rejects it).
    worker.unref();
    const drop = () => {
      this.idle = this.idle.filter((w) => w !== worker);
    };
    worker.on('error', drop).on('exit', drop);
    return worker;
  }

  async read(file: Buffer, limits: SheetLimits): Promise<SheetAnswer> {
    if (this.working >= READERS) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.working++;
    const worker = this.idle.pop() ?? this.spawn();
    try {
      const answer = await this.ask(worker, { id: ++this.next, file, limits });
      this.idle.push(worker);
      return answer;
    } catch (err) {
      void worker.terminate();
      throw err;
    } finally {
      this.working--;
      this.waiting.shift()?.();
    }
  }

  private ask(worker: Worker, job: SheetJob): Promise<SheetAnswer> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', reject).off('exit', onExit);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('sheet reader timed out'));
      }, READ_TIMEOUT_MS);
      const onMessage = (answer: SheetAnswer) => {
        if (answer.id !== job.id) return;
        done();
        resolve(answer);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`sheet reader exited (${code})`));
      };
      worker.on('message', onMessage).once('error', reject).once('exit', onExit);
      worker.postMessage(job);
    });
  }

  /** Ends the idle readers (a test's or a script's end; the server's readers are unref'd). */
  async close() {
    const idle = this.idle;
    this.idle = [];
    await Promise.all(idle.map((w) => w.terminate()));
  }
}

export const sheetReaders = new SheetReaders();

/**
 * Reads a CSV (UTF-8, `,` `;` or tab) or XLSX (its first sheet) file in a worker thread, within
 * SHEET_LIMITS: its header row and its non-empty rows, or a 400 naming the limit it passed.
 */
export async function readSheet(file: Buffer, limits: SheetLimits = SHEET_LIMITS): Promise<Sheet> {
  let answer: SheetAnswer;
  try {
    answer = await sheetReaders.read(file, limits);
  } catch {
    // The reader ran out of time or memory: a file this server will not read.
    throw badRequest('import.file_unreadable', 'file');
  }
  if (!answer.ok) {
    const { code, params } = answer;
    throw new HttpError(400, code, [{ path: 'file', message: new HttpError(400, code, undefined, params).message, code }], params);
  }
  const { headers, rows } = answer;
  if (!headers.some((h) => h !== '') || rows.length === 0) throw badRequest('import.empty', 'file');
  return { headers, rows };
}

/** A sheet as a file: CSV (UTF-8 with BOM, lib/csv.ts) or XLSX whose cells are all text, so phones and ids stay as written. */
export async function writeSheet(format: 'csv' | 'xlsx', headers: string[], rows: string[][], rtl: boolean): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(csvDocument([headers, ...rows]), 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Players', { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header) => ({ header, width: Math.max(14, header.length + 4), style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
