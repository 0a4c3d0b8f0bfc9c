import { deflateSync } from 'zlib';
import { Lang, TABLES } from '../../i18n';
import { FONT_FILES, parsedFont } from './fonts';

type FontName = keyof typeof FONT_FILES;

/** What is used here of fontkit's glyph. */
interface Glyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

/** What is used here of the font parsed by fontkit. */
interface FontkitFont {
  getGlyph(id: number): Glyph;
  glyphForCodePoint(codePoint: number): Glyph;
  createSubset(): Subset;
  unitsPerEm: number;
}

/** fontkit's subset: glyphs numbered in the order they are first included, 0 being `.notdef`. */
interface Subset {
  glyphs: number[];
  includeGlyph(glyph: number): number;
  encode(): Uint8Array;
}

interface Position {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

/** What is used here of pdfkit's font of a document (`EmbeddedFont`). */
interface PdfkitFont {
  id: string;
  ascender: number;
  subset: Subset;
  widths: number[];
  unicode: number[][];
  document: PdfkitDocument;
  layout(text: string): { glyphs: Glyph[]; positions: Position[]; advanceWidth: number };
  widthOfString(text: string, size: number): number;
  ref(): unknown;
  embed(): unknown;
}

interface PdfkitDocument {
  _font: PdfkitFont | null;
  _fontSize: number;
  page: { fonts: Record<string, unknown> };
  subset?: number;
  x: number;
  y: number;
  addContent(data: string): unknown;
}

/** One line of text, as written into any document whose font is seeded with the same base. */
interface Line {
  /** Width at size 1000. */
  advance: number;
  /** The text's glyphs as a TJ operator, or null when it needs a glyph outside the base. */
  shown: string | null;
}

/** The glyphs every document's subset of a font begins with, and what is made of them once. */
interface Base {
  glyphIds: number[];
  /** A base glyph's number in the subset, by its number in the font. */
  numbers: Map<number, number>;
  /** Glyphs in the subset once seeded: `.notdef` and the base. */
  size: number;
  widths: number[];
  unicode: number[][];
  /** The subset of only the base glyphs as embedded: made and compressed once. */
  fontFile: Buffer | null;
  /** The map from the base's glyphs to their text (copying, searching), compressed once. */
  toUnicode: Buffer | null;
  lines: Map<string, Line>;
  /** Lines cut to a width, by size, width and text. */
  cuts: Map<string, string>;
}

/** Lines remembered per base before a new set is begun. */
const LINES_KEPT = 20_000;

const SERBIAN_LATIN = 'ČĆĐŠŽčćđšž';
const SERBIAN_CYRILLIC = 'АБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШабвгдђежзијклљмнњопрстћуфхцчџш';
/** Signs the documents draw besides their messages' (marks of findings, the board's legend). */
const SIGNS = '−–—„“”‘’«»…→←½●•×·Σ±°★≠✗✓⚑›';
const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

/**
 * The characters a document in `lang` is seeded with: ASCII, the Serbian Latin letters (words
 * on a board are written in them), the signs the documents draw, the Cyrillic alphabet for a
 * Cyrillic page, and every character of the page's messages. A name with another letter still
 * prints: its glyph is added to that document's subset as pdfkit would.
 */
function baseCharacters(lang: Lang): string {
  const chars = new Set<string>(PRINTABLE_ASCII + SERBIAN_LATIN + SIGNS);
  if (lang === 'sr-Cyrl') for (const c of SERBIAN_CYRILLIC) chars.add(c);
  for (const message of Object.values(TABLES[lang])) for (const c of message) chars.add(c);
  return [...chars].filter((c) => c >= ' ').join('');
}

const bases = new Map<string, Base>();

function baseOf(which: FontName, lang: Lang): Base {
  const key = `${which} ${lang}`;
  let base = bases.get(key);
  if (base) return base;
  const font = parsedFont(which) as unknown as FontkitFont;
  const scale = 1000 / font.unitsPerEm;
  const glyphIds: number[] = [];
  const widths = [font.getGlyph(0).advanceWidth * scale];
  const unicode: number[][] = [[0]];
  const seen = new Set<number>([0]);
  for (const c of baseCharacters(lang)) {
    const glyph = font.glyphForCodePoint(c.codePointAt(0)!);
    if (seen.has(glyph.id)) continue;
    seen.add(glyph.id);
    glyphIds.push(glyph.id);
    widths.push(glyph.advanceWidth * scale);
    unicode.push([c.codePointAt(0)!]);
  }
  const numbers = new Map(glyphIds.map((id, i) => [id, i + 1]));
  base = {
    glyphIds,
    numbers,
    size: glyphIds.length + 1,
    widths,
    unicode,
    fontFile: null,
    toUnicode: null,
    lines: new Map(),
    cuts: new Map(),
  };
  bases.set(key, base);
  return base;
}

const seeded = new WeakMap<PdfkitFont, Base>();

/**
 * Begins the document's font `pdfkitFont` (of `which`) with the glyphs of the page's language,
 * numbered the same in every document. A line of text is then the same bytes in every document
 * ({@link placeLine} keeps them), and a document that uses no other glyph embeds the font file
 * made once ({@link Base.fontFile}) instead of making and compressing a subset of its own, which
 * was a sixth of a game record's cost. The file holds glyphs a page may not use: a game record
 * is about 10 KB larger in Latin and 16 KB in Cyrillic (40 and 42 KB before), a one-page
 * pairings list 22 KB and 29 KB (23 KB before).
 */
export function seedFont(pdfkitFont: unknown, which: FontName, lang: Lang): void {
  const font = pdfkitFont as PdfkitFont;
  if (font.subset.glyphs.length !== 1) return;
  const base = baseOf(which, lang);
  for (let i = 0; i < base.glyphIds.length; i++) font.subset.includeGlyph(base.glyphIds[i]);
  font.widths = base.widths.slice();
  font.unicode = base.unicode.slice();
  seeded.set(font, base);
  const embed = font.embed.bind(font);
  font.embed = () => {
    if (font.subset.glyphs.length !== base.size || font.document.subset) return embed();
    return embedWithFile(font, which, base);
  };
}

/** The base's font file, compressed: made the first time a document needs it. */
function fontFileOf(which: FontName, base: Base): Buffer {
  if (!base.fontFile) {
    const subset = (parsedFont(which) as unknown as FontkitFont).createSubset();
    for (const id of base.glyphIds) subset.includeGlyph(id);
    base.fontFile = deflateSync(subset.encode());
  }
  return base.fontFile;
}

/** The base's ToUnicode map as pdfkit writes it (its own code, given the base), compressed. */
function toUnicodeOf(font: EmbeddedFontFields, base: Base): Buffer {
  if (!base.toUnicode) {
    let text = '';
    const capture = { end: (chunk: string) => (text = chunk) };
    const pdfkits = Object.getPrototypeOf(font) as {
      toUnicodeCmap(this: { unicode: number[][]; document: { ref(): unknown } }): unknown;
    };
    pdfkits.toUnicodeCmap.call({ unicode: base.unicode, document: { ref: () => capture } });
    // pdfkit ends a stream given as text with a line break.
    base.toUnicode = deflateSync(Buffer.from(`${text}\n`, 'latin1'));
  }
  return base.toUnicode;
}

/**
 * pdfkit's `EmbeddedFont.embed` with the font file and the ToUnicode map given: streams already
 * compressed (their `Filter` set, pdfkit leaves them as they are). The rest is pdfkit's.
 */
function embedWithFile(font: PdfkitFont, which: FontName, base: Base): unknown {
  const embedded = font as unknown as EmbeddedFontFields;
  const doc = embedded.document;
  const fontFile = doc.ref({ Filter: 'FlateDecode' });
  fontFile.end(fontFileOf(which, base));
  const f = embedded.font;
  const familyClass = (f['OS/2']?.sFamilyClass ?? 0) >> 8;
  let flags = 0;
  if (f.post.isFixedPitch) flags |= 1 << 0;
  if (1 <= familyClass && familyClass <= 7) flags |= 1 << 1;
  flags |= 1 << 2;
  if (familyClass === 10) flags |= 1 << 3;
  if (f.head.macStyle.italic) flags |= 1 << 6;
  const tag = [1, 2, 3, 4, 5, 6]
    .map((i) => String.fromCharCode((embedded.id.charCodeAt(i) || 73) + 17))
    .join('');
  const name = tag + '+' + f.postscriptName?.replaceAll(' ', '_');
  const scale = embedded.scale;
  const descriptor = doc.ref({
    Type: 'FontDescriptor',
    FontName: name,
    Flags: flags,
    FontBBox: [f.bbox.minX * scale, f.bbox.minY * scale, f.bbox.maxX * scale, f.bbox.maxY * scale],
    ItalicAngle: f.italicAngle,
    Ascent: embedded.ascender,
    Descent: embedded.descender,
    CapHeight: (f.capHeight || f.ascent) * scale,
    XHeight: (f.xHeight || 0) * scale,
    StemV: 0,
    FontFile2: fontFile,
  });
  descriptor.end();
  const descendantFont = doc.ref({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: name,
    CIDSystemInfo: {
      Registry: new String('Adobe'),
      Ordering: new String('Identity'),
      Supplement: 0,
    },
    FontDescriptor: descriptor,
    W: [0, embedded.widths],
    CIDToGIDMap: 'Identity',
  });
  descendantFont.end();
  const toUnicode = doc.ref({ Filter: 'FlateDecode' });
  toUnicode.end(toUnicodeOf(embedded, base));
  embedded.dictionary.data = {
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: name,
    Encoding: 'Identity-H',
    DescendantFonts: [descendantFont],
    ToUnicode: toUnicode,
  };
  return embedded.dictionary.end();
}

/** pdfkit's fields read by `embed`: its own, and fontkit's font tables. */
interface EmbeddedFontFields {
  id: string;
  scale: number;
  ascender: number;
  descender: number;
  widths: number[];
  document: {
    ref(data?: Record<string, unknown>): {
      data: Record<string, unknown>;
      end(chunk?: Buffer): void;
    };
  };
  dictionary: { data: Record<string, unknown>; end(): unknown };
  toUnicodeCmap(): unknown;
  font: {
    'OS/2'?: { sFamilyClass?: number };
    post: { isFixedPitch: boolean };
    head: { macStyle: { italic: boolean } };
    postscriptName?: string;
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
    italicAngle: number;
    capHeight: number;
    ascent: number;
    xHeight: number;
  };
}

/** A number as pdfkit writes it into a content stream: to six decimals at most. */
export const pdfNumber = (n: number): number => Math.round(n * 1e6) / 1e6;
const num = pdfNumber;

/** The line `text` in a seeded font: laid out and its glyphs written out once per base. */
function lineOf(font: PdfkitFont, base: Base, text: string): Line {
  let line = base.lines.get(text);
  if (line) return line;
  const { glyphs, positions, advanceWidth } = font.layout(text);
  line = { advance: advanceWidth, shown: shownAs(glyphs, positions, base) };
  if (base.lines.size >= LINES_KEPT) base.lines.clear();
  base.lines.set(text, line);
  return line;
}

/**
 * The TJ operator of the glyphs, numbered as in the base, with pdfkit's kerning adjustments;
 * null if a glyph is outside the base or offset (a mark placed by the font).
 */
function shownAs(
  glyphs: readonly Glyph[],
  positions: readonly Position[],
  base: Base,
): string | null {
  const parts: string[] = [];
  let run = '';
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i];
    const gid = base.numbers.get(glyphs[i].id);
    if (gid === undefined || p.xOffset || p.yOffset) return null;
    run += gid.toString(16).padStart(4, '0');
    const kerning = p.xAdvance - p.advanceWidth;
    if (kerning !== 0 || i === positions.length - 1) {
      parts.push(`<${run}> ${num(-kerning)}`);
      run = '';
    }
  }
  return `[${parts.join(' ')}] TJ`;
}

/**
 * Width of `text` in the document's current font and size, as `doc.widthOfString` gives it;
 * from what is kept of the line when the font is seeded.
 */
export function textWidth(doc: unknown, text: string): number {
  const d = doc as PdfkitDocument;
  const font = d._font!;
  const base = seeded.get(font);
  if (!base) return font.widthOfString(text, d._fontSize);
  return (lineOf(font, base, text).advance * d._fontSize) / 1000;
}

/**
 * `text` as `cut` shortens it to `width` in the document's current font and size, kept for
 * the documents after this one when the font is seeded.
 */
export function keptCut(doc: unknown, text: string, width: number, cut: () => string): string {
  const d = doc as PdfkitDocument;
  const base = seeded.get(d._font!);
  if (!base) return cut();
  const key = `${d._fontSize} ${width} ${text}`;
  let shown = base.cuts.get(key);
  if (shown === undefined) {
    shown = cut();
    if (base.cuts.size >= LINES_KEPT) base.cuts.clear();
    base.cuts.set(key, shown);
  }
  return shown;
}

/**
 * Writes one line of `text` with its top at (x, top), in the current font, size and colour:
 * what `doc.text(text, x, top, { lineBreak: false })` draws, without pdfkit's text layout
 * (options, line breaking, measuring the line twice more, a graphics state saved and the page
 * flipped back for each line). The text's matrix turns it upright on pdfkit's flipped page.
 * A line with a glyph outside the base is left to pdfkit.
 */
export function placeLine(doc: unknown, text: string, x: number, top: number): void {
  const d = doc as PdfkitDocument;
  const font = d._font!;
  const base = seeded.get(font);
  const line = base && text.length > 0 && !text.includes('\n') ? lineOf(font, base, text) : null;
  if (!line || line.shown === null) {
    (doc as PDFKit.PDFDocument).text(text, x, top, { lineBreak: false });
    return;
  }
  const size = d._fontSize;
  d.page.fonts[font.id] ??= font.ref();
  const baseline = top + (font.ascender / 1000) * size;
  d.addContent(
    `BT\n1 0 0 -1 ${num(x)} ${num(baseline)} Tm\n/${font.id} ${num(size)} Tf\n${line.shown}\nET`,
  );
  d.x = x + (line.advance * size) / 1000;
  d.y = top;
}
