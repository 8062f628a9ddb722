// For the web's drift tests (one date format, one money format): every line of the app's source, tests left out,
// that a pattern finds outside the one module allowed to write it, as `file:line: text` (collect, then expect none).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The lines of apps/web/src (tests left out) matching any of `patterns`, except in `allowed` (a path from src). */
export function linesOutside(allowed: string, patterns: RegExp[]): string[] {
  return sources(SRC).flatMap((file) => {
    const name = relative(SRC, file).replaceAll('\\', '/');
    if (name === allowed) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (patterns.some((re) => re.test(line)) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
  });
}
