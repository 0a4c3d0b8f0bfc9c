import { existsSync, readFileSync } from 'fs';
import { dirname, join } from 'path';

/** The fonts embedded in every PDF (DejaVu Sans; see assets/fonts/README.md). */
export const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
} as const;

let fontsDir: string | null = null;
const cache = new Map<string, Buffer>();

/** `assets/fonts`, found upwards from this file (works from `src/` and from `dist/src/`). */
export function findFontsDir(): string {
  if (fontsDir) return fontsDir;
  let dir = __dirname;
  for (;;) {
    const candidate = join(dir, 'assets', 'fonts');
    if (existsSync(join(candidate, FONT_FILES.regular))) return (fontsDir = candidate);
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`assets/fonts/${FONT_FILES.regular} not found above ${__dirname}`);
}

/** A font file's bytes, read once per process. */
export function fontBytes(which: keyof typeof FONT_FILES): Buffer {
  const file = FONT_FILES[which];
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = readFileSync(join(findFontsDir(), file));
    cache.set(file, bytes);
  }
  return bytes;
}

/**
 * A font as parsed by fontkit, pdfkit's font engine (it ships no types; pdfkit
 * takes any object with `layout`). Only what is used here is named.
 */
export interface ParsedFont {
  layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
}

interface GlyphRun {
  glyphs: unknown[];
  positions: Record<string, number>[];
}

/** Words laid out, kept per font for the process (a document lays out the same names and labels again). */
const LAYOUTS_KEPT = 20_000;

interface FontkitFont extends ParsedFont {
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
  createSubset(): unknown;
}

interface Glyph {
  codePoints: number[];
  /** fontkit's reading of the glyph's outline from the font file: done again at every call. */
  _decode(): unknown;
}

/**
 * `font` (the copy subsets are made from) with each glyph's outline read once: a subset reads
 * the outline of every glyph it takes (only to find a composite glyph's parts), which was a
 * tenth of a game record's cost. The outline read is the font file's, the same for every
 * document, and the subset only reads it.
 */
function readingOutlinesOnce(font: FontkitFont): FontkitFont {
  const getGlyph = font.getGlyph.bind(font);
  const once = new WeakSet<Glyph>();
  font.getGlyph = (id: number, codePoints?: number[]): Glyph | null => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && !once.has(glyph)) {
      once.add(glyph);
      const decode = glyph._decode.bind(glyph);
      let outline: unknown;
      let read = false;
      glyph._decode = () => {
        if (!read) {
          outline = decode();
          read = true;
        }
        return outline;
      };
    }
    return glyph;
  };
  return font;
}

const sameCodePoints = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((c, i) => c === b[i]);

/**
 * fontkit keeps a glyph with the code points it was first asked for, and
 * pdfkit writes those as the text the glyph stands for (what copying and
 * pdftotext give). In a font shared by every document that first asking may
 * be another document's: another character drawn with the same glyph. Such a
 * glyph is made afresh with the code points asked for. The subsets embedded
 * come from a second copy of the font, whose glyphs are asked for by number
 * alone (a letter with a mark asks for its base letter so): they never reach
 * the copy that lays out text.
 */
function keepingCodePoints(font: FontkitFont, forSubsets: FontkitFont): FontkitFont {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints: number[] = []): Glyph | null => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || codePoints.length === 0 || sameCodePoints(glyph.codePoints, codePoints)) {
      return glyph;
    }
    const Made = glyph.constructor as new (id: number, codePoints: number[], font: object) => Glyph;
    return new Made(id, codePoints, font);
  };
  font.createSubset = () => forSubsets.createSubset();
  return font;
}

const parsed = new Map<string, ParsedFont>();

/**
 * A font parsed once per process and shared by every document: pdfkit given
 * the bytes parses them again for each document, and a font parsed afresh has
 * none of its glyphs, tables or shaping decoded yet, which was most of the
 * cost of a game record. Each document still embeds its own subset.
 */
export function parsedFont(which: keyof typeof FONT_FILES): ParsedFont {
  let font = parsed.get(which);
  if (!font) {
    // pdfkit's own font engine (a dependency of ours too, so that the versions agree).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fontkit = require('fontkit') as { create(bytes: Buffer): FontkitFont };
    const bytes = fontBytes(which);
    font = keepingCodePoints(fontkit.create(bytes), readingOutlinesOnce(fontkit.create(bytes)));
    parsed.set(which, font);
  }
  return font;
}

/** Words laid out by pdfkit, as its fonts keep them: by text, scaled to 1000 units to the em. */
const laidOut = new Map<keyof typeof FONT_FILES, Map<string, unknown>>();

/** What is used here of pdfkit's font of a document. */
interface PdfkitFont {
  /** pdfkit's own store of the words it laid out (absent when told to keep none). */
  layoutCache?: unknown;
  layoutRun(text: string): unknown;
  layoutCached(text: string): unknown;
}

/**
 * Makes the document's font `pdfkitFont` (the words of `which`) find the words earlier
 * documents laid out, and keep its own for later ones: pdfkit keeps them per document, so
 * every record shaped its names, words and numbers afresh (shaping a word is most of what
 * measuring and writing text costs). pdfkit only reads a word once it is laid out (scaled, in
 * a run fontkit made for it alone), and what it keeps depends on the text and the font alone. A store of a
 * document's own with the shared words as its prototype, merged at the document's end, was
 * copied by V8 for every document (a prototype it had to make fast again). At
 * {@link LAYOUTS_KEPT} words a new set is begun.
 */
export function shareLayouts(pdfkitFont: unknown, which: keyof typeof FONT_FILES): void {
  const font = pdfkitFont as PdfkitFont;
  if (!font.layoutCache) return;
  let words = laidOut.get(which);
  if (!words) laidOut.set(which, (words = new Map<string, unknown>()));
  const shared = words;
  font.layoutCached = (text: string): unknown => {
    let run = shared.get(text);
    if (run === undefined) {
      if (shared.size >= LAYOUTS_KEPT) shared.clear();
      run = font.layoutRun(text);
      shared.set(text, run);
    }
    return run;
  };
}
