// The production build as the browser benchmarks serve it (bench/web.mjs, bench/phone-lists.mjs): what is
// missing is built first, then the server starts on a free port with the embedded database and answers once
// its academy exists.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Builds the web app into `webDist` and the server when missing, or both with `build` (a `server` of another build needs none). */
export function buildIfMissing({ webDist, build = false, server }) {
  const run = (cmd, env = {}) => execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (build || !existsSync(join(webDist, 'index.html'))) run('npm run build -w @kora/web', { WEB_DIST: webDist });
  if (!server && (build || !existsSync(join(root, 'apps/server/dist/main.js')))) run('npm run build -w @kora/server');
}

export const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

/**
 * Starts `server` (default apps/server/dist/main.js; another build's main.js serves the web build beside it)
 * on PGlite in `dataDir`, serving `webDist`, and waits up to 90 s until `/api/academies/check/<handle>` says
 * the academy exists. `env` adds to the server's environment.
 */
export async function startProductionServer({ server, webDist, dataDir, handle, env = {}, notReady = '' }) {
  const port = await freePort();
  const child = spawn(process.execPath, [server ?? 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN: `localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      ...env,
    },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/academies/check/${handle}`);
      if ((await res.json()).exists) break;
    } catch {}
    if (child.exitCode !== null) throw new Error('the server stopped while starting');
    if (Date.now() > deadline) throw new Error(`the server did not start within 90 s${notReady}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, child };
}
