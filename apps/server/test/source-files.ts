// The repository's own source files, for the drift tests that read every line of them (doc-citations, one-riyadh).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, with its trailing slash. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every file under `dir` (absolute) whose name matches `source`, leaving out dependencies, builds and hidden folders. */
export function sourceFiles(dir: string, source: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, source);
    return source.test(name) ? [path] : [];
  });
}

/** `<kind>/<workspace>/<sub>` of each workspace of `kind` (apps, packages), relative to ROOT. */
export const inWorkspaces = (kind: string, sub: string) => readdirSync(join(ROOT, kind)).map((w) => join(kind, w, sub));
