// `npm test`: every test. First the build the journeys run against; then two streams side by side, so no core of a
// 2-core machine waits while work is left: the end-to-end journeys in Chromium in one; in the other the server suite
// on embedded PGlite, the server suite again on PostgreSQL when TEST_DATABASE_URL is set (its files that can reach a
// database, scripts/database-tests.mjs), then the web and contracts tests.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { serverTestFiles } from './database-tests.mjs';

const root = new URL('..', import.meta.url).pathname;

/** Runs one step; a step beside another keeps its output and prints it whole when it ends, so the two never interleave. */
function run(name, cmd, args, env, { buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n▶ ${name}`);
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env, ...(buffered ? { FORCE_COLOR: '1' } : {}) },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (buffered) {
        console.log(`\n▶ ${name} (ran beside the step above; its output:)`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`◀ ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(status ?? 1);
    });
  });
}

const journeys = existsSync(`${root}e2e/run.mjs`) && process.env.SKIP_E2E !== '1';

/** Steps one after another, beside the other streams; a failed one does not stop the tests after it (one run says everything that fails). */
async function inTurn(steps) {
  let failed = 0;
  for (const { step } of steps) {
    const status = await step();
    if (status !== 0 && !failed) failed = status;
  }
  return failed;
}

const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        step: () =>
          run(
            'server tests that reach a database (PostgreSQL)',
            'npx',
            ['vitest', 'run', '--project', 'server', ...serverTestFiles().database],
            {},
          ),
      },
    ]
  : [];
// The journeys' build first (a few seconds); then two streams side by side. The journeys mostly wait on the browser
// or the server in turn (about 60% of two cores when run alone), so the server and web suites, one after another,
// fill the rest. A third stream oversubscribed two cores: the journeys' screens then waited past their limits.
const built = journeys ? await run('build for the journeys (web and server)', 'npm', ['run', 'build'], {}) : 0;
const streams = [
  inTurn([
    { step: () => run('server tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: '' }) },
    ...postgres,
    {
      step: () =>
        run('web and contracts tests', 'npx', ['vitest', 'run', '--project', 'web', '--project', 'web-mocks', '--project', 'contracts'], {
          TEST_DATABASE_URL: '',
        }),
    },
  ]),
  ...(journeys && built === 0
    ? [run('end-to-end journeys (Chromium)', 'node', ['e2e/run.mjs'], { E2E_BUILT: '1' }, { buffered: true })]
    : []),
];
const failed = [built, ...(await Promise.all(streams))].find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);
