// Runs in the web build after Vite: writes dist/offline-assets.json, every file of the app (the `index.html`
// entry and each screen it can load lazily, with their styles and catalogs) that the service worker keeps
// for offline use (public/sw.js, 'kora:precache'). A coach whose phone never opened My Trainings online
// still has its code on the pitch. The public site's own script is left out: the app never runs it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const files = new Set();
const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  files.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.add(`/${css}`);
  for (const asset of chunk.assets ?? []) files.add(`/${asset}`);
  for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(k);
}
visit('index.html');

const list = [...files].filter((f) => f.startsWith('/assets/')).sort();
writeFileSync(join(dist, 'offline-assets.json'), `${JSON.stringify({ files: list })}\n`);
console.log(`offline-assets.json: ${list.length} files the service worker keeps`);
