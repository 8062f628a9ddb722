// Players import of 2,000 rows: one academy with two teams, a generated CSV of 2,000
// valid players, then the preview, the import (multi-row inserts) and a re-upload of the same
// file (2,000 updates), each timed through the real app (inject, multipart) and printed as
// rows/s. Not a timed test: `npx tsx bench/import.ts` on PGlite, with
// TEST_DATABASE_URL=postgres://… on PostgreSQL. BENCH_IMPORT_ROWS changes the count.
import { IMPORT_COLUMNS, IMPORT_HEADERS } from '@kora/contracts';
import { teams } from '../apps/server/src/db/schema.js';
import { withTenant } from '../apps/server/src/db/tenant.js';
import { csvDocument } from '../apps/server/src/lib/csv.js';
import { multipart } from '../apps/server/test/fixtures.js';
import { asMember, createTestApp, registerAndLogin } from '../apps/server/test/harness.js';

const count = Number(process.env.BENCH_IMPORT_ROWS || 2000);
const t = await createTestApp();
try {
  const academy = await registerAndLogin(t.app);
  await withTenant(t.deps.db, academy.id, (tx) =>
    tx.insert(teams).values([
      { academyId: academy.id, name: 'U10' },
      { academyId: academy.id, name: 'U12' },
    ]),
  );
  const rows = Array.from({ length: count }, (_, i) => {
    const cells: Record<string, string> = {
      name: `Player ${i}`,
      nationalId: String(1_000_000_000 + i),
      birthdate: `201${i % 8}-0${1 + (i % 9)}-1${i % 9}`,
      gender: i % 2 ? 'Male' : 'Female',
      teams: i % 3 ? 'U10' : 'U10; U12',
      parentName: `Parent ${i}`,
      parentPhone: `+9665${String(10_000_000 + i).padStart(8, '0')}`,
      parentEmail: `parent${i}@example.com`,
    };
    return IMPORT_COLUMNS.map((c) => cells[c] ?? '');
  });
  const file = Buffer.from(csvDocument([IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[c].en), ...rows]), 'utf8');
  const send = (path: string) =>
    asMember(
      t.app,
      academy,
    )({ method: 'POST', url: `/api/players/${path}`, ...multipart({}, { name: 'p.csv', bytes: file, type: 'text/csv', field: 'file' }) });
  const timed = async (label: string, path: string) => {
    const start = performance.now();
    const res = await send(path);
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const body = res.json();
    console.log(
      `${label.padEnd(22)} ${ms.toFixed(0).padStart(6)} ms  ${((count / ms) * 1000).toFixed(0).padStart(6)} rows/s  ${JSON.stringify(body.errors ? { creates: body.creates, updates: body.updates, errors: body.errors.length } : body)}`,
    );
  };
  console.log(`${count} rows, ${(file.length / 1024).toFixed(0)} KB CSV, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  await timed('preview', 'import/preview');
  await timed('import (creates)', 'import');
  await timed('re-upload (updates)', 'import');
} finally {
  await t.close();
}
