/** A name as compared: Unicode NFC, spaces collapsed, case folded (`ana  PETROVIĆ` = `Ana Petrović`). */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('sr');
}

/**
 * Players' names in alphabetical order for a page's language: Serbian Latin order on a Serbian
 * page, Latin or Cyrillic (C, Č, Ć, D, Dž, Đ, …, Z, Ž; plain `sr` is Cyrillic order, which puts
 * Č and Ć before C in a Latin name), Croatian order on a Croatian one, the English order on an
 * English one.
 */
export function nameOrder(lang: string): (a: string, b: string) => number {
  return (lang === 'en' ? ENGLISH_ORDER : lang === 'hr' ? CROATIAN_ORDER : SERBIAN_ORDER).compare;
}
// Croatian's alphabet is Serbian Latin's (C, Č, Ć, D, Dž, Đ, …): its own collation says so.
const CROATIAN_ORDER = new Intl.Collator('hr', { sensitivity: 'base', numeric: true });
const SERBIAN_ORDER = new Intl.Collator('sr-Latn', { sensitivity: 'base', numeric: true });
const ENGLISH_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A name as stored: NFC, spaces collapsed, case kept. */
export function cleanName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}

// prettier-ignore
/** Serbian Cyrillic in Latin letters, and the letters of other scripts that look like Latin ones. */
const AS_LATIN: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ђ: 'dj', е: 'e', ж: 'z', з: 'z', и: 'i', ј: 'j',
  к: 'k', л: 'l', љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o', п: 'p', р: 'r', с: 's', т: 't',
  ћ: 'c', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'c', џ: 'dz', ш: 's',
  // Other Cyrillic letters, read as the Latin letters they look like.
  і: 'i', ї: 'i', ѕ: 's', ё: 'e', є: 'e', й: 'i', ы: 'y', ъ: '', ь: '', э: 'e', ю: 'ju', я: 'ja',
  // Greek letters that look like Latin ones.
  α: 'a', β: 'b', ε: 'e', ζ: 'z', η: 'n', ι: 'i', κ: 'k', μ: 'm', ν: 'v', ο: 'o', ρ: 'p',
  τ: 't', υ: 'u', χ: 'x', ς: 's',
  // Latin letters with strokes, which lose no accent when the marks go.
  đ: 'dj', ð: 'd', ł: 'l', ø: 'o', ı: 'i',
};

/**
 * A name as it reads to the eye: compatibility forms folded (full-width letters, ligatures),
 * Cyrillic and look-alike letters written in Latin, accents dropped, case and spaces ignored.
 * `Ana Petrović`, `Ана Петровић`, `ana petrovic` and `Аna Pеtrović` (with Cyrillic А and е)
 * share it: two players whose names share it would be told apart on a list only by a careful
 * reader, and on a score sheet not at all.
 */
export function lookAlikeKey(name: string): string {
  const folded = name
    .normalize('NFKC')
    .toLocaleLowerCase('sr')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  let out = '';
  for (const ch of folded) out += AS_LATIN[ch] ?? ch;
  return out.replace(/\s+/g, ' ').trim();
}
