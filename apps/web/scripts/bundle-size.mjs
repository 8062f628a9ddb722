// Prints the gzipped JavaScript (and CSS) each kind of page loads, from the built pages and the
// build's manifest (apps/web/dist/.vite/manifest.json): the scripts a page names, with everything
// they import statically, plus the language catalog the app loads first (the larger of the two).
//   landing      the prerendered landing page (dist/prerendered/<lang>/landing.html) — budget 100 KB
//   app entry    any page answered with dist/index.html (login, registration, …)
//   shell        the signed-in app's frame: the app entry and routes/app/layout — budget 150 KB
//   players list the shell and the players screen with its data
//   screens      each signed-in screen's code beyond the shell: `own`, the chunks no other screen
//                loads, on its first paint or later with a dialog it opens (budget 50 KB), and `beyond`,
//                everything its first paint loads that the shell did not
// Usage: node apps/web/scripts/bundle-size.mjs [--json]
// src/bundle-size.test.ts builds the app and fails when a budget is exceeded.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(import.meta.dirname, '..', 'dist');
// The budgets: 150 KB for the shell (React, the router, the query cache and react-intl are about 105 KB of it;
// docs/performance.md, "The web app on a phone"), 50 KB for a screen's own chunks.
export const BUDGET = { landing: 100_000, shell: 150_000, screen: 50_000 };

/** The signed-in screens: the route's screen module, and the query module its loader imports. */
export const SCREENS = {
  dashboard: [/routes\/app\/home\.tsx$/, /features\/schedule\/api\.ts$/],
  trainings: [/features\/trainings\/TrainingsPage\.tsx$/, /features\/schedule\/api\.ts$/],
  teams: [/features\/teams\/TeamsPage\.tsx$/, /features\/teams\/api\.ts$/],
  players: [/features\/players\/PlayersPage\.tsx$/, /features\/teams\/api\.ts$/],
  player: [/features\/players\/PlayerDetailPage\.tsx$/, /features\/players\/api\.ts$/],
  coaches: [/features\/coaches\/CoachesPage\.tsx$/, /features\/teams\/api\.ts$/],
  schedule: [/features\/schedule\/SchedulePage\.tsx$/, /features\/schedule\/api\.ts$/],
  attendance: [/features\/attendance-reports\/AttendanceReportPage\.tsx$/, /features\/teams\/api\.ts$/],
  growth: [/features\/growth\/GrowthPage\.tsx$/, /features\/growth\/api\.ts$/],
  growthPlayer: [/features\/growth\/GrowthDetailPage\.tsx$/, /features\/growth\/api\.ts$/],
  subscriptions: [/routes\/app\/settings\.tsx$/, /features\/subscriptions\/SubscriptionsPage\.tsx$/, /features\/subscriptions\/api\.ts$/],
  privileges: [/routes\/app\/settings\.tsx$/, /features\/settings\/PrivilegesPage\.tsx$/],
  packages: [/routes\/app\/settings\.tsx$/, /features\/packages\/PackagesPage\.tsx$/],
  paymentsHistory: [/routes\/app\/settings\.tsx$/, /features\/payments\/PaymentsHistoryPage\.tsx$/, /features\/payments\/invoices\.ts$/],
  academy: [/routes\/app\/settings\.tsx$/, /features\/settings\/AcademyPage\.tsx$/],
};

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
  const keyOf = (pattern) => Object.keys(manifest).find((k) => pattern.test(k));
  const screen = (pattern) => {
    const key = keyOf(pattern);
    return key ? closure(key) : new Set();
  };
  /** All a screen may ever load: its first paint and, followed the same way, what its dialogs import when opened. */
  const reach = (pattern) => {
    const key = keyOf(pattern);
    const files = key ? closure(key) : new Set();
    const visit = (key, seen) => {
      const chunk = manifest[key];
      // The shell's chunks lead to every screen (the router's lazy routes): only the screen's own are followed.
      if (!chunk || seen.has(key) || shell.has(chunk.file)) return;
      seen.add(key);
      for (const k of chunk.dynamicImports ?? []) closure(k, files);
      for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(k, seen);
    };
    if (key) visit(key, new Set());
    return files;
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

  // Before catalogs were chunks of their own (and before the prerender), both sat in the app's entry. Since they are
  // loaded in parts (src/locales/parts.ts), the shell waits for the `core` part only.
  const catalogs = Object.keys(manifest).filter((k) => /locales\/(en|ar)\.json(\?part=core)?$/.test(k));
  const largestCatalog = catalogs.map((k) => closure(k)).sort((a, b) => total(b).js - total(a).js)[0] ?? new Set();
  const appEntry = union(pageFiles('index.html'), largestCatalog);
  const prerendered = ['en', 'ar'].map((l) => join('prerendered', l, 'landing.html')).filter((f) => existsSync(join(dir, f)));
  const landing = prerendered.length ? union(...prerendered.map(pageFiles)) : appEntry;
  const shell = union(appEntry, screen(/routes\/app\/layout\.tsx$/));
  const playersList = union(shell, screen(/features\/players\/PlayersPage\.tsx$/), screen(/features\/teams\/api\.ts$/));
  // Each screen's files beyond the shell; its own are those no other screen loads.
  const beyond = Object.fromEntries(
    Object.entries(SCREENS).map(([name, patterns]) => [name, new Set([...union(...patterns.map(screen))].filter((f) => !shell.has(f)))]),
  );
  // A library a dialog loads (zod, the form kit) is no screen's own, whichever screen first paints with it.
  const everLoaded = Object.fromEntries(Object.entries(SCREENS).map(([name, patterns]) => [name, union(...patterns.map((p) => reach(p)))]));
  const screens = Object.fromEntries(
    Object.entries(beyond).map(([name, files]) => {
      const others = union(...Object.entries(everLoaded).flatMap(([n, f]) => (n === name ? [] : [f])));
      const own = total(new Set([...files].filter((f) => !others.has(f))));
      return [name, { own: own.js, ownFiles: own.files, beyond: total(files).js }];
    }),
  );
  return {
    landing: { prerendered: prerendered.length > 0, ...total(landing) },
    appEntry: total(appEntry),
    shell: total(shell),
    playersList: total(playersList),
    screens,
    catalogs: Object.fromEntries(
      Object.keys(manifest)
        .filter((k) => /locales\/(en|ar)\.json/.test(k))
        .map((k) => [k, total(closure(k)).js]),
    ),
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
    for (const [name, s] of Object.entries(sizes.screens))
      console.log(
        `  screen ${name.padEnd(16)} own ${kb(s.own).padStart(8)} (budget ${kb(BUDGET.screen)}: ${s.own <= BUDGET.screen ? 'ok' : 'OVER'})   beyond the shell ${kb(s.beyond)}`,
      );
    for (const [k, v] of Object.entries(sizes.catalogs)) console.log(`  catalog ${k}: ${kb(v)} gzip`);
  }
}
