import { writeFileSync } from 'fs';
import { join } from 'path';
import {
  isArgumentElement,
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer';
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
    out[key] = CYRILLIC_OVERRIDES[key] ?? messageToCyrillic(srLatn[key]);
  }
  return out;
}

/**
 * A message in Cyrillic: its text transliterated, its syntax not. A message with plurals,
 * selects or formatted numbers has its literal text transliterated branch by branch, and its
 * argument names and keywords (`plural`, `one`, `few`, `other`, `number`) kept; any other as a
 * whole, its `{names}` kept.
 */
export function messageToCyrillic(message: string): string {
  const elements = parse(message, { ignoreTag: true });
  if (elements.every((e) => isLiteralElement(e) || isArgumentElement(e)))
    return latinToCyrillic(message);
  return printAST(elements.map(elementToCyrillic));
}

function elementToCyrillic(element: MessageFormatElement): MessageFormatElement {
  if (isLiteralElement(element)) return { ...element, value: latinToCyrillic(element.value) };
  if (isPluralElement(element) || isSelectElement(element)) {
    const options = Object.fromEntries(
      Object.entries(element.options).map(([name, option]) => [
        name,
        { ...option, value: option.value.map(elementToCyrillic) },
      ]),
    );
    return { ...element, options };
  }
  return element;
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
