// Starts the production build on a free port with a fresh embedded database (demo academy
// included) for the journeys, and stops it afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = new URL('..', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The server's log (warnings and errors): a failed journey prints its end (browser.ts). */
export const serverLog = new URL('./artifacts/server.log', import.meta.url).pathname;

let server: ChildProcess | undefined;
let dataDir = '';

export default async function setup(project: TestProject) {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'kora-e2e-'));
  mkdirSync(new URL('./artifacts/', import.meta.url).pathname, { recursive: true });
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', openSync(serverLog, 'w'), 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN: `localhost:${port}`,
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: '1000',
      PASSWORD_HASH_COST: 'test',
      EXPOSE_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  // The demo academy is seeded at the first start: on a loaded 2-core machine that can take more than a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/academies/check/demo`);
      if ((await res.json()).exists) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('Kora did not start within 180 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('port', port);
  return () => {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
  }
}
