// `npm run bench` (README, "Benchmarks"): for each key call of the `bench` academy (300 players)
// among the N seeded by `npm run bench:seed`, on PostgreSQL and on PGlite, at 1, 10 and 50
// connections (autocannon): the endpoint's p50/p99/throughput beside, in the same run, its floor
// (the same data by one raw SQL statement through the same driver, bench/floor.ts) and its ceiling
// (a bare Fastify route answering the endpoint's bytes from memory), with the ratios and the SQL
// statements per request (for 300 players and for the 10 of `bench-small`). Prints a table per
// database and writes bench/results/<timestamp>-<db>.json.
//
// BENCH_SECONDS (5) per measure, BENCH_CONNECTIONS ("1,10,50"), BENCH_DB ("postgres,pglite"),
// BENCH_ENDPOINTS (all: players,teams,events,stats,subscriptions,growth,invoices,login),
// BENCH_ACCEPT_ENCODING (none: identity; e.g. "gzip" or "br" to measure compressed answers),
// BENCH_COMPARE_ACADEMIES ("10,1000": players list p50 on kora_bench_10 vs kora_bench_1000, seeded by
// `BENCH_COMPARE_ACADEMIES=10,1000 npm run bench:seed`), BENCH_SMOKE=1 (the 2-academy smoke databases, 1
// connection, no warm-up, one 1 s autocannon run then 10 requests per measure: a check that everything runs, in
// well under a minute; its numbers mean nothing; not part of CI).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const env = process.env;
const smoke = env.BENCH_SMOKE === '1' || env.BENCH_SMOKE === 'true';
const seconds = Number(env.BENCH_SECONDS || (smoke ? 1 : 5));
const connectionList = (smoke ? '1' : env.BENCH_CONNECTIONS || '1,10,50')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const databases = (env.BENCH_DB || 'postgres,pglite')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const only = env.BENCH_ENDPOINTS ? env.BENCH_ENDPOINTS.split(',').map((s) => s.trim()) : null;
const acceptEncoding = env.BENCH_ACCEPT_ENCODING || '';
// The server's list cache (LIST_CACHE_MB, default 64): 0 measures every list built by its statement.
const listCacheMb = env.LIST_CACHE_MB ?? '64';
const compare = smoke
  ? []
  : (env.BENCH_COMPARE_ACADEMIES || '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 2);
const root = new URL('..', import.meta.url).pathname;
const startedAt = new Date();

/** Starts bench/server.ts in a child process and resolves with its ready line. */
async function startServer(extraEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...env, ...extraEnv },
  });
  let exited = null;
  const info = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('{"ready"')) resolve(JSON.parse(line));
    });
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      reject(new Error(`bench server exited (code ${code}, signal ${signal})`));
    });
  });
  // A server gone mid-run is an error of the run, never a silent end.
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`bench server exited during the run (code ${code}, signal ${signal})`);
      process.exit(3);
    }
  });
  let stopping = false;
  const stop = () =>
    new Promise((resolve) => {
      stopping = true;
      if (exited || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGUSR2');
    });
  return { info, stop };
}

/** One request with node:http (no implicit Accept-Encoding): status, headers and the raw bytes. */
function request(port, { method, path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The request of an endpoint as a given account sends it (autocannon and the probes send the same). */
function callOf(endpoint, account) {
  const headers = { host: account.host };
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  if (endpoint.login) {
    headers['content-type'] = 'application/json';
    return {
      method: 'POST',
      path: endpoint.path,
      headers,
      body: JSON.stringify({ handle: account.handle, email: account.email, password: account.password }),
    };
  }
  if (endpoint.public) return { method: endpoint.method, path: endpoint.path, headers };
  return { method: endpoint.method, path: endpoint.path, headers: { ...headers, authorization: `Bearer ${account.token}` } };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);
const round = (n, digits = 2) => (n === null || !Number.isFinite(n) ? null : Number(n.toFixed(digits)));

/**
 * Loads one URL for `seconds` at `connections` with autocannon. Latencies are taken from every 2xx
 * answer at microsecond resolution (autocannon's own histogram counts whole milliseconds).
 */
async function load(port, call, connections, duration = seconds) {
  const latencies = [];
  const run = autocannon({
    url: `http://127.0.0.1:${port}${call.path}`,
    method: call.method,
    headers: call.headers,
    body: call.body,
    connections,
    duration,
    // PGlite serves one statement at a time: at 50 connections a slow list can queue for seconds.
    timeout: 60,
  });
  run.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  return {
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    rps: round(latencies.length / (result.duration || duration), 1),
    requests: latencies.length,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The smoke run's stand-in for autocannon (which takes a second at least, whatever it is asked):
 * `count` requests one after another, measured the same way. Only the first measure of a smoke run
 * goes through autocannon.
 */
async function loadSequential(port, call, count = 10) {
  const latencies = [];
  let failures = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await request(port, call);
    if (res.status >= 200 && res.status < 300) latencies.push(performance.now() - t);
    else failures++;
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    rps: round(latencies.length / elapsed, 1),
    requests: latencies.length,
    failures,
  };
}

let autocannonUsed = false;
/** A measure: autocannon, or in a smoke run a few sequential requests (after one autocannon run). */
function measure(port, call, connections) {
  if (smoke && autocannonUsed) return loadSequential(port, call);
  autocannonUsed = true;
  return load(port, call, connections);
}

/**
 * Waits until the server has finished what the previous measure left behind (requests autocannon
 * stopped waiting for still run): two `/__idle` probes in a row answered within 25 ms, at most 60 s.
 */
async function settle(info) {
  const started = performance.now();
  let fast = 0;
  while (fast < 2 && performance.now() - started < 60_000) {
    const t = performance.now();
    await request(info.ceilingPort, { method: 'GET', path: '/__idle' });
    fast = performance.now() - t < 25 ? fast + 1 : 0;
    if (fast < 2) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (fast < 2) process.stderr.write('  (server still busy after 60 s; measuring anyway)\n');
}

/** A short warm-up (JIT, connection pool, caches) before the first measure of a target (none in a smoke run). */
const warm = (port, call) => (smoke ? null : load(port, call, 4, 1));

/** A measure not taken (the floor of /healthz). */
const NO_MEASURE = { p50: null, p99: null, rps: null, requests: 0, failures: 0 };

const ratio = (a, b) => (a === null || b === null || b === 0 ? null : round(a / b));

async function benchDatabase(db) {
  const loadBefore = loadavg();
  const { info, stop } = await startServer({ BENCH_TARGET: db });
  const where = `${info.database} (${info.databaseName}: ${info.academies} academies, data of ${info.seededDay})`;
  const how = `${smoke ? 'smoke run: 10 requests per measure, numbers meaningless' : `${seconds} s per measure`}, list cache ${listCacheMb === '0' ? 'off' : `${listCacheMb} MB`}`;
  console.log(`\n== ${where}; ${how}, connections ${connectionList.join('/')} ==`);
  const rows = [];
  try {
    for (const endpoint of info.endpoints) {
      if (only && !only.includes(endpoint.key)) continue;
      const call = callOf(endpoint, info.accounts.bench);
      const probe = await request(info.appPort, call);
      if (probe.status < 200 || probe.status >= 300) {
        throw new Error(`${endpoint.label} answered ${probe.status}: ${probe.body.toString().slice(0, 300)}`);
      }
      // Statements of a second request each (a session's first request in a minute also touches it).
      const sqlOf = async (account) => {
        await request(info.appPort, callOf(endpoint, account));
        const again = await request(info.appPort, callOf(endpoint, account));
        return Number(again.headers['x-sql-statements'] ?? Number.NaN);
      };
      const sqlStatements = await sqlOf(info.accounts.bench);
      const sqlStatementsSmall = await sqlOf(info.accounts.small);
      const replay = {};
      for (const h of ['content-type', 'content-encoding', 'vary', 'etag', 'cache-control'])
        if (probe.headers[h]) replay[h] = probe.headers[h];
      await request(info.ceilingPort, {
        method: 'PUT',
        path: `/__body/${endpoint.key}`,
        headers: { 'content-type': 'application/octet-stream', 'x-replay-headers': JSON.stringify(replay) },
        body: probe.body,
      });
      // /healthz reads no data: it has a ceiling (bare Fastify, same bytes) and no floor.
      const hasFloor = !endpoint.public;
      const floorCall = { ...call, path: `/floor/${endpoint.key}` };
      const ceilingCall = { ...call, path: `/c/${endpoint.key}` };
      const floorProbe = hasFloor ? await request(info.floorPort, floorCall) : { status: 200, body: Buffer.alloc(0) };
      if (floorProbe.status !== 200) throw new Error(`floor of ${endpoint.key} answered ${floorProbe.status}: ${floorProbe.body}`);
      await warm(info.appPort, call);
      if (hasFloor) await warm(info.floorPort, floorCall);
      await warm(info.ceilingPort, ceilingCall);
      for (const connections of connectionList) {
        await settle(info);
        const measured = await measure(info.appPort, call, connections);
        await settle(info);
        const floor = hasFloor ? await measure(info.floorPort, floorCall, connections) : NO_MEASURE;
        await settle(info);
        const ceiling = await measure(info.ceilingPort, ceilingCall, connections);
        const healthz = rows.find((r) => r.key === 'healthz' && r.connections === connections);
        const row = {
          endpoint: endpoint.label,
          key: endpoint.key,
          connections,
          bytes: probe.body.length,
          encoding: probe.headers['content-encoding'] ?? 'identity',
          sqlStatements,
          sqlStatementsSmall,
          endpointResult: measured,
          floor: { ...floor, bytes: floorProbe.body.length },
          ceiling,
          ratios: {
            p50OverFloorP50: ratio(measured.p50, floor.p50),
            rpsOverCeilingRps: ratio(measured.rps, ceiling.rps),
            p99OverCeilingP99: ratio(measured.p99, ceiling.p99),
            rpsOverHealthzRps: healthz ? ratio(measured.rps, healthz.endpointResult.rps) : null,
          },
        };
        rows.push(row);
        const failures = measured.failures + floor.failures + ceiling.failures;
        process.stderr.write(
          `  ${endpoint.key} @${connections}: p50 ${measured.p50} ms, ${measured.rps} req/s (floor p50 ${floor.p50}, ceiling ${ceiling.rps} req/s)${failures ? `, ${failures} failures` : ''}\n`,
        );
      }
    }
  } finally {
    await stop();
  }
  printTable(rows);
  const loads = (l) => l.map((n) => n.toFixed(2)).join(' ');
  console.log(
    `load average before the run: ${loads(loadBefore)}, after: ${loads(loadavg())} (${cpus().length} cores; the machine may be shared)`,
  );
  const previous = previousRun(info.database);
  const file = writeResults(info.database, {
    where,
    info: { ...info, accounts: undefined },
    rows,
    loadAverage: loadavg(),
    loadAverageBefore: loadBefore,
  });
  console.log(`results: ${file}`);
  if (previous) printComparison(previous, rows);
  return rows;
}

function printTable(rows) {
  const fmt = (n) => (n === null || n === undefined || Number.isNaN(n) ? '–' : String(n));
  const table = rows.map((r) => ({
    endpoint: r.endpoint,
    conns: r.connections,
    'p50 ms': fmt(r.endpointResult.p50),
    'p99 ms': fmt(r.endpointResult.p99),
    'req/s': fmt(r.endpointResult.rps),
    'floor p50': fmt(r.floor.p50),
    'ceil req/s': fmt(r.ceiling.rps),
    'ceil p99': fmt(r.ceiling.p99),
    'p50÷floor': fmt(r.ratios.p50OverFloorP50),
    'req/s÷ceil': fmt(r.ratios.rpsOverCeilingRps),
    'p99÷ceil': fmt(r.ratios.p99OverCeilingP99),
    'req/s÷healthz': fmt(r.ratios.rpsOverHealthzRps),
    'SQL 300/10': `${fmt(r.sqlStatements)}/${fmt(r.sqlStatementsSmall)}`,
    KB: (r.bytes / 1024).toFixed(1),
    fail: r.endpointResult.failures + r.floor.failures + r.ceiling.failures,
  }));
  printMarkdown(table);
}

/** The variant of this run in its results file's name (list cache off, an encoding, a smoke run). */
const variantOf = () => `${listCacheMb === '0' ? '-uncached' : ''}${acceptEncoding ? `-${acceptEncoding}` : ''}${smoke ? '-smoke' : ''}`;
const resultsDir = () => (smoke ? `${tmpdir()}/kora-bench-results/` : new URL('results/', import.meta.url).pathname);

/** The last run kept in bench/results for the same database and variant (null when there is none). */
function previousRun(name) {
  const dir = resultsDir();
  if (!existsSync(dir)) return null;
  const suffix = `-${name}${variantOf()}.json`;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(suffix) && /^\d{4}-/.test(f))
    .sort();
  const last = files.at(-1);
  return last ? { file: last, ...JSON.parse(readFileSync(`${dir}${last}`, 'utf8')) } : null;
}

/** This run's figures beside the last run's, endpoint by endpoint and connections by connections. */
function printComparison(previous, rows) {
  const fmt = (n) => (n === null || n === undefined || Number.isNaN(n) ? '–' : String(n));
  const loads = (l) => (l ? l.map((n) => n.toFixed(2)).join(' ') : '–');
  console.log(
    `\n== beside the last run: ${previous.file} (load average then ${loads(previous.loadAverageBefore)} → ${loads(previous.loadAverage)}) ==`,
  );
  const table = rows.map((r) => {
    const was = (previous.rows ?? []).find((p) => p.key === r.key && p.connections === r.connections);
    return {
      endpoint: r.endpoint,
      conns: r.connections,
      'req/s then → now': `${fmt(was?.endpointResult.rps)} → ${fmt(r.endpointResult.rps)}`,
      'p50 ms then → now': `${fmt(was?.endpointResult.p50)} → ${fmt(r.endpointResult.p50)}`,
      'p99 ms then → now': `${fmt(was?.endpointResult.p99)} → ${fmt(r.endpointResult.p99)}`,
      'req/s÷ceil then → now': `${fmt(was?.ratios.rpsOverCeilingRps)} → ${fmt(r.ratios.rpsOverCeilingRps)}`,
      'p99÷ceil then → now': `${fmt(was?.ratios.p99OverCeilingP99)} → ${fmt(r.ratios.p99OverCeilingP99)}`,
      'req/s÷healthz then → now': `${fmt(was?.ratios.rpsOverHealthzRps)} → ${fmt(r.ratios.rpsOverHealthzRps)}`,
      'SQL then → now': `${fmt(was?.sqlStatements)} → ${fmt(r.sqlStatements)}`,
    };
  });
  printMarkdown(table);
}

/** A Markdown table: readable in a terminal and pasted as it is into an issue. */
function printMarkdown(table) {
  const columns = Object.keys(table[0] ?? {});
  const widths = columns.map((c) => Math.max(c.length, ...table.map((t) => String(t[c]).length)));
  const line = (cells) => `| ${cells.map((c, i) => (i < 1 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w, i) => (i < 1 ? `${'-'.repeat(w + 2)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const t of table) console.log(line(columns.map((c) => t[c])));
}

function writeResults(name, data) {
  // A smoke run's numbers mean nothing: they go to the temporary directory, not beside real runs.
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:]/g, '-').replace(/\..+/, '');
  const variant = variantOf();
  const file = `${dir}${stamp}-${name}${variant}.json`;
  const settings = {
    seconds,
    connections: connectionList,
    acceptEncoding: acceptEncoding || 'identity',
    listCacheMb: Number(listCacheMb),
    smoke,
  };
  writeFileSync(file, `${JSON.stringify({ startedAt, cores: cpus().length, node: process.version, settings, ...data }, null, 1)}\n`);
  return file.startsWith(root) ? file.slice(root.length) : file;
}

/** Players list p50 with 10 vs 1000 academies (or the counts asked) in the database: same academy, same data. */
async function compareAcademies() {
  const base = new URL(env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kora_bench');
  const results = [];
  for (const academies of compare) {
    const url = new URL(base);
    url.pathname = `${base.pathname}_${academies}`;
    const { info, stop } = await startServer({ BENCH_TARGET: 'postgres', BENCH_DATABASE_URL: url.toString() });
    try {
      const endpoint = info.endpoints.find((e) => e.key === 'players');
      const call = callOf(endpoint, info.accounts.bench);
      await warm(info.appPort, call);
      for (const connections of [1, 10]) {
        await settle(info);
        const measured = await load(info.appPort, call, connections);
        results.push({ academies: info.academies, database: info.databaseName, connections, ...measured });
      }
    } finally {
      await stop();
    }
  }
  console.log(`\n== players list with ${compare.join(' vs ')} academies (PostgreSQL) ==`);
  console.table(results.map((r) => ({ academies: r.academies, conns: r.connections, 'p50 ms': r.p50, 'p99 ms': r.p99, 'req/s': r.rps })));
  const first = compare[0];
  const last = compare[compare.length - 1];
  for (const connections of [1, 10]) {
    const a = results.find((r) => r.academies === first && r.connections === connections);
    const b = results.find((r) => r.academies === last && r.connections === connections);
    if (a && b) console.log(`p50 with ${last} ÷ with ${first} academies, ${connections} connection(s): ${ratio(b.p50, a.p50)}`);
  }
  console.log(`results: ${writeResults('compare', { rows: results, loadAverage: loadavg() })}`);
}

const all = [];
for (const db of databases) all.push(...(await benchDatabase(db)));
if (compare.length > 1) await compareAcademies();
const failed = all.some((r) => r.endpointResult.failures + r.floor.failures + r.ceiling.failures > 0);
process.exit(failed ? 1 : 0);
