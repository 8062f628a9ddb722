// The JavaScript budgets (docs/performance.md), counted in a fresh production build (scripts/bundle-size.mjs):
// the signed-in shell, and each screen's own chunks. A build, not a timing: it fails the same way on any machine.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations (also run by `npm run bench:web`)
import { BUDGET, bundleSizes, SCREENS } from '../scripts/bundle-size.mjs';

const root = join(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'kora-bundle-'));
let sizes: ReturnType<typeof bundleSizes>;

beforeAll(async () => {
  // Its own process: a production build, untouched by the test environment's mode and globals.
  const vite = join(createRequire(join(root, 'package.json')).resolve('vite/package.json'), '..', 'bin', 'vite.js');
  await promisify(execFile)(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  sizes = bundleSizes(outDir);
}, 300_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('JavaScript budgets (gzip)', () => {
  it('the signed-in shell (app entry, first catalog, layout) stays within its budget and leaves the heavy libraries out', () => {
    expect(sizes.shell.js).toBeLessThanOrEqual(BUDGET.shell);
    // Charts, phone metadata, forms, validation and date pickers load with the screens that use them.
    const heavy = sizes.shell.files.filter((f: string) =>
      /GrowthChart|phone-metadata|fields|PhoneField|PhoneInput|DatePicker|zod|useZodForm/.test(f),
    );
    expect(heavy).toEqual([]);
  });

  it('every signed-in screen has a chunk of its own, within the budget', () => {
    expect(Object.keys(sizes.screens).sort()).toEqual(Object.keys(SCREENS).sort());
    for (const [name, screen] of Object.entries(sizes.screens) as [string, { own: number; ownFiles: string[] }][]) {
      expect(screen.ownFiles.length, name).toBeGreaterThan(0);
      expect(screen.own, name).toBeLessThanOrEqual(BUDGET.screen);
    }
  });
});
