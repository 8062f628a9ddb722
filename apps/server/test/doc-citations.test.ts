/**
 * Comments cite the repository's own documents (docs/README.md): no document kept outside it (the
 * design notes, the specification's parts, the API notes, an issue tracker), and every `docs/<page>.md, "<heading>"`
 * or `docs/<page>.md#<anchor>` names a heading that exists on that page. Scans apps/*\/src,
 * apps/*\/test, packages/*\/src, e2e, bench and scripts; lists each violation by file:line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inWorkspaces, ROOT, sourceFiles } from './source-files.js';

const SELF = 'apps/server/test/doc-citations.test.ts';
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|sql)$/;

/** Citations of documents that live outside the repository, and of an issue tracker ("issue 23"), which a reader of the code does not have. */
const OUTSIDE: RegExp[] = [/\bDESIGN(\.md)?\s*§/, /\bDESIGN\.md\b/, /\bspec part\b/i, /\bAPI\.md\b/, /\bspec\s*§/i, /\bissue #?\d+\b/i];

function scanned(): string[] {
  const dirs = [
    ...inWorkspaces('apps', 'src'),
    ...inWorkspaces('apps', 'test'),
    ...inWorkspaces('packages', 'src'),
    'e2e',
    'bench',
    'scripts',
  ];
  return dirs
    .flatMap((dir) => sourceFiles(join(ROOT, dir), SOURCE))
    .map((path) => relative(ROOT, path))
    .filter((path) => path !== SELF);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const headings = new Map<string, string[]>();
function headingsOf(page: string): string[] | null {
  const path = join(ROOT, 'docs', page);
  if (!existsSync(path)) return null;
  let found = headings.get(page);
  if (!found) {
    found = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => line.replace(/^#+ /, '').trim());
    headings.set(page, found);
  }
  return found;
}

/** A cited heading names a heading of the page, or one that goes on with a parenthesis (a date). */
const names = (heading: string, cited: string) => heading === cited || heading.startsWith(`${cited} (`);

const QUOTED = /docs\/([\w-]+\.md),?\s+"([^"\n]+)"/g;
const ANCHOR = /docs\/([\w-]+\.md)#([\w-]+)/g;

describe('document citations in source', () => {
  const lines = scanned().flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .map((text, i) => ({ at: `${file}:${i + 1}`, text })),
  );

  it('scans the source it is meant to', () => {
    expect(lines.length).toBeGreaterThan(10_000);
    expect(lines.some((l) => l.at.startsWith('apps/web/src/'))).toBe(true);
    expect(lines.some((l) => l.at.startsWith('packages/contracts/src/'))).toBe(true);
  });

  it('cites no document kept outside the repository', () => {
    const outside = lines.filter((l) => OUTSIDE.some((re) => re.test(l.text))).map((l) => `${l.at}: ${l.text.trim()}`);
    expect(outside).toEqual([]);
  });

  it('cites only headings that exist in docs/', () => {
    const broken: string[] = [];
    for (const { at, text } of lines) {
      for (const [, page, cited] of text.matchAll(QUOTED)) {
        const found = headingsOf(page);
        if (!found) broken.push(`${at}: docs/${page} does not exist`);
        else if (!found.some((h) => names(h, cited))) broken.push(`${at}: docs/${page} has no heading "${cited}"`);
      }
      for (const [, page, anchor] of text.matchAll(ANCHOR)) {
        const found = headingsOf(page);
        if (!found) broken.push(`${at}: docs/${page} does not exist`);
        else if (!found.some((h) => slug(h) === anchor)) broken.push(`${at}: docs/${page} has no heading #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
