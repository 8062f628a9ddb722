// Does one academy's players import hold up the others? Academy B reads its teams
// (GET /api/teams, one request after another) while academy A imports 5,000 rows (CSV), then while
// A uploads a zip bomb (3 MB that unpack to 2 GB, modules/player-import/test-files.ts) ten times;
// B reads every 10 ms, and its p50/p99/max latency (from when each read was due) and the event
// loop's longest stall are printed for each phase, with B alone as the baseline. Through the real app (inject), on PGlite and, when TEST_DATABASE_URL is set,
// on PostgreSQL too. `npm run bench:import` (docs/performance.md, "Players import beside other academies").
import { IMPORT_COLUMNS, IMPORT_HEADERS } from '@kora/contracts';
import { teams } from '../apps/server/src/db/schema.js';
import { withTenant } from '../apps/server/src/db/tenant.js';
import { csvDocument } from '../apps/server/src/lib/csv.js';
import { sheetReaders } from '../apps/server/src/modules/player-import/file.js';
import { bombXlsx } from '../apps/server/src/modules/player-import/test-files.js';
import { multipart } from '../apps/server/test/fixtures.js';
import { asMember, createTestApp, registerAndLogin } from '../apps/server/test/harness.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 5000);
const BOMBS = 10;
/** How often B reads (ms). */
const INTERVAL_MS = 10;
const EN = IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[c].en);
const rows = Array.from({ length: ROWS }, (_, i) => {
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
const csv = Buffer.from(csvDocument([EN, ...rows]), 'utf8');
const bomb = bombXlsx(EN, rows[0], 2);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function run(database: string) {
  const t = await createTestApp();
  try {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.insert(teams).values([
        { academyId: a.id, name: 'U10' },
        { academyId: a.id, name: 'U12' },
      ]),
    );
    await withTenant(t.deps.db, b.id, (tx) =>
      tx.insert(teams).values(Array.from({ length: 6 }, (_, i) => ({ academyId: b.id, name: `B team ${i}` }))),
    );
    const readTeams = () => asMember(t.app, b)({ method: 'GET', url: '/api/teams' });
    const upload = (path: string, bytes: Buffer, name: string) =>
      asMember(
        t.app,
        a,
      )({
        method: 'POST',
        url: `/api/players/${path}`,
        ...multipart({}, { name, bytes, type: 'application/octet-stream', field: 'file' }),
      });
    for (let i = 0; i < 20; i++) await readTeams();

    /**
     * B reads its teams every INTERVAL_MS (one request at a time) until `work` (A's) ends, or `count`
     * times when idle. A read's latency counts from when it was due, not from when it was sent: a
     * read the event loop could not even send in time is as late as one answered late.
     */
    const phase = async (label: string, work: (() => Promise<string>) | number) => {
      const latencies: number[] = [];
      let last = performance.now();
      let longestGap = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 1);
      const started = performance.now();
      let outcome = '';
      let done = false;
      const running =
        typeof work === 'number'
          ? Promise.resolve()
          : work().then((o) => {
              outcome = o;
              done = true;
            });
      for (let k = 0; typeof work === 'number' ? k < work : !done; k++) {
        const due = started + k * INTERVAL_MS;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const res = await readTeams();
        latencies.push(performance.now() - due);
        if (res.statusCode !== 200) throw new Error(`B's teams: ${res.statusCode}`);
      }
      await running;
      clearInterval(ticker);
      const took = performance.now() - started;
      const sorted = latencies.sort((x, y) => x - y);
      const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
      console.log(
        `${database.padEnd(10)} ${label.padEnd(34)} ${String(sorted.length).padStart(5)} reads  p50 ${ms(pct(sorted, 50))}  p99 ${ms(pct(sorted, 99))}  max ${ms(sorted.at(-1) ?? 0)}  longest loop stall ${ms(longestGap)}  ${(took / 1000).toFixed(1)} s  ${outcome}`,
      );
    };

    await phase('B alone (baseline)', 200);
    await phase(`A imports ${ROWS} rows (CSV)`, async () => {
      const res = await upload('import', csv, 'players.csv');
      if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return JSON.stringify(res.json());
    });
    await phase(`A uploads a bomb x${BOMBS} (${(bomb.length / 1024 / 1024).toFixed(1)} MB)`, async () => {
      let code = '';
      for (let i = 0; i < BOMBS; i++) {
        const res = await upload('import/preview', bomb, 'bomb.xlsx');
        code = `${res.statusCode} ${res.json().code}`;
      }
      return code;
    });
  } finally {
    await t.close();
  }
}

const postgres = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;
console.log(`${ROWS} rows: ${(csv.length / 1024).toFixed(0)} KB CSV; B reads GET /api/teams (6 teams) every ${INTERVAL_MS} ms`);
await run('PGlite');
if (postgres) {
  process.env.TEST_DATABASE_URL = postgres;
  await run('PostgreSQL');
} else console.log('(set TEST_DATABASE_URL=postgres://… to run on PostgreSQL too)');
await sheetReaders.close();
