// Bundles the server to dist/main.js (contracts inlined, npm dependencies left external) and copies the migrations and fonts beside it.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url)));
const external = Object.keys(pkg.dependencies).filter((d) => d !== '@kora/contracts');

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'libphonenumber-js'],
  logLevel: 'warning',
});
// The worker thread that reads players files (modules/player-import/file.ts starts it beside the bundle).
await build({
  entryPoints: ['src/modules/player-import/sheet-worker.ts'],
  outfile: 'dist/sheet-worker.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/db/migrations', { recursive: true });
// The invoice PDF's embedded fonts (src/modules/invoices/formats/pdf.ts looks for them beside the bundle), with their licence.
cpSync('assets/fonts', 'dist/assets/fonts', { recursive: true });
