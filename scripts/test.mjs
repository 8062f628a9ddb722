// `npm test`: every test. Unit and API tests on embedded PGlite; the server suite again on
// PostgreSQL when TEST_DATABASE_URL is set; then the end-to-end journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const steps = [['unit and API tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }]];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {}]);
}
if (existsSync(`${root}e2e/run.mjs`) && process.env.SKIP_E2E !== '1')
  steps.push(['end-to-end journeys (Chromium)', 'node', ['e2e/run.mjs'], {}]);

for (const [name, cmd, args, env] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${name}: ${res.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (res.status !== 0) process.exit(res.status ?? 1);
}
