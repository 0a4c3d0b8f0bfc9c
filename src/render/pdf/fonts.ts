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
