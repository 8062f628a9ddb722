// `npm run test:e2e [-- file filters]`: builds web and server (a few seconds; never a stale build), then runs the journeys in Chromium.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `The journeys drive Chromium at ${chromium}: install it (apt-get install chromium), set CHROMIUM_PATH, or run SKIP_E2E=1 npm test.`,
  );
  process.exit(1);
}
const sh = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
// `npm test` builds them itself beside the server suite and says so (E2E_BUILT=1), in the same run.
if (process.env.E2E_BUILT !== '1') {
  sh('npm run build -w @kora/web');
  sh('npm run build -w @kora/server');
}
// `npm run test:e2e -- access` runs the journeys of the files whose names match.
const res = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
