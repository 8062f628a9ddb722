// `npm test`: every test. Unit and API tests on embedded PGlite and, when TEST_DATABASE_URL is set,
// the server suite again on PostgreSQL — the two side by side (the PostgreSQL run mostly waits on the
// database server, so on a 2-core machine it costs little beside the other); then the end-to-end
// journeys in Chromium.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

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

const databases = [run('unit and API tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' })];
if (process.env.TEST_DATABASE_URL)
  databases.push(run('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {}, { buffered: true }));
const failed = (await Promise.all(databases)).find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);

if (existsSync(`${root}e2e/run.mjs`) && process.env.SKIP_E2E !== '1') {
  const status = await run('end-to-end journeys (Chromium)', 'node', ['e2e/run.mjs'], {});
  if (status !== 0) process.exit(status);
}
