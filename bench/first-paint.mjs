// `npm run bench:first-paint`: how long the server takes to answer a signed-in screen's document (the frame, the
// session and the screen's first answers: apps/server/src/web/app-document.ts) beside the screen's own API call,
// on the production build with the demo academy (embedded database), at 1 and 10 connections (autocannon,
// brotli accepted as browsers do). Target (docs/performance.md, "First paint from the server"): the document
// within 2× the API call. FIRST_PAINT_SECONDS (5) per measure.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { buildIfMissing, startProductionServer } from './production-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const seconds = Number(process.env.FIRST_PAINT_SECONDS || 5);
const webDist = resolve(root, 'apps/web/dist');
buildIfMissing({ webDist });

/** The screens whose documents carry their first answers (contracts FIRST_PAINT); the coach's My Trainings aside. */
const SCREENS = [
  { name: 'players', path: '/players' },
  { name: 'subscriptions', path: '/settings' },
  { name: 'schedule', path: '/schedule' },
  { name: 'dashboard', path: '/' },
];

const dataDir = mkdtempSync(join(tmpdir(), 'kora-bench-first-paint-'));
// The rate limits would answer a benchmark's thousands of requests 429: scaled out of the way, as in the journeys.
const { port, child } = await startProductionServer({ webDist, dataDir, handle: 'demo', env: { RATE_LIMIT_SCALE: '1000' } });
const host = `demo.localhost:${port}`;
try {
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'demo', email: 'admin@demo.kora.sa', password: 'demo12345' }),
  });
  const { token } = await login.json();
  const headers = { host, cookie: `kora_session=${token}`, 'accept-encoding': 'br', 'x-kora-request': '1' };

  const measure = (path, extra, connections) =>
    new Promise((done, fail) =>
      autocannon({ url: `http://127.0.0.1:${port}${path}`, connections, duration: seconds, headers: { ...headers, ...extra } }, (err, r) =>
        err ? fail(err) : done(r),
      ),
    );
  // node:http, not fetch: fetch leaves a Host header out.
  const check = (path, extra) =>
    new Promise((done, fail) => {
      const { 'accept-encoding': _, ...plain } = headers;
      http
        .get({ host: '127.0.0.1', port, path, headers: { ...plain, ...extra } }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => (res.statusCode === 200 ? done(body) : fail(new Error(`${path}: ${res.statusCode}`))));
        })
        .on('error', fail);
    });

  console.log(`\nSigned-in documents beside their API calls — ${seconds} s each, brotli, PGlite, the demo academy`);
  // The screen's API call: the slowest of the calls its document carries (each measured alone).
  console.log('screen         conn  document p50 / p99 (req/s)     API call p50 / p99 (req/s)     ratio p50  (API call)');
  const rows = [];
  for (const screen of SCREENS) {
    const doc = await check(screen.path, { 'sec-fetch-dest': 'document' });
    const boot = /<script type="application\/json" id="kora-boot">([^<]*)<\/script>/.exec(doc)?.[1];
    if (!boot) throw new Error(`${screen.path}: the document carries no boot data`);
    const calls = Object.keys(JSON.parse(boot).answers);
    if (calls.length === 0) throw new Error(`${screen.path}: the document carries no answer`);
    for (const connections of [1, 10]) {
      // Warm-up, then the measure.
      await measure(screen.path, { 'sec-fetch-dest': 'document' }, connections);
      const d = await measure(screen.path, { 'sec-fetch-dest': 'document' }, connections);
      const apis = [];
      for (const url of calls) apis.push({ url, r: await measure(url, {}, connections) });
      const { url, r: a } = apis.sort((x, y) => y.r.latency.p50 - x.r.latency.p50)[0];
      const ratio = d.latency.p50 / Math.max(a.latency.p50, 0.5);
      rows.push({ screen: screen.name, connections, document: d.latency, api: a.latency, url, ratio });
      const cell = (r) => `${r.latency.p50} / ${r.latency.p99} ms (${Math.round(r.requests.average)})`.padEnd(31);
      console.log(`${screen.name.padEnd(15)}${String(connections).padEnd(6)}${cell(d)}${cell(a)}${ratio.toFixed(2).padEnd(11)}${url}`);
    }
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, `bench/results/first-paint-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), seconds, rows }, null, 2));
  console.log(`\nwritten: ${file}`);
} finally {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
