// Starts the production build for the journeys, and stops it afterwards: one server per journey worker
// (vitest.config.ts runs two files at once), each on a free port with a fresh embedded database of its own
// (demo academy included), so files running side by side never see each other's data.
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

/** A server's log (each request, warnings and errors): a failed journey prints its end (browser.ts). */
export const serverLog = (worker: number) => new URL(`./artifacts/server-${worker}.log`, import.meta.url).pathname;

/** Starts one server; answers its port once the demo academy is there, and how to stop it. */
async function startServer(worker: number) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kora-e2e-'));
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', openSync(serverLog(worker), 'w'), 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN: `localhost:${port}`,
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: '1000',
      PASSWORD_HASH_COST: 'test',
      EXPOSE_OUTBOX: 'true',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The demo academy is seeded at the first start: on a loaded 2-core machine that can take more than a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/academies/check/demo`);
      if ((await res.json()).exists) break;
    } catch {}
    if (Date.now() > deadline) {
      stop();
      throw new Error('Kora did not start within 180 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { port, stop };
}

export default async function setup(project: TestProject) {
  mkdirSync(new URL('./artifacts/', import.meta.url).pathname, { recursive: true });
  const workers = Math.max(1, project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? 1);
  const started = await Promise.allSettled(Array.from({ length: workers }, (_, i) => startServer(i + 1)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = () => {
    for (const s of servers) s.stop();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    stopAll();
    throw failed.reason;
  }
  project.provide(
    'ports',
    servers.map((s) => s.port),
  );
  return stopAll;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The journey servers' ports, by worker (VITEST_POOL_ID 1 is the first). */
    ports: number[];
  }
}
