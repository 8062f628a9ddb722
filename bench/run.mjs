// `npm run bench`: starts a server with a benchmark academy in a child process, then loads key
// endpoints with autocannon from this process and prints latency percentiles and throughput.
// BENCH_PLAYERS (default 300), BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 10), DATABASE_URL (else PGlite).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = new URL('..', import.meta.url).pathname;

const server = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.env,
});
const info = await new Promise((resolve, reject) => {
  const lines = createInterface({ input: server.stdout });
  lines.on('line', (line) => {
    if (line.startsWith('{"ready"')) resolve(JSON.parse(line));
  });
  server.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
console.log(
  `benchmark academy: ${info.players} players on ${info.database}, seeded in ${info.seedMs} ms; ${connections} connections, ${seconds} s per endpoint\n`,
);

// A week of events around today (the demo timetable runs four weeks back to eight ahead).
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const endpoints = [
  ['GET /api/academies/check/:handle (public)', `/api/academies/check/${info.handle}`, false],
  ['GET /api/auth/me', '/api/auth/me', true],
  ['GET /api/packages', '/api/packages', true],
  ['GET /api/users?role=PLAYER', '/api/users?role=PLAYER', true],
  ['GET /api/teams', '/api/teams', true],
  ['GET /api/events (a week)', `/api/events?startDate=${day(-3)}&endDate=${day(3)}`, true],
  ['GET /api/stats/monthly', '/api/stats/monthly', true],
  ['GET /api/growth-metrics/players', '/api/growth-metrics/players', true],
];
const rows = [];
for (const [name, path, auth] of endpoints) {
  const result = await autocannon({
    url: `http://127.0.0.1:${info.port}${path}`,
    connections,
    duration: seconds,
    headers: { host: `${info.handle}.bench.test`, ...(auth ? { authorization: `Bearer ${info.token}` } : {}) },
  });
  const failures = result.non2xx + result.errors;
  rows.push({
    endpoint: name,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'req/s': Math.round(result.requests.average),
    failures,
  });
}
console.table(rows);
server.kill('SIGTERM');
process.exit(rows.some((r) => r.failures > 0) ? 1 : 0);
