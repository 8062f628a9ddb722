import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../test/harness.js';
import { loadConfig, startupRefusals } from './config.js';

// Production is PUBLIC_PROTOCOL=https.
const production = { PUBLIC_PROTOCOL: 'https', BASE_DOMAIN: 'kora.sa' };
const paytabs = { PAYTABS_PROFILE_ID: '1', PAYTABS_SERVER_KEY: 'key' };
const smtp = { SMTP_URL: 'smtp://mail.kora.sa' };

describe('production settings', () => {
  it('refuse the sandbox provider, a missing SMTP_URL and the public outbox unless chosen on purpose', () => {
    const refusals = startupRefusals(loadConfig(production));
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toContain('PAYMENTS_SANDBOX=1');
    expect(refusals[1]).toContain('SMTP_URL');
    expect(startupRefusals(loadConfig({ ...production, ...paytabs, ...smtp }))).toEqual([]);
    expect(startupRefusals(loadConfig({ ...production, ...smtp, PAYMENTS_SANDBOX: '1' }))).toEqual([]);
    expect(startupRefusals(loadConfig({ ...production, ...paytabs, ...smtp, EXPOSE_OUTBOX: 'true' }))[0]).toContain('EXPOSE_OUTBOX');
    // The suites' cheap argon2 never hashes real passwords.
    expect(startupRefusals(loadConfig({ ...production, ...paytabs, ...smtp, PASSWORD_HASH_COST: 'test' }))[0]).toContain(
      'PASSWORD_HASH_COST',
    );
    // A moved clock (for trying renewals) is refused where the site is served over HTTPS, allowed elsewhere.
    expect(startupRefusals(loadConfig({ ...production, ...paytabs, ...smtp, CLOCK_OFFSET_DAYS: '30' }))).toEqual([
      'CLOCK_OFFSET_DAYS moves the clock for trying renewals and retries: never with PUBLIC_PROTOCOL=https.',
    ]);
    expect(startupRefusals(loadConfig({ CLOCK_OFFSET_DAYS: '30' }))).toEqual([]);
    expect(loadConfig({ CLOCK_OFFSET_DAYS: '30' }).clockOffsetDays).toBe(30);
    expect(() => loadConfig({ CLOCK_OFFSET_DAYS: '1.5' })).toThrow();
    expect(loadConfig({}).collectionsEveryMs).toBe(60_000);
    expect(loadConfig({ ...production, ...paytabs, ...smtp }).collectionsEveryMs).toBe(3_600_000);
    // `npm start` sets NODE_ENV=production for a local run: that alone is not production.
    expect(startupRefusals(loadConfig({ NODE_ENV: 'production' }))).toEqual([]);
  });

  it('seed the demo academy only when asked to (SEED_DEMO=always); a local run seeds it by default', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'always' }).seedDemo).toBe(true);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'never' }).seedDemo).toBe(false);
  });

  it('refuse WhatsApp or Web Push configured without their secrets; none of them is the development outbox', () => {
    const whatsapp = { WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_APP_SECRET: 's', WHATSAPP_VERIFY_TOKEN: 'v' };
    expect(loadConfig({}).whatsapp).toEqual({ provider: 'outbox' });
    expect(loadConfig(whatsapp).whatsapp).toMatchObject({ provider: 'cloud', apiBase: 'https://graph.facebook.com', apiVersion: 'v21.0' });
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_APP_SECRET: '' })).toThrow(/without WHATSAPP_APP_SECRET/);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 't' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN/);
    expect(loadConfig({}).vapid).toBeNull();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'BP' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'BP', VAPID_PRIVATE_KEY: 'k', VAPID_SUBJECT: 'ops@kora.sa' })).toThrow(/mailto:/);
    expect(loadConfig({ VAPID_PUBLIC_KEY: 'BP', VAPID_PRIVATE_KEY: 'k', VAPID_SUBJECT: 'mailto:ops@kora.sa' }).vapid).toEqual({
      publicKey: 'BP',
      privateKey: 'k',
      subject: 'mailto:ops@kora.sa',
    });
  });

  it('take BASE_DOMAIN as a host name with an optional port, by default localhost on PORT', () => {
    expect(loadConfig({ PORT: '4100' }).baseDomain).toBe('localhost:4100');
    expect(loadConfig({ BASE_DOMAIN: 'Kora.SA' }).baseDomain).toBe('kora.sa');
    expect(() => loadConfig({ BASE_DOMAIN: 'kora.sa/app' })).toThrow(/BASE_DOMAIN/);
  });
});

/** Runs src/main.ts as `npm start` would, on a fresh data directory; answers its output once it listens or exits. */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});
function start(env: Record<string, string>, dataDir: string) {
  const port = 43000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PASSWORD_HASH_COST: '',
      // No built web app: `npm test` builds it beside this suite, and these starts are about the server alone.
      WEB_DIST: join(dataDir, 'no-web-build'),
      ...env,
    },
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const up = async () => {
    for (let i = 0; i < 600 && !output.includes('Kora is up'); i++) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return output;
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    return output;
  };
  const demoExists = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/academies/check/demo`, {
      headers: { host: env.BASE_DOMAIN ?? `localhost:${port}` },
    });
    return (await res.json()).exists as boolean;
  };
  return { exited, up, stop, demoExists, output: () => output };
}

describe.skipIf(process.env.TEST_DATABASE_URL)('the server start', () => {
  it('refuses production with the sandbox provider before opening any database', async () => {
    const server = start({ ...production, ...smtp }, mkdtempSync(join(tmpdir(), 'kora-config-')));
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
    expect(code, server.output()).toBe(1);
    expect(server.output()).toContain('PAYMENTS_SANDBOX=1');
  });

  it('never seeds the demo in production, and never prints the demo password on a start that does not create the demo', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kora-config-'));
    await migratedDataDir(dataDir);
    const prod = start({ ...production, ...smtp, PAYMENTS_SANDBOX: '1' }, dataDir);
    await prod.up();
    expect(await prod.demoExists()).toBe(false);
    expect(await prod.stop()).not.toContain('demo12345');
    // A later local start that seeds nothing prints no password either (the password is printed with the demo's creation only).
    const local = start({ PUBLIC_PROTOCOL: 'http', SEED_DEMO: 'never' }, dataDir);
    await local.up();
    expect(await local.stop()).not.toContain('demo12345');
  }, 90_000);
});
