import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';

const run = promisify(execFile);

/**
 * Backups of everything Kora keeps (docs/architecture.md, "Backups"): the database — a copy of the
 * embedded PGlite data directory, or a `pg_dump` of PostgreSQL — and the uploaded images, in one
 * .tar.gz with a manifest. The embedded database is copied only while no server has it open (its
 * files are consistent when closed); PostgreSQL's dump is consistent while it runs.
 */
export interface BackupPlace {
  dataDir: string;
  /** PostgreSQL (the owner's URL); absent ⇒ the embedded database in `dataDir/pglite`. */
  databaseUrl?: string;
}

interface Manifest {
  format: 'kora-backup';
  version: 1;
  database: 'pglite' | 'postgres';
  createdAt: string;
}

const pidFile = (dataDir: string) => join(dataDir, 'server.pid');

/** The embedded server marks its data directory while it runs (main.ts). */
export function markRunning(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(pidFile(dataDir), String(process.pid));
  return () => rmSync(pidFile(dataDir), { force: true });
}

function refuseWhileRunning(dataDir: string) {
  if (!existsSync(pidFile(dataDir))) return;
  const pid = Number(readFileSync(pidFile(dataDir), 'utf8'));
  try {
    process.kill(pid, 0);
  } catch {
    return; // a stale mark: that process is gone
  }
  throw new Error(`Kora (process ${pid}) has ${dataDir} open: stop it first, then run this again.`);
}

export async function backup(place: BackupPlace, file: string): Promise<Manifest> {
  const work = mkdtempSync(join(tmpdir(), 'kora-backup-'));
  try {
    const manifest: Manifest = {
      format: 'kora-backup',
      version: 1,
      database: place.databaseUrl ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
    };
    if (place.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', join(work, 'database.dump'), place.databaseUrl]);
    } else {
      refuseWhileRunning(place.dataDir);
      const db = await PGlite.create(join(place.dataDir, 'pglite'));
      const dump = await db.dumpDataDir('gzip');
      await db.close();
      writeFileSync(join(work, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    }
    const uploads = join(place.dataDir, 'uploads');
    mkdirSync(join(work, 'uploads'), { recursive: true });
    if (existsSync(uploads)) await tar.create({ file: join(work, 'uploads.tar'), cwd: uploads }, ['.']);
    writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const parts = ['manifest.json', place.databaseUrl ? 'database.dump' : 'database.tar.gz'];
    if (existsSync(join(work, 'uploads.tar'))) parts.push('uploads.tar');
    await tar.create({ gzip: true, file, cwd: work }, parts);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A plain SQL connection: PGlite's and pg's `query(text, params)` answer `{ rows }` alike. */
interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** An issued invoice (or credit note: they share the numbers) as a restore compares them. */
interface Issued {
  academyId: string;
  id: string;
  number: number;
}

/** What the current database knows was sent: reminders claimed (by academy) and mails delivered. */
/** What the replaced database knew that a restore must not undo: what was sent, and who was erased. */
interface SentMarks {
  reminders: { academyId: string; rows: { subscription_id: string; stage: string; sent_at: string }[] }[];
  mails: { id: string; sent_at: string; text: string; html: string | null }[];
  /** The done erasure requests (ids and counts only), re-applied by the server (reapplyErasures). */
  erasures: { academyId: string; rows: Record<string, unknown>[] }[];
}

const ERASURE_COLUMNS = 'id, kind, player_id, parent_id, member_id, via, state, outcome, language, created_at, completed_at';

const exists = async (sql: Sql, table: string) =>
  (await sql.query<{ found: string | null }>('select to_regclass($1)::text as found', [`public.${table}`])).rows[0]?.found != null;

/**
 * Runs `work` inside each academy of the database: tenant tables force row-level security on
 * their owner too (migration 0001), so the rows of an academy are read with its id set.
 */
async function inEachAcademy<T>(sql: Sql, work: (academyId: string, handle: string) => Promise<T>): Promise<T[]> {
  if (!(await exists(sql, 'academies'))) return [];
  const { rows } = await sql.query<{ id: string; handle: string }>('select id, handle from academies order by handle');
  const out: T[] = [];
  try {
    for (const a of rows) {
      await sql.query("select set_config('app.academy_id', $1, false)", [a.id]);
      out.push(await work(a.id, a.handle));
    }
  } finally {
    await sql.query("select set_config('app.academy_id', '', false)");
  }
  return out;
}

async function issuedInvoices(sql: Sql): Promise<Issued[]> {
  if (!(await exists(sql, 'invoices'))) return [];
  const lists = await inEachAcademy(sql, async (academyId) =>
    (
      await sql.query<{ id: string; number: number }>('select id, invoice_number as number from invoices where academy_id = $1', [
        academyId,
      ])
    ).rows.map((r) => ({ academyId, id: r.id, number: Number(r.number) })),
  );
  return lists.flat();
}

/** The invoices of a `pg_dump` file, read from its data (`pg_restore` to standard output) without a database. */
async function dumpedInvoices(dump: string): Promise<Issued[]> {
  const child = spawn('pg_restore', ['--data-only', '--table=invoices', '--file=-', dump], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const out: Issued[] = [];
  let columns: string[] | null = null;
  for await (const line of createInterface({ input: child.stdout })) {
    if (!columns) {
      const copy = /^COPY \S*invoices \(([^)]*)\) FROM stdin;$/.exec(line);
      if (copy) columns = copy[1].split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
      continue;
    }
    if (line === '\\.') break;
    // COPY's text format escapes tabs and newlines inside values: a tab always separates two fields.
    const fields = line.split('\t');
    const names = columns;
    const at = (name: string) => fields[names.indexOf(name)];
    out.push({ academyId: at('academy_id'), id: at('id'), number: Number(at('invoice_number')) });
  }
  if ((await done) !== 0) throw new Error(`pg_restore could not read the backup's invoices: ${stderr.trim()}`);
  return out;
}

async function sentMarks(sql: Sql): Promise<SentMarks> {
  const reminders = (await exists(sql, 'subscription_reminders'))
    ? await inEachAcademy(sql, async (academyId) => ({
        academyId,
        rows: (
          await sql.query<SentMarks['reminders'][number]['rows'][number]>(
            'select subscription_id, stage, sent_at from subscription_reminders where academy_id = $1',
            [academyId],
          )
        ).rows,
      }))
    : [];
  const mails = (await exists(sql, 'outgoing_mails'))
    ? (await sql.query<SentMarks['mails'][number]>('select id, sent_at, text, html from outgoing_mails where sent_at is not null')).rows
    : [];
  const erasures = (await exists(sql, 'privacy_requests'))
    ? await inEachAcademy(sql, async (academyId) => ({
        academyId,
        rows: (
          await sql.query<Record<string, unknown>>(
            `select ${ERASURE_COLUMNS} from privacy_requests where academy_id = $1 and kind = 'erasure' and state = 'erased'`,
            [academyId],
          )
        ).rows,
      }))
    : [];
  return { reminders, mails, erasures };
}

/**
 * Puts back what the replaced database knew was sent, so the restored one does not send it again:
 * each reminder claimed since the backup (for a subscription the backup has), and each mail the
 * backup still had queued but that left since (marked sent, with the body as the sender kept it).
 * And each erasure done since the backup, for a child the backup has: the server erases that child
 * again when it starts (reapplyErasures, modules/privacy/erasure.ts), photos and outboxes included.
 */
async function putBackSentMarks(sql: Sql, marks: SentMarks) {
  if (await exists(sql, 'subscription_reminders')) {
    const byAcademy = new Map(marks.reminders.map((r) => [r.academyId, r.rows]));
    await inEachAcademy(sql, async (academyId) => {
      const rows = byAcademy.get(academyId) ?? [];
      if (rows.length === 0) return;
      await sql.query(
        `insert into subscription_reminders (academy_id, subscription_id, stage, sent_at)
         select $1::uuid, m.subscription_id, m.stage, m.sent_at
         from json_to_recordset($2::json) as m(subscription_id uuid, stage text, sent_at timestamptz)
         where exists (select 1 from subscriptions s where s.academy_id = $1::uuid and s.id = m.subscription_id)
         on conflict (academy_id, subscription_id, stage) do nothing`,
        [academyId, JSON.stringify(rows)],
      );
    });
  }
  if (await exists(sql, 'privacy_requests')) {
    const byAcademy = new Map(marks.erasures.map((r) => [r.academyId, r.rows]));
    await inEachAcademy(sql, async (academyId) => {
      const rows = byAcademy.get(academyId) ?? [];
      if (rows.length === 0) return;
      await sql.query(
        `insert into privacy_requests (academy_id, ${ERASURE_COLUMNS})
         select $1::uuid, ${ERASURE_COLUMNS}
         from json_populate_recordset(null::privacy_requests, $2::json) as m
         where exists (select 1 from users u where u.academy_id = $1::uuid and u.id = m.player_id)
         on conflict (academy_id, id) do nothing`,
        [academyId, JSON.stringify(rows)],
      );
    });
  }
  if (marks.mails.length && (await exists(sql, 'outgoing_mails')))
    await sql.query(
      `update outgoing_mails o set sent_at = m.sent_at, text = m.text, html = m.html, error = null
       from json_to_recordset($1::json) as m(id uuid, sent_at timestamptz, text text, html text)
       where o.id = m.id and o.sent_at is null`,
      [JSON.stringify(marks.mails)],
    );
}

/** A restore that would give parents' invoice numbers to other invoices, unless forced. */
export class RestoreRefused extends Error {}

/**
 * The invoices of the current database the backup does not have, by academy, as a refusal: restoring
 * the backup would issue their numbers again to invoices with other contents.
 */
function refusal(current: Issued[], backedUp: Issued[], handles: Map<string, string>, manifest: Manifest): RestoreRefused | null {
  const kept = new Set(backedUp.map((i) => i.id));
  const lost = new Map<string, number[]>();
  for (const i of current) {
    if (kept.has(i.id)) continue;
    const numbers = lost.get(i.academyId) ?? [];
    numbers.push(i.number);
    lost.set(i.academyId, numbers);
  }
  if (lost.size === 0) return null;
  // Reduced, not spread: an academy may have more invoices than a call takes arguments.
  const highest = (numbers: number[]) => numbers.reduce((m, n) => Math.max(m, n), 0);
  const lastBackedUp = (academyId: string) => highest(backedUp.filter((i) => i.academyId === academyId).map((i) => i.number));
  const lines = [...lost].map(([academyId, numbers]) => {
    const [low, high] = [numbers.reduce((m, n) => Math.min(m, n)), highest(numbers)];
    const which = low === high ? `no. ${low}` : `no. ${low} to ${high}`;
    const count = numbers.length === 1 ? '1 invoice' : `${numbers.length} invoices`;
    return `  - ${handles.get(academyId) ?? academyId}: ${count} (${which}) issued after the backup, whose last is no. ${lastBackedUp(academyId)}`;
  });
  return new RestoreRefused(
    [
      `Refused: this backup (made ${manifest.createdAt}) is older than invoices already issued in the current database:`,
      ...lines,
      'Parents already hold these invoices; after the restore their numbers would be issued again to other invoices.',
      'Nothing was changed. To restore the backup all the same, run the restore again with --force.',
    ].join('\n'),
  );
}

/**
 * Brings a backup back. What it replaces is kept beside it (`pglite.before-restore-…`,
 * `uploads.before-restore-…`); PostgreSQL objects are replaced in place (`pg_restore --clean`).
 * Refused (RestoreRefused, nothing changed) when the current database holds invoices the backup
 * lacks, unless `force`. The reminders and mails the replaced database had sent stay sent, and the
 * children it had erased are erased again when the server starts.
 */
export async function restore(place: BackupPlace, file: string, opts: { force?: boolean } = {}): Promise<Manifest> {
  const work = mkdtempSync(join(tmpdir(), 'kora-restore-'));
  try {
    await tar.extract({ file, cwd: work });
    const manifest: Manifest = JSON.parse(readFileSync(join(work, 'manifest.json'), 'utf8'));
    if (manifest.format !== 'kora-backup') throw new Error(`${file} is not a Kora backup`);
    if ((manifest.database === 'postgres') !== Boolean(place.databaseUrl))
      throw new Error(
        `This backup holds a ${manifest.database} database: set DATABASE_URL accordingly (or unset it for the embedded one).`,
      );
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (place.databaseUrl) {
      const dump = join(work, 'database.dump');
      const client = new pg.Client({ connectionString: place.databaseUrl });
      await client.connect();
      try {
        const current = await issuedInvoices(client);
        const refused = !opts.force && refusal(current, await dumpedInvoices(dump), await handlesOf(client), manifest);
        if (refused) throw refused;
        const marks = await sentMarks(client);
        await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', place.databaseUrl, dump]);
        await putBackSentMarks(client, marks);
      } finally {
        await client.end();
      }
    } else {
      refuseWhileRunning(place.dataDir);
      const target = join(place.dataDir, 'pglite');
      const data = new Blob([readFileSync(join(work, 'database.tar.gz'))]);
      let marks: SentMarks = { reminders: [], mails: [], erasures: [] };
      if (existsSync(target)) {
        const currentDb = await PGlite.create(target);
        try {
          const current = await issuedInvoices(currentDb);
          if (!opts.force && current.length) {
            const backupDb = await PGlite.create({ loadDataDir: data });
            const backedUp = await issuedInvoices(backupDb).finally(() => backupDb.close());
            const refused = refusal(current, backedUp, await handlesOf(currentDb), manifest);
            if (refused) throw refused;
          }
          marks = await sentMarks(currentDb);
        } finally {
          await currentDb.close();
        }
        renameSync(target, `${target}.before-restore-${stamp}`);
      }
      const db = await PGlite.create(target, { loadDataDir: data });
      try {
        await putBackSentMarks(db, marks);
      } finally {
        await db.close();
      }
    }
    const uploads = join(place.dataDir, 'uploads');
    if (existsSync(join(work, 'uploads.tar'))) {
      if (existsSync(uploads)) renameSync(uploads, `${uploads}.before-restore-${stamp}`);
      mkdirSync(uploads, { recursive: true });
      await tar.extract({ file: join(work, 'uploads.tar'), cwd: uploads });
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const handlesOf = async (sql: Sql) =>
  new Map(
    (await exists(sql, 'academies'))
      ? (await sql.query<{ id: string; handle: string }>('select id, handle from academies')).rows.map((a) => [a.id, a.handle])
      : [],
  );
