import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

const web = './apps/web/vitest.config.ts';

/**
 * The web test files that replace a module (`vi.mock`): a replaced module would stay replaced for the files after
 * them in a shared module graph, so these keep a graph of their own; every other web file shares one per worker.
 */
function webFilesThatMock(): string[] {
  const src = './apps/web/src';
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(join(src, file), 'utf8').includes('vi.mock('))
    .map((file) => relative('./apps/web', join(src, file)));
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // Cheap argon2 for the hundreds of accounts the suite creates (lib/passwords.ts); production refuses it.
          env: { PASSWORD_HASH_COST: 'test' },
          // Files share a worker's loaded modules (each builds its own app, database and clock): importing
          // the server once per worker instead of once per file saves most of the suite's import time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      ...(existsSync(web)
        ? [
            // Each file keeps its own module graph: sharing one per worker (isolate: false) saved two thirds of the
            // suite's CPU but made two files depend on the order they ran in (a phone input, the shell's top bar).
            { extends: web, test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: webFilesThatMock() } },
            { extends: web, test: { name: 'web-mocks', include: webFilesThatMock() } },
          ]
        : []),
    ],
  },
});
