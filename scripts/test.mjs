// `npm test`: every test, in two streams side by side on a 2-core machine (each vitest run uses one
// worker there), so neither core waits while the other works: the server suite on embedded PGlite in
// one; in the other the server suite again on PostgreSQL when TEST_DATABASE_URL is set (its files that
// can reach a database, scripts/database-tests.mjs), the web and contracts tests, then the build the
// journeys run against. Then the end-to-end journeys in Chromium.
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

/**
 * Steps one after another, beside the other stream; a failed one does not stop the tests after it (one run says
 * everything that fails), but a step marked `onlyIfPassed` (the build for journeys that will not run) is left out.
 */
async function inTurn(steps) {
  let failed = 0;
  for (const { step, onlyIfPassed } of steps) {
    if (failed && onlyIfPassed) continue;
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
            { buffered: true },
          ),
      },
    ]
  : [];
const streams = [
  run('server tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: '' }),
  inTurn([
    ...postgres,
    {
      step: () =>
        run(
          'web and contracts tests',
          'npx',
          ['vitest', 'run', '--project', 'web', '--project', 'web-mocks', '--project', 'contracts'],
          { TEST_DATABASE_URL: '' },
          { buffered: true },
        ),
    },
    ...(journeys
      ? [
          {
            step: () => run('build for the journeys (web and server)', 'npm', ['run', 'build'], {}, { buffered: true }),
            onlyIfPassed: true,
          },
        ]
      : []),
  ]),
];
const failed = (await Promise.all(streams)).find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);

if (journeys) {
  // Built above, in the other stream.
  const status = await run('end-to-end journeys (Chromium)', 'node', ['e2e/run.mjs'], { E2E_BUILT: '1' });
  if (status !== 0) process.exit(status);
}
