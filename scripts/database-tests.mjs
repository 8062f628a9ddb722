// Which server test files can reach a database: the PostgreSQL run of `npm test` runs those, and the PGlite run
// runs every file. Derived from the code, never kept by hand: a file is left out of the PostgreSQL run only when
// nothing it loads, directly or through the modules it imports (static or dynamic), can open a database
// (src/db/client.ts, the `pg` or PGlite drivers) or start a process (which could open one). A new test, or a
// database call added to a helper, is counted without anyone updating a list.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const server = join(root, 'apps/server');

/** Bare modules that open a database or start a process. */
const REACHES_OUT = /^(pg|@electric-sql\/pglite(\/.*)?|drizzle-orm\/(pglite|node-postgres)(\/.*)?|(node:)?child_process)$/;
const OPENS_DATABASE = join(server, 'src/db/client.ts');

/** Specifiers the file loads: `import … from`, `export … from`, `import '…'` and `import('…')`; `import type` loads nothing. */
function loads(source) {
  const found = [];
  const statements = /(?:^|[;\s])(import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(statements)) if (!m[2]) found.push(m[3]);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources), or null when it is not one of ours. */
function resolveFile(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const verdicts = new Map();
/** Whether loading `file` can open a database or start a process. */
function reachesDatabase(file, seen = new Set()) {
  if (verdicts.has(file)) return verdicts.get(file);
  if (file === OPENS_DATABASE) return true;
  if (seen.has(file)) return false; // an import cycle: decided where it started
  seen.add(file);
  let reaches = false;
  for (const specifier of loads(readFileSync(file, 'utf8'))) {
    const target = resolveFile(file, specifier);
    reaches = target ? reachesDatabase(target, seen) : REACHES_OUT.test(specifier);
    if (reaches) break;
  }
  verdicts.set(file, reaches);
  return reaches;
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The server project's test files (vitest.config.ts: src/ and test/), split by whether they can reach a database. */
export function serverTestFiles() {
  const all = [...testFiles(join(server, 'src')), ...testFiles(join(server, 'test'))].sort();
  return {
    database: all.filter((f) => reachesDatabase(f)),
    databaseFree: all.filter((f) => !reachesDatabase(f)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { database, databaseFree } = serverTestFiles();
  console.log(`${database.length} files can reach a database; ${databaseFree.length} cannot:`);
  for (const f of databaseFree) console.log(`  ${relative(root, f)}`);
}
