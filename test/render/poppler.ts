/**
 * pdftotext / pdftoppm / pdffonts from poppler-utils, for the PDF tests. CI
 * installs poppler-utils; where it is missing the tests that need it are
 * skipped with a message saying so.
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { PNG } from 'pngjs';

const has = (tool: string): boolean => {
  const r = spawnSync(tool, ['-v'], { encoding: 'utf8' });
  return r.error === undefined && r.status === 0;
};

export const POPPLER = has('pdftotext') && has('pdftoppm') && has('pdffonts');

export const POPPLER_MISSING =
  'poppler-utils (pdftotext, pdftoppm, pdffonts) is not installed: PDF text and image checks skipped. ' +
  'Install it with `apt-get install -y poppler-utils` (CI does).';

/** `describe` when poppler is here, `describe.skip` with a warning when not. */
export function describeWithPoppler(name: string, fn: () => void): void {
  if (POPPLER) {
    describe(name, fn);
  } else {
    describe.skip(`${name} — SKIPPED: ${POPPLER_MISSING}`, fn);
    console.warn(POPPLER_MISSING);
  }
}

function withFile<T>(pdf: Buffer, fn: (dir: string, file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return fn(dir, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(tool: string, args: string[]): string {
  const r = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

/** The text of a PDF; pages are separated by form feeds. */
export function pdfText(pdf: Buffer, layout = false): string {
  return withFile(pdf, (_dir, file) =>
    run('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']),
  );
}

/** The words of a page of a PDF with their boxes (points from the top left), as pdftotext finds them. */
export function pdfWords(
  pdf: Buffer,
  page = 1,
): { text: string; xMin: number; yMin: number; xMax: number; yMax: number }[] {
  const html = withFile(pdf, (_dir, file) =>
    run('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-']),
  );
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    text: m[5],
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
  }));
}

/** Pages of a PDF, as pdftotext splits them. */
export function pdfPages(pdf: Buffer): string[] {
  const pages = pdfText(pdf).split('\f');
  if (pages[pages.length - 1].trim() === '') pages.pop();
  return pages;
}

/** `pdffonts` lines: name, type, embedded? */
export function pdfFonts(pdf: Buffer): { name: string; embedded: boolean }[] {
  const out = withFile(pdf, (_dir, file) => run('pdffonts', [file]));
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      // name type [type2] encoding emb sub uni object ID
      const yesNo = cols.filter((c) => c === 'yes' || c === 'no');
      return { name: cols[0], embedded: yesNo[0] === 'yes' };
    });
}

export interface PagePicture {
  width: number;
  height: number;
  /** Share of pixels that are not (near) white. */
  inked: number;
  /** Share of strongly red pixels (findings outlined on a board). */
  red: number;
  png: Buffer;
}

/** Page `page` (from 1) rendered to PNG at `dpi`, with its ink counted. */
export function renderPage(pdf: Buffer, page = 1, dpi = 40): PagePicture {
  return withFile(pdf, (dir, file) => {
    const prefix = join(dir, 'page');
    run('pdftoppm', [
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-png',
      '-singlefile',
      file,
      prefix,
    ]);
    const png = readFileSync(`${prefix}.png`);
    const img = PNG.sync.read(png);
    let inked = 0;
    let red = 0;
    for (let i = 0; i < img.data.length; i += 4) {
      const [r, g, b] = [img.data[i], img.data[i + 1], img.data[i + 2]];
      if (r < 235 || g < 235 || b < 235) inked++;
      if (r > 180 && g < 80 && b < 80) red++;
    }
    const n = img.width * img.height;
    return { width: img.width, height: img.height, inked: inked / n, red: red / n, png };
  });
}
