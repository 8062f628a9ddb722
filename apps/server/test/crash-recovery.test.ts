import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart, parentInfo, playerInfo } from './fixtures.js';
import { migratedDataDir } from './harness.js';

/**
 * The embedded database on disk survives a crash: a real server process is killed with SIGKILL in
 * the middle of a burst of player creations and started again on the same data directory; every
 * player whose creation was acknowledged (201) is there. (PostgreSQL's durability is its own.)
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const BASE = 'kora.test';

interface Answer {
  status: number;
  body: string;
}
function call(
  port: number,
  host: string,
  method: string,
  path: string,
  body?: { payload: Buffer | string; headers: Record<string, string> },
  token?: string,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method,
        path,
        headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}), ...body?.headers },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => {
          data += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body?.payload);
  });
}
const json = (value: unknown) => ({ payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_DOMAIN: BASE,
      SEED_DEMO: 'never',
      // No built web app: `npm test` builds it beside this suite, and a crash of the server is about its data alone.
      WEB_DIST: join(dataDir, 'no-web-build'),
      RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: process.env.CRASH_DEBUG ? 'inherit' : 'ignore',
  });
  return child;
}
async function ready(port: number, child: ChildProcess) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await call(port, BASE, 'GET', '/readyz')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

describe.skipIf(process.env.TEST_DATABASE_URL)('a crash of the embedded database', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('keeps every acknowledged player after a SIGKILL in the middle of a burst of creations', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-crash-'));
    await migratedDataDir(dataDir);
    const port = 41000 + Math.floor(Math.random() * 2000);
    const first = startServer(dataDir, port);
    children.push(first);
    await ready(port, first);

    const handle = `crash${Date.now().toString(36)}`;
    const host = `${handle}.${BASE}`;
    const email = `owner@${handle}.sa`;
    const reg = await call(
      port,
      BASE,
      'POST',
      '/api/auth/register/academy',
      json({ academyName: 'Crash FC', handle, email, phone: '+966501234567', password: 'owner-pass-1' }),
    );
    expect(reg.status).toBe(201);
    const login = await call(port, host, 'POST', '/api/auth/login', json({ handle, email, password: 'owner-pass-1' }));
    const { token } = JSON.parse(login.body);

    const acknowledged: string[] = [];
    let stop = false;
    const createPlayers = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        const body = multipart({
          parentInfo: JSON.stringify(parentInfo),
          playerInfo: JSON.stringify(playerInfo({ name: `Crash ${worker}-${i}` })),
        });
        try {
          const res = await call(port, host, 'POST', '/api/users/parent-player', body, token);
          if (res.status === 201) acknowledged.push(JSON.parse(res.body).player.id);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const burst = Promise.all([createPlayers(1), createPlayers(2), createPlayers(3)]);
    // Bounded: if the writers stall (they stop on their own error), fail instead of waiting for ever.
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < 15 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(acknowledged.length, 'acknowledged writes before the kill').toBeGreaterThanOrEqual(15);
    first.kill('SIGKILL');
    stop = true;
    await burst;
    await new Promise((r) => first.once('exit', r));

    const second = startServer(dataDir, port);
    children.push(second);
    await ready(port, second);
    const again = await call(port, host, 'POST', '/api/auth/login', json({ handle, email, password: 'owner-pass-1' }));
    const players = await call(port, host, 'GET', '/api/users?role=PLAYER', undefined, JSON.parse(again.body).token);
    expect(players.status).toBe(200);
    const ids = new Set((JSON.parse(players.body) as { id: string }[]).map((p) => p.id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));
  }, 240_000);
});
