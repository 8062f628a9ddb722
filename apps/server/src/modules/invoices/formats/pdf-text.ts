/**
 * The text engine of the invoice PDF (pdf.ts lays the page out with it): the embedded fonts, the
 * bidirectional algorithm that puts mixed Arabic and Latin text in visual order with one font per
 * script, Arabic ligatures readable in the text layer, and lines and wrapped blocks drawn in a box.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { keysOf, printableText } from '@kora/contracts';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';

// ── fonts ─────────────────────────────────────────────────────────────────────
// Noto Sans and Noto Sans Arabic (SIL OFL, apps/server/assets/fonts/OFL.txt) are embedded, subset
// by pdfkit, so the PDF shows the same on every reader. The source (src/modules/invoices/formats/) and the bundle
// (dist/main.js, which build.mjs gives a copy in dist/assets/fonts) find them at different depths.
const FONT_DIRS = [new URL('../../../../assets/fonts/', import.meta.url), new URL('./assets/fonts/', import.meta.url)];
const FONT_FILES = {
  latin: 'NotoSans-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
  arabic: 'NotoSansArabic-Regular.ttf',
  arabicBold: 'NotoSansArabic-Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit's types know only paths and buffers; at run time it takes any object with `layout` (a fontkit font). */
      registerFont(name: string, src: fontkit.Font): this;
    }
  }
}

export type Fonts = Record<FontName, fontkit.Font>;

/**
 * The fonts, freshly parsed: pdfkit takes a fontkit font as it takes a file. Parsing (plus the
 * shaping tables read on first use) is most of a document's cost (about 30 ms a document with the
 * parsed fonts kept, 127 ms parsing them each time), so documents share one set (`fonts()`); each
 * still makes its own subset of the glyphs it uses.
 */
export function openFonts(): Fonts {
  const dir = FONT_DIRS.find((d) => existsSync(fileURLToPath(new URL(FONT_FILES.latin, d))));
  if (!dir) throw new Error('Invoice fonts not found (apps/server/assets/fonts)');
  const open = (file: string) => {
    const font = fontkit.create(readFileSync(fileURLToPath(new URL(file, dir))));
    if (!('layout' in font)) throw new Error(`${file} is a font collection`);
    return keepCharacters(font);
  };
  return {
    latin: open(FONT_FILES.latin),
    latinBold: open(FONT_FILES.latinBold),
    arabic: open(FONT_FILES.arabic),
    arabicBold: open(FONT_FILES.arabicBold),
  };
}

let fontCache: Fonts | undefined;
/** The fonts every document shares (`openFonts`, parsed once per process). */
export const fonts = () => (fontCache ??= openFonts());

/** Makes the fonts known to a document by the names `line` and `block` draw with. */
export function registerFonts(doc: Doc, f: Fonts) {
  for (const name of keysOf(FONT_FILES)) doc.registerFont(name, f[name]);
}

/**
 * fontkit keeps one glyph object per glyph id, with the characters of its first request, and pdfkit
 * writes those characters into the PDF's text layer (ToUnicode). A glyph first made as a part of
 * another (a composite's component while a subset is written: the final lam-alef "ﻼ" inside "ﻺ" of
 * "بالإ…") has none, so every later document of the process would print that glyph with no letters
 * behind it: "الإخ ص" read back for "الإخلاص". The characters of the first request that has them are
 * kept instead.
 */
function keepCharacters(font: fontkit.Font): fontkit.Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
  return font;
}

// ── right-to-left text ────────────────────────────────────────────────────────
// Why bidi-js: pdfkit has no bidirectional algorithm. It hands each line to fontkit, which shapes
// Arabic (joined letter forms) and then reverses the WHOLE string when its first script is Arabic,
// so "ضريبة 15%" would print "%51" and a Latin name inside Arabic text would run backwards; and
// neither font covers both scripts. So each line is split here into runs by the Unicode Bidi
// Algorithm (UAX #9, levels from bidi-js), the runs put in visual order (rule L2), and each run
// drawn with the font of its script: Arabic runs go to fontkit in logical order (it shapes and
// reverses them itself), other right-to-left runs (neutral signs) are reversed and mirrored here.
const bidi = bidiFactory();
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const STRONG_ARABIC = /\p{Script=Arabic}/u;

interface Segment {
  text: string;
  arabic: boolean;
}

/** Direction of a paragraph from its first strong character (UAX #9 P2–P3). */
const directionOf = (text: string): 'ltr' | 'rtl' => (bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level === 1 ? 'rtl' : 'ltr');

/** One line in visual order (left to right), cut into segments of one font each. */
export function visualSegments(text: string, base: 'ltr' | 'rtl'): Segment[] {
  if (!text) return [];
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.end = i;
    else runs.push({ start: i, end: i, level: levels[i] });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j].level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  const segments: Segment[] = [];
  for (const run of runs) {
    const rtl = run.level % 2 === 1;
    const pieces = splitByFont(text.slice(run.start, run.end + 1));
    for (const piece of rtl ? pieces.reverse() : pieces) {
      // fontkit reverses any text whose first script is Arabic, Arabic-Indic digits (U+0660–0669,
      // U+06F0–06F9) included: an Arabic run (odd level) is given to it in logical order, a
      // left-to-right one (even level: numbers, "٢٤" in "باقة ٢٤ حصة") pre-reversed, so that both
      // come out in visual order.
      const reversedByFontkit = STRONG_ARABIC.test(piece.text);
      const chars = [...piece.text];
      const text =
        rtl === reversedByFontkit
          ? piece.text
          : rtl
            ? chars
                .reverse()
                .map((c) => bidi.getMirroredCharacter(c) ?? c)
                .join('')
            : chars.reverse().join('');
      segments.push({ text, arabic: piece.arabic });
    }
  }
  return segments;
}

/** Arabic-script characters go to the Arabic font, the rest to the Latin one; spaces stay with what they follow. */
function splitByFont(text: string): Segment[] {
  const out: Segment[] = [];
  for (const ch of text) {
    const last = out[out.length - 1];
    const arabic = /\s/.test(ch) && last ? last.arabic : ARABIC.test(ch);
    if (last && last.arabic === arabic) last.text += ch;
    else out.push({ text: ch, arabic });
  }
  return out;
}

/**
 * User text as the PDF prints it. Each value is laid out as a paragraph of its own (its own base
 * direction, below), and every text of the data loses the control characters the contracts refuse
 * (`printableText`): a direction override or isolate stored before that rule cannot reorder the
 * line it stands in ("RAS 0001 emaN OLR"), nor a line break split it.
 */
export const printable = <T>(value: T): T => printableDeep(value) as T;

/** `printable`'s walk: the same shape, every string of it (in plain objects) cleaned. */
function printableDeep(value: unknown): unknown {
  if (typeof value === 'string') return printableText(value);
  // Plain objects hold texts; dates, numbers and bytes are printed as they are.
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, printableDeep(v)]));
}

// ── drawing ───────────────────────────────────────────────────────────────────
export type Doc = PDFKit.PDFDocument;
interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}
interface Box extends TextStyle {
  x: number;
  width: number;
  align: 'left' | 'right' | 'center';
}

/**
 * Given any features (the shaper's own, e.g. init/medi/fina/rlig, always apply), pdfkit lays a
 * segment out as one fontkit run; without, it lays out word by word, each Arabic word reversed on
 * its own, which puts the words of a line in the wrong order.
 */
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = [];

const fontOf = (segment: Segment, bold = false): FontName =>
  segment.arabic ? (bold ? 'arabicBold' : 'arabic') : bold ? 'latinBold' : 'latin';

function measure(doc: Doc, text: string, style: TextStyle, base = directionOf(text)) {
  let width = 0;
  for (const s of visualSegments(text, base))
    width += doc.font(fontOf(s, style.bold)).fontSize(style.size).widthOfString(s.text, { features: FEATURES });
  return width;
}

/**
 * The text layer of Arabic: a PDF holds right-to-left text as its glyphs in visual
 * order; a reader that copies, searches or extracts it maps each glyph to its characters through
 * the font's ToUnicode map, then reverses the right-to-left run character by character (poppler's
 * pdftotext does: pdf.test.ts). A ligature (lam-alef "لإ", one glyph for two letters) would come out
 * reversed ("اإلصدار" for "الإصدار"), so the characters of an Arabic ligature are stored in visual
 * order: reversed with the run, they read right. Single-letter glyphs map to their letter already
 * (fontkit keeps each shaped form's code point). pdfkit writes ToUnicode from each embedded font's
 * glyph-to-characters table when the document ends; this adjusts that (private) table just before.
 * `/ActualText` spans were tried instead: poppler places them out of order, so they are not used.
 */
export function visualLigatures(doc: Doc) {
  const families: unknown = Reflect.get(doc, '_fontFamilies');
  if (!families || typeof families !== 'object') return;
  // A font is listed under its registered name and its PostScript name: each once.
  for (const font of new Set<unknown>(Object.values(families))) {
    const unicode: unknown = font && typeof font === 'object' ? Reflect.get(font, 'unicode') : undefined;
    if (!Array.isArray(unicode)) continue;
    for (const [gid, codePoints] of unicode.entries()) {
      if (isCodePoints(codePoints) && codePoints.length > 1 && codePoints.every((c) => STRONG_ARABIC.test(String.fromCodePoint(c))))
        unicode[gid] = [...codePoints].reverse();
    }
  }
}

const isCodePoints = (value: unknown): value is number[] => Array.isArray(value) && value.every((c) => typeof c === 'number');

/** Text drawn without a colour of its own. */
const INK = '#0f172a';

/** One line of mixed-direction text on a baseline, aligned in its box. */
export function line(doc: Doc, text: string, baseline: number, box: Box, base = directionOf(text)) {
  const segments = visualSegments(text, base);
  const width = measure(doc, text, box, base);
  let x = box.align === 'left' ? box.x : box.align === 'right' ? box.x + box.width - width : box.x + (box.width - width) / 2;
  doc.fillColor(box.color ?? INK);
  for (const s of segments) {
    doc.font(fontOf(s, box.bold)).fontSize(box.size);
    doc.text(s.text, x, baseline, { lineBreak: false, baseline: 'alphabetic', features: FEATURES });
    x += doc.widthOfString(s.text, { features: FEATURES });
  }
}

/** Greedy word wrap in logical order; every line is then laid out by the bidi algorithm on its own. */
function wrap(doc: Doc, text: string, style: TextStyle, width: number): string[] {
  const base = directionOf(text);
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && measure(doc, candidate, style, base) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/** Wrapped paragraphs, stacked from `top`; answers the height used. */
export function block(doc: Doc, texts: string[], top: number, box: Box, leading = 1.45) {
  let baseline = top + box.size;
  let lines = 0;
  for (const text of texts) {
    for (const l of wrap(doc, text, box, box.width)) {
      line(doc, l, baseline, box, directionOf(text));
      baseline += box.size * leading;
      lines++;
    }
  }
  return Math.max(lines, 1) * box.size * leading;
}
