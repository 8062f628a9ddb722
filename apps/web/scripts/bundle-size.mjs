// Prints the gzipped JavaScript (and CSS) each kind of page loads, from the built pages and the
// build's manifest (apps/web/dist/.vite/manifest.json): the scripts a page names, with everything
// they import statically, plus the language catalog the app loads first (the larger of the two).
//   landing      the prerendered landing page (dist/prerendered/<lang>/landing.html) — budget 100 KB
//   app entry    any page answered with dist/index.html (login, registration, …)
//   shell        the signed-in app's frame: the app entry and routes/app/layout — budget 250 KB
//   players list the shell and the players screen with its data
// Usage: node apps/web/scripts/bundle-size.mjs [--json]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
export const BUDGET = { landing: 100_000, shell: 250_000 };

export function bundleSizes(dir = dist) {
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build -w @kora/web\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const keyOfFile = new Map(Object.entries(manifest).map(([k, c]) => [c.file, k]));

  /** A manifest entry's chunk with all it imports statically (what the browser fetches before running it). */
  const closure = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const k of chunk.imports ?? []) closure(k, files);
    return files;
  };
  /** The scripts and styles a built page names, with their static imports. */
  const pageFiles = (html) => {
    const files = new Set();
    const source = readFileSync(join(dir, html), 'utf8');
    for (const [, href] of source.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/(assets\/[^"]+)"/g)) {
      const key = keyOfFile.get(href);
      if (key) closure(key, files);
      else files.add(href);
    }
    return files;
  };
  const union = (...sets) => new Set(sets.flatMap((s) => [...s]));
  const screen = (pattern) => {
    const key = Object.keys(manifest).find((k) => pattern.test(k));
    return key ? closure(key) : new Set();
  };

  function total(files) {
    let js = 0;
    let css = 0;
    for (const f of files) {
      // Level 9, as the build's precompressed `.gz` files are sent (scripts/compress.mjs).
      const size = gzipSync(readFileSync(join(dir, f)), { level: 9 }).length;
      if (f.endsWith('.css')) css += size;
      else js += size;
    }
    return { js, css, files: [...files] };
  }

  // Before catalogs were chunks of their own (and before the prerender), both sat in the app's entry.
  const catalogs = Object.keys(manifest).filter((k) => /locales\/(en|ar)\.json$/.test(k));
  const largestCatalog = catalogs.map((k) => closure(k)).sort((a, b) => total(b).js - total(a).js)[0] ?? new Set();
  const appEntry = union(pageFiles('index.html'), largestCatalog);
  const prerendered = ['en', 'ar'].map((l) => join('prerendered', l, 'landing.html')).filter((f) => existsSync(join(dir, f)));
  const landing = prerendered.length ? union(...prerendered.map(pageFiles)) : appEntry;
  const shell = union(appEntry, screen(/routes\/app\/layout\.tsx$/));
  const playersList = union(shell, screen(/features\/players\/PlayersPage\.tsx$/), screen(/features\/teams\/api\.ts$/));
  return {
    landing: { prerendered: prerendered.length > 0, ...total(landing) },
    appEntry: total(appEntry),
    shell: total(shell),
    playersList: total(playersList),
    catalogs: Object.fromEntries(catalogs.map((k) => [k, total(closure(k)).js])),
  };
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = bundleSizes();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(sizes, null, 2));
  } else {
    const row = (name, s, budget) =>
      console.log(
        `${name.padEnd(13)} JS ${kb(s.js).padStart(8)} gzip${budget ? ` (budget ${kb(budget)}: ${s.js <= budget ? 'ok' : 'OVER'})` : ''}   CSS ${kb(s.css)} gzip   ${s.files.length} files`,
      );
    row(sizes.landing.prerendered ? 'landing' : 'landing (SPA)', sizes.landing, BUDGET.landing);
    row('app entry', sizes.appEntry);
    row('shell', sizes.shell, BUDGET.shell);
    row('players list', sizes.playersList);
    for (const [k, v] of Object.entries(sizes.catalogs)) console.log(`  catalog ${k}: ${kb(v)} gzip`);
  }
}
