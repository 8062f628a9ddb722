// `npm start`: builds what is missing (web, then server), then runs the production server:
// one process, or WEB_CONCURRENCY worker processes (node:cluster) sharing the port and nothing but the database.
import { execSync, spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const env = { NODE_ENV: 'production', ...process.env };

const setting = process.env.WEB_CONCURRENCY?.trim() || '1';
const workers = Number(setting);
if (!/^\d+$/.test(setting) || workers < 1 || workers > 64) {
  console.error(`WEB_CONCURRENCY must be a whole number of processes from 1 to 64 (got "${setting}").`);
  process.exit(1);
}
if (workers > 1 && !process.env.DATABASE_URL) {
  console.error(
    `WEB_CONCURRENCY=${workers} needs DATABASE_URL: the embedded database (PGlite, in DATA_DIR) can be open in one process only. ` +
      'Set DATABASE_URL to a PostgreSQL database to run several processes, or leave WEB_CONCURRENCY at 1.',
  );
  process.exit(1);
}

if (!existsSync(`${root}apps/web/dist/index.html`)) run('npm run build -w @kora/web');
if (!existsSync(`${root}apps/server/dist/main.js`)) run('npm run build -w @kora/server');

if (workers === 1) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  // Workers accept connections on the one port in turn. The first one starts alone (it migrates the
  // database and may seed the demo academy), the others once it listens. A worker that dies is replaced.
  process.chdir(root);
  cluster.setupPrimary({ exec: 'apps/server/dist/main.js' });
  let stopping = false;
  let ready = false;
  const fork = () => cluster.fork(env);
  const first = fork();
  first.once('listening', () => {
    ready = true;
    for (let i = 1; i < workers; i++) fork();
    console.log(`Kora: ${workers} worker processes (WEB_CONCURRENCY) on one port`);
  });
  // The first worker could not start (bad configuration, database unreachable): neither would the others.
  first.once('exit', (code) => {
    if (!ready && !stopping) process.exit(code || 1);
  });
  cluster.on('exit', (worker, code, signal) => {
    // Each worker drains its requests and closes its pool on the signal; the primary ends with the last one.
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!ready) return;
    console.error(`Kora worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(() => stopping || fork(), 1000);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
}
