// Makes one migrated PGlite data directory for the whole run; each test file loads a copy (harness.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from './harness.js';

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'kora-template-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create('memory://');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  process.env.KORA_PGLITE_TEMPLATE = path;
  return () => rmSync(dir, { recursive: true, force: true });
}
