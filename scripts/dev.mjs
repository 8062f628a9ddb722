// `npm run dev`: the API (tsx watch, port 3001) and the Vite dev server (port 3000, proxying /api and /uploads).
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn('npm', ['run', 'dev', '-w', '@kora/server'], {
    cwd: root,
    stdio: 'inherit',
    env: { PORT: '3001', BASE_DOMAIN: 'localhost:3000', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@kora/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
