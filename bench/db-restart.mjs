// `node bench/db-restart.mjs`: the production server on PostgreSQL under 50 connections on the players
// list for 30 s, with one PostgreSQL restart in the middle (issue "Reliability and security").
// Prints requests, errors (non-200 or failed), the longest error streak and whether the process
// stayed up. Needs a built server (npm run build) and a local cluster that BENCH_RESTART restarts.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const admin = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const restart =
  process.env.BENCH_RESTART ?? `pg_ctlcluster --skip-systemctl-redirect ${execSync('ls /etc/postgresql').toString().trim()} main restart`;
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const port = 4700 + Math.floor(Math.random() * 200);
const root = new URL('..', import.meta.url).pathname;

const name = `kora_restart_${Date.now().toString(36)}`;
const c = new pg.Client({ connectionString: admin });
await c.connect();
await c.query(`create database ${name}`);
await c.end();
const url = new URL(admin);
url.pathname = `/${name}`;

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kora-restart-')),
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_DOMAIN: 'kora.test',
    RATE_LIMIT_SCALE: '100000',
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = null;
server.on('exit', (code) => {
  exited = code;
});
for (let i = 0; i < 120; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 500));
}
const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', host: 'demo.kora.test' },
  body: JSON.stringify({ handle: 'demo', email: 'admin@demo.kora.sa', password: 'demo12345' }),
});
const { token } = await login.json();

const events = []; // [ms since start, ok]
const started = Date.now();
const instance = autocannon({
  url: `http://127.0.0.1:${port}/api/users?role=PLAYER`,
  connections: 50,
  duration: seconds,
  headers: { host: 'demo.kora.test', authorization: `Bearer ${token}` },
});
instance.on('response', (_client, status) => events.push([Date.now() - started, status === 200]));
instance.on('reqError', () => events.push([Date.now() - started, false]));
setTimeout(
  () => {
    console.log(`restarting PostgreSQL at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    execSync(restart);
    console.log(`PostgreSQL back at ${((Date.now() - started) / 1000).toFixed(1)} s`);
  },
  (seconds * 1000) / 2,
);
await instance;

let longest = 0;
let streakStart = null;
for (const [at, ok] of events.sort((a, b) => a[0] - b[0])) {
  if (!ok && streakStart === null) streakStart = at;
  if (ok && streakStart !== null) {
    longest = Math.max(longest, at - streakStart);
    streakStart = null;
  }
}
if (streakStart !== null) longest = Math.max(longest, events.at(-1)[0] - streakStart);
const errors = events.filter(([, ok]) => !ok).length;
const up =
  exited === null &&
  (await fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  ));
console.log(
  JSON.stringify({
    seconds,
    connections: 50,
    requests: events.length,
    errors,
    longestErrorStreakSeconds: longest / 1000,
    processStayedUp: up,
  }),
);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const d = new pg.Client({ connectionString: admin });
await d.connect();
await d.query(`drop database if exists ${name} with (force)`);
await d.end();
