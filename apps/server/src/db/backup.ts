import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
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

/**
 * Brings a backup back. What it replaces is kept beside it (`pglite.before-restore-…`,
 * `uploads.before-restore-…`); PostgreSQL objects are replaced in place (`pg_restore --clean`).
 */
export async function restore(place: BackupPlace, file: string): Promise<Manifest> {
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
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--dbname',
        place.databaseUrl,
        join(work, 'database.dump'),
      ]);
    } else {
      refuseWhileRunning(place.dataDir);
      const target = join(place.dataDir, 'pglite');
      if (existsSync(target)) renameSync(target, `${target}.before-restore-${stamp}`);
      const db = await PGlite.create(target, { loadDataDir: new Blob([readFileSync(join(work, 'database.tar.gz'))]) });
      await db.close();
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
