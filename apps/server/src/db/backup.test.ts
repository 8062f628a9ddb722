import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../test/harness.js';
import { backup, markRunning, restore } from './backup.js';
import { openDatabase } from './client.js';
import { academies } from './schema.js';
import { withSystem } from './tenant.js';

const addAcademy = (db: Awaited<ReturnType<typeof openDatabase>>['db'], handle: string) =>
  withSystem(db, (tx) => tx.insert(academies).values({ name: `${handle} FC`, handle, ownerEmail: `owner@${handle}.sa` }));
const handlesIn = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  (await withSystem(db, (tx) => tx.select({ handle: academies.handle }).from(academies))).map((a) => a.handle).sort();

describe('backup and restore of the embedded database', () => {
  it('brings back the database and the uploads as they were at the backup', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-backup-test-'));
    const file = join(dataDir, '..', `${randomBytes(4).toString('hex')}.tar.gz`);
    const open = () => openDatabase({ dataDir: join(dataDir, 'pglite'), migrationsFolder });
    const photo = randomBytes(2048);

    const first = await open();
    await addAcademy(first.db, 'kept');
    await first.close();
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'photo.webp'), photo);
    expect(await backup({ dataDir }, file)).toMatchObject({ format: 'kora-backup', database: 'pglite' });

    // Changes after the backup…
    const later = await open();
    await addAcademy(later.db, 'later');
    await later.close();
    writeFileSync(join(dataDir, 'uploads', 'later.webp'), randomBytes(10));

    // …are gone after the restore; what it replaced is kept aside.
    await restore({ dataDir }, file);
    const restored = await open();
    expect(await handlesIn(restored.db)).toEqual(['kept']);
    await restored.close();
    expect(readFileSync(join(dataDir, 'uploads', 'photo.webp')).equals(photo)).toBe(true);
    expect(existsSync(join(dataDir, 'uploads', 'later.webp'))).toBe(false);
  }, 120_000);

  it('refuses to copy a data directory a running server has open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-backup-test-'));
    const unmark = markRunning(dataDir); // this very process counts as the running server
    await expect(backup({ dataDir }, join(dataDir, 'x.tar.gz'))).rejects.toThrow(/stop it first/);
    unmark();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore of PostgreSQL (pg_dump)', () => {
  it('brings back the rows as they were at the backup', async () => {
    const admin = process.env.TEST_DATABASE_URL ?? '';
    const name = `kora_backup_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-backup-test-'));
    const file = join(dataDir, 'pg.tar.gz');
    try {
      const db = await openDatabase({ databaseUrl: url.toString(), migrationsFolder, poolSize: 2 });
      await addAcademy(db.db, 'kept-pg');
      await backup({ dataDir, databaseUrl: url.toString() }, file);
      await addAcademy(db.db, 'later-pg');
      await db.close();
      await restore({ dataDir, databaseUrl: url.toString() }, file);
      const again = await openDatabase({ databaseUrl: url.toString(), migrationsFolder, poolSize: 2 });
      expect(await handlesIn(again.db)).toEqual(['kept-pg']);
      await again.close();
    } finally {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  }, 120_000);
});
