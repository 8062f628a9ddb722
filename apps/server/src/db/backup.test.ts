import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratedDataDir, migrationsFolder } from '../../test/harness.js';
import { sendDueReminders } from '../modules/attention/reminders.js';
import { reapplyErasures, requestErasure } from '../modules/privacy/erasure.js';
import { activatePaid } from '../modules/subscriptions/activate.js';
import { createDiskStorage } from '../storage/storage.js';
import { type BackupPlace, backup, markRunning, RestoreRefused, restore } from './backup.js';
import { openDatabase } from './client.js';
import { academies, invoices, outgoingMails, packages, parentPlayers, privacyRequests, subscriptions, users } from './schema.js';
import { dataAccess, withSystem, withTenant } from './tenant.js';

const addAcademy = (db: Awaited<ReturnType<typeof openDatabase>>['db'], handle: string) =>
  withSystem(db, (tx) => tx.insert(academies).values({ name: `${handle} FC`, handle, ownerEmail: `owner@${handle}.sa` }));
type Database = Awaited<ReturnType<typeof openDatabase>>;

/** An academy with a monthly package. */
async function academyWithPackage(db: Database['db'], handle: string) {
  const [academy] = await withSystem(db, (tx) =>
    tx
      .insert(academies)
      .values({ name: `${handle} FC`, handle, ownerEmail: `owner@${handle}.sa` })
      .returning(),
  );
  const [pkg] = await withTenant(db, academy.id, (tx) =>
    tx
      .insert(packages)
      .values({ academyId: academy.id, name: 'Monthly', priceHalalas: 45_000, packageType: 'TIME_BASED', monthsNumber: 1 })
      .returning(),
  );
  return { academyId: academy.id, packageId: pkg.id };
}

/** A player waiting for the first payment (PENDING for weeks: due a reminder), with a parent's e-mail. */
const waitingPlayer = (db: Database['db'], { academyId, packageId }: { academyId: string; packageId: string }, name: string) =>
  withTenant(db, academyId, async (tx) => {
    const [player] = await tx.insert(users).values({ academyId, role: 'PLAYER', name }).returning();
    const [parent] = await tx
      .insert(users)
      .values({ academyId, role: 'PARENT', name: `Parent of ${name}`, email: `${name.toLowerCase()}@parents.sa` })
      .returning();
    await tx.insert(parentPlayers).values({ academyId, parentId: parent.id, playerId: player.id });
    const [sub] = await tx
      .insert(subscriptions)
      .values({ academyId, playerId: player.id, packageId, status: 'PENDING', createdAt: new Date('2026-10-01T09:00:00Z') })
      .returning();
    return sub.id;
  });

const payCash = (db: Database['db'], academyId: string, subscriptionId: string) =>
  withTenant(db, academyId, (tx) =>
    activatePaid(tx, subscriptionId, { method: 'Cash', withInvoice: true, now: new Date('2026-11-20T09:00:00Z') }),
  );
const invoiceNumbers = async (db: Database['db'], academyId: string) =>
  (await withTenant(db, academyId, (tx) => tx.select({ n: invoices.invoiceNumber }).from(invoices))).map((i) => i.n).sort();
/** The reminders a run sends now, to a mailer that only records them. */
async function remindersSent(db: Database['db'], academyId: string) {
  const sent: string[] = [];
  const deps = {
    data: dataAccess(db),
    config: { publicProtocol: 'http' as const, baseDomain: 'kora.test' },
    mailer: { send: async (m: { to: string }) => void sent.push(m.to) },
  };
  await sendDueReminders(deps, academyId, new Date('2026-11-22T09:00:00Z'));
  return sent.sort();
}
const mailSent = async (db: Database['db'], id: string) =>
  (await withSystem(db, (tx) => tx.select({ sentAt: outgoingMails.sentAt }).from(outgoingMails).where(eq(outgoingMails.id, id))))[0]
    ?.sentAt ?? null;

/**
 * A backup older than invoices already issued is refused (nothing changes) unless forced,
 * and after a restore the reminders and mails sent since the backup are not sent again.
 */
async function olderBackupScenario(place: BackupPlace, open: () => Promise<Database>, file: string) {
  const before = await open();
  const academy = await academyWithPackage(before.db, `older-${randomBytes(3).toString('hex')}`);
  const { academyId } = academy;
  await payCash(before.db, academyId, await waitingPlayer(before.db, academy, 'Faisal'));
  const waiting = await waitingPlayer(before.db, academy, 'Salem');
  const [queued] = await withSystem(before.db, (tx) =>
    tx.insert(outgoingMails).values({ academyId, to: 'owner@x.sa', subject: 'Queued at the backup', text: 'link' }).returning(),
  );
  await before.close();
  await backup(place, file);

  // Since the backup: a new player paid and invoice no. 2 went to the parent, Salem's reminder went out, the queued mail left.
  const since = await open();
  await payCash(since.db, academyId, await waitingPlayer(since.db, academy, 'Nawaf'));
  expect(await invoiceNumbers(since.db, academyId)).toEqual([1, 2]);
  expect(await remindersSent(since.db, academyId)).toEqual(['salem@parents.sa']);
  await withSystem(since.db, (tx) => tx.update(outgoingMails).set({ sentAt: new Date(), text: '' }).where(eq(outgoingMails.id, queued.id)));
  await since.close();

  const refused = await restore(place, file).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(RestoreRefused);
  const message = (refused as Error).message;
  expect(message).toMatch(/older than invoices already issued/);
  expect(message).toMatch(/older-[0-9a-f]+: 1 invoice \(no\. 2\) issued after the backup, whose last is no\. 1/);
  expect(message).toMatch(/--force/);
  const untouched = await open();
  expect(await invoiceNumbers(untouched.db, academyId)).toEqual([1, 2]);
  await untouched.close();

  await restore(place, file, { force: true });
  const restored = await open();
  expect(await invoiceNumbers(restored.db, academyId)).toEqual([1]);
  // The reminder claimed after the backup stays claimed, and the mail that left stays sent.
  expect(await remindersSent(restored.db, academyId)).toEqual([]);
  expect(await mailSent(restored.db, queued.id)).not.toBeNull();
  const [sub] = await withTenant(restored.db, academyId, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, waiting)));
  expect(sub.status).toBe('PENDING');
  await restored.close();
}

/**
 * A child erased after the backup comes back with the restore; the erasure request comes back with
 * it, and the server's start (reapplyErasures) erases the child, their only parent and photo again.
 */
async function erasureScenario(place: BackupPlace, open: () => Promise<Database>, file: string) {
  const storage = createDiskStorage(join(place.dataDir, 'uploads'));
  const before = await open();
  const academy = await academyWithPackage(before.db, `erased-${randomBytes(3).toString('hex')}`);
  const { academyId } = academy;
  const photo = await storage.put(randomBytes(64), 'png', 'image/png');
  const { child, parent } = await withTenant(before.db, academyId, async (tx) => {
    const [child] = await tx.insert(users).values({ academyId, role: 'PLAYER', name: 'Hind Otaibi', avatar: photo }).returning();
    const [parent] = await tx
      .insert(users)
      .values({ academyId, role: 'PARENT', name: 'Mona Otaibi', email: 'mona@parents.sa', phoneNumber: '+966501112233' })
      .returning();
    await tx.insert(parentPlayers).values({ academyId, parentId: parent.id, playerId: child.id });
    return { child, parent };
  });
  const kept = await waitingPlayer(before.db, academy, 'Kept');
  await before.close();
  await backup(place, file);

  const since = await open();
  const deps = { data: dataAccess(since.db), removeFile: (path: string) => storage.remove(path), now: () => new Date() };
  await requestErasure(deps, academyId, child.id, { via: 'portal', parentId: parent.id });
  await since.close();
  expect(existsSync(join(place.dataDir, 'uploads', photo.replace('/uploads/', '')))).toBe(false);

  await restore(place, file);
  const restored = await open();
  const childRow = async () => (await withTenant(restored.db, academyId, (tx) => tx.select().from(users).where(eq(users.id, child.id))))[0];
  // The backup's child is back, with the request that erased them and the photo.
  expect((await childRow()).name).toBe('Hind Otaibi');
  expect(existsSync(join(place.dataDir, 'uploads', photo.replace('/uploads/', '')))).toBe(true);
  const requests = await withTenant(restored.db, academyId, (tx) => tx.select().from(privacyRequests));
  expect(requests.map((r) => [r.kind, r.state, r.playerId, r.parentId, r.via])).toEqual([
    ['erasure', 'erased', child.id, parent.id, 'portal'],
  ]);

  const restoredDeps = { data: dataAccess(restored.db), removeFile: (path: string) => storage.remove(path), now: () => new Date() };
  expect(await reapplyErasures(restoredDeps, [academyId])).toBe(1);
  const erased = await childRow();
  expect(erased).toMatchObject({ name: 'Erased player', avatar: null, email: null });
  expect(erased.erasedAt).not.toBeNull();
  expect(existsSync(join(place.dataDir, 'uploads', photo.replace('/uploads/', '')))).toBe(false);
  await withTenant(restored.db, academyId, async (tx) => {
    expect(await tx.select().from(users).where(eq(users.id, parent.id))).toEqual([]);
    // Another family of the backup is untouched, and a second start erases nobody again.
    const [other] = await tx.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, kept));
    expect(other.status).toBe('PENDING');
  });
  expect(await reapplyErasures(restoredDeps, [academyId])).toBe(0);
  await restored.close();
}

const handlesIn = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  (await withSystem(db, (tx) => tx.select({ handle: academies.handle }).from(academies))).map((a) => a.handle).sort();

describe('backup and restore of the embedded database', () => {
  it('brings back the database and the uploads as they were at the backup', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-backup-test-'));
    const file = join(dataDir, '..', `${randomBytes(4).toString('hex')}.tar.gz`);
    const open = () => openDatabase({ dataDir: join(dataDir, 'pglite'), migrationsFolder });
    const photo = randomBytes(2048);

    await migratedDataDir(dataDir);
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

  it('refuses a backup older than invoices already issued unless --force, and sends no reminder or mail twice after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-backup-test-'));
    await migratedDataDir(dataDir);
    await olderBackupScenario(
      { dataDir },
      () => openDatabase({ dataDir: join(dataDir, 'pglite'), migrationsFolder }),
      join(dataDir, 'older.tar.gz'),
    );
  }, 180_000);

  it('erases again, at the next start, a child erased after the backup', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-backup-test-'));
    await migratedDataDir(dataDir);
    await erasureScenario(
      { dataDir },
      () => openDatabase({ dataDir: join(dataDir, 'pglite'), migrationsFolder }),
      join(dataDir, 'erased.tar.gz'),
    );
  }, 180_000);

  it('refuses to copy a data directory a running server has open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-backup-test-'));
    const unmark = markRunning(dataDir); // this very process counts as the running server
    await expect(backup({ dataDir }, join(dataDir, 'x.tar.gz'))).rejects.toThrow(/stop it first/);
    unmark();
  });
});

/** A scratch PostgreSQL database for one test (dropped after it), its place for backups and how to open it. */
async function withScratchDatabase(work: (place: BackupPlace, open: () => Promise<Database>) => Promise<void>) {
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `kora_backup_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    await work({ dataDir: mkdtempSync(join(tmpdir(), 'kora-backup-test-')), databaseUrl }, () =>
      openDatabase({ databaseUrl, migrationsFolder, poolSize: 2 }),
    );
  } finally {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore of PostgreSQL (pg_dump)', () => {
  it('brings back the rows as they were at the backup', async () => {
    await withScratchDatabase(async (place, open) => {
      const file = join(place.dataDir, 'pg.tar.gz');
      const db = await open();
      await addAcademy(db.db, 'kept-pg');
      await backup(place, file);
      await addAcademy(db.db, 'later-pg');
      await db.close();
      await restore(place, file);
      const again = await open();
      expect(await handlesIn(again.db)).toEqual(['kept-pg']);
      await again.close();
    });
  }, 120_000);

  it('refuses a backup older than invoices already issued unless --force, and sends no reminder or mail twice after it', async () => {
    await withScratchDatabase((place, open) => olderBackupScenario(place, open, join(place.dataDir, 'older.tar.gz')));
  }, 180_000);

  it('erases again, at the next start, a child erased after the backup', async () => {
    await withScratchDatabase((place, open) => erasureScenario(place, open, join(place.dataDir, 'erased.tar.gz')));
  }, 180_000);
});
