// `npm start`: builds what is missing (web, then server), then runs the production server.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

if (!existsSync(`${root}apps/web/dist/index.html`)) run('npm run build -w @kora/web');
if (!existsSync(`${root}apps/server/dist/main.js`)) run('npm run build -w @kora/server');

const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
