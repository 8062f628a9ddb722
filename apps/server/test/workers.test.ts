import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm start` with this environment; it refuses before building or starting anything. */
const start = (env: Record<string, string>) => {
  const { DATABASE_URL: _, ...rest } = process.env;
  return spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...rest, ...env }, encoding: 'utf8', timeout: 10_000 });
};

describe('WEB_CONCURRENCY (npm start)', () => {
  it('refuses several processes on the embedded database, which opens in one process only', () => {
    const run = start({ WEB_CONCURRENCY: '2' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('WEB_CONCURRENCY=2 needs DATABASE_URL');
  });

  it('refuses a value that is not a number of processes', () => {
    for (const value of ['two', '0', '-1', '1.5']) {
      const run = start({ WEB_CONCURRENCY: value, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      expect(run.status, value).toBe(1);
      expect(run.stderr, value).toContain('WEB_CONCURRENCY must be a whole number');
    }
  });
});
