import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // Two files at once, each on its own server and database (global-setup.ts): one journey mostly waits on
    // the browser or the server in turn, so two keep both cores of a small machine busy.
    maxWorkers: 2,
    // They run beside the server and web suites (scripts/test.mjs): a journey that takes 40 s alone may take twice that.
    testTimeout: 120_000,
    hookTimeout: 90_000,
    // What a user would wait for on a loaded machine: a screen's rows after its navigation (the default is 1 s).
    expect: { poll: { timeout: 20_000 } },
  },
});
