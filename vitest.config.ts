import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

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
      ...(existsSync('./apps/web/vitest.config.ts') ? ['./apps/web/vitest.config.ts'] : []),
    ],
  },
});
