import { writeFileSync } from 'fs';
import { join } from 'path';
import { MessageKey, srLatn } from './sr-Latn';
import { latinToCyrillic } from './transliterate';

/**
 * Where the transliteration of the Latin table is not what a Serbian reader
 * expects, the Cyrillic text to use instead. Empty while none is needed.
 */
export const CYRILLIC_OVERRIDES: Partial<Record<MessageKey, string>> = {};

/** The Serbian Cyrillic table as the Latin table transliterated, with the overrides. */
export function cyrillicFromLatin(): Record<MessageKey, string> {
  const out = {} as Record<MessageKey, string>;
  for (const key of Object.keys(srLatn) as MessageKey[]) {
    out[key] = CYRILLIC_OVERRIDES[key] ?? latinToCyrillic(srLatn[key]);
  }
  return out;
}

const quote = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The source of `sr-Cyrl.ts` (run Prettier on it after writing). */
export function cyrillicModuleSource(): string {
  const table = cyrillicFromLatin();
  const lines = (Object.keys(table) as MessageKey[]).map(
    (k) => `  ${quote(k)}: ${quote(table[k])},`,
  );
  return [
    "import type { MessageKey } from './sr-Latn';",
    '',
    '/**',
    ' * Serbian, Cyrillic script. Generated from the Latin table by',
    ' * `node dist/src/i18n/generate-cyrillic.js` (then Prettier); edit the Latin',
    ' * table or `CYRILLIC_OVERRIDES`, not this file. A test checks they agree.',
    ' */',
    'export const srCyrl = {',
    ...lines,
    '} as const satisfies Record<MessageKey, string>;',
    '',
  ].join('\n');
}

if (require.main === module) {
  const target = join(process.cwd(), 'src', 'i18n', 'sr-Cyrl.ts');
  writeFileSync(target, cyrillicModuleSource());
  process.stdout.write(`wrote ${target}\n`);
}
