/**
 * Riyadh's time is written one way in each language: in SQL by apps/server/src/db/riyadh.ts
 * (riyadhTimestamp, riyadhDay), in TypeScript by packages/contracts/src/dates.ts (riyadhToday,
 * riyadhInstant…). A second way (a zone or a three-hour interval in a statement, the offset's
 * milliseconds, a `+03:00` appended to a time built in code) is listed by file:line.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inWorkspaces, ROOT, sourceFiles } from './source-files.js';

const SELF = 'apps/server/test/one-riyadh.test.ts';
const SQL_HELPER = 'apps/server/src/db/riyadh.ts';
const TS_MODULE = 'packages/contracts/src/dates.ts';
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** Riyadh's time spelled in a statement: its zone (by name or offset) or the offset added as an interval. */
const SQL_WAYS: RegExp[] = [
  /(time\s+zone|timezone\s*\()\s*'(Asia\/Riyadh|[+-]?0?3(:00)?|UTC[+-]0?3)'/i,
  /interval\s+'\s*(3\s*hours?|180\s*min\w*|10\s*800\s*sec\w*)\s*'/i,
];

/** Riyadh's offset computed in TypeScript: its milliseconds, the contracts' constant, or appended to a built time. */
const TS_WAYS: RegExp[] = [
  /\b3\s*\*\s*60\s*\*\s*60\s*\*\s*1_?000\b/,
  /\b3\s*\*\s*60\s*\*\s*60_?000\b/,
  /\b3\s*\*\s*3_?600_?000\b/,
  /\b10_?800_?000\b/,
  /\bRIYADH_OFFSET_MS\b/,
];
/** `+03:00` after a time a template builds (a fixed instant written with its offset is a datum, not a way). */
const builtOffset = (text: string) => /`[^`]*\$\{[^`]*\d\+0?3:?00\b/.test(text);

const linesOf = (dirs: string[]) =>
  dirs
    .flatMap((dir) => sourceFiles(join(ROOT, dir), SOURCE))
    .map((path) => relative(ROOT, path))
    .filter((file) => file !== SELF)
    .flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .map((text, i) => ({ file, at: `${file}:${i + 1}`, text })),
    );

describe("Riyadh's time, one way", () => {
  const server = linesOf(['apps/server/src', 'apps/server/test', 'bench', 'scripts']);
  const everywhere = linesOf([
    ...inWorkspaces('apps', 'src'),
    ...inWorkspaces('apps', 'test'),
    ...inWorkspaces('packages', 'src'),
    'e2e',
    'bench',
    'scripts',
  ]);

  it('scans the source it is meant to, and knows a second way when it sees one', () => {
    expect(server.some((l) => l.file === SQL_HELPER)).toBe(true);
    expect(everywhere.some((l) => l.file === TS_MODULE)).toBe(true);
    expect(everywhere.some((l) => l.file.startsWith('e2e/'))).toBe(true);
    expect(SQL_WAYS.some((re) => re.test("(x at time zone 'Asia/Riyadh')"))).toBe(true);
    expect(SQL_WAYS.some((re) => re.test("((x at time zone 'UTC') + interval '3 hours')::date"))).toBe(true);
    expect(SQL_WAYS.some((re) => re.test("to_char(x at time zone 'UTC', 'YYYY')"))).toBe(false);
    expect(TS_WAYS.some((re) => re.test('Date.now() + 3 * 3600_000'))).toBe(true);
    expect(TS_WAYS.some((re) => re.test('t + 3 * 60 * 60 * 1000'))).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's source text, as the scan reads it
    const built = 'new Date(`${day}T${hh}:00+03:00`)';
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's source text, as the scan reads it
    const datumBesideTemplate = "['2026-11-22T12:00:00.000+03:00', `${MIN}-01-01T00:00:00Z`]";
    expect(builtOffset(built)).toBe(true);
    expect(builtOffset("new Date('2021-07-12T17:25:09.123+03:00')")).toBe(false);
    expect(builtOffset(datumBesideTemplate)).toBe(false);
  });

  it(`writes Riyadh's time in SQL only through ${SQL_HELPER}`, () => {
    const found = server
      .filter((l) => l.file !== SQL_HELPER && SQL_WAYS.some((re) => re.test(l.text)))
      .map((l) => `${l.at}: ${l.text.trim()}`);
    expect(found).toEqual([]);
  });

  it(`computes Riyadh's offset in TypeScript only in ${TS_MODULE}`, () => {
    const found = everywhere
      .filter((l) => l.file !== TS_MODULE && (TS_WAYS.some((re) => re.test(l.text)) || builtOffset(l.text)))
      .map((l) => `${l.at}: ${l.text.trim()}`);
    expect(found).toEqual([]);
  });
});
