/**
 * Serbian Latin → Cyrillic, letter for letter, with the digraphs LJ, NJ and DŽ
 * read as one letter (Љ, Њ, Џ) except in the few words where they are two
 * (`injekcija` → `инјекција`, `nadživeti` → `надживети`).
 *
 * `{placeholders}` and the tokens of {@link KEEP_LATIN} are left as they are.
 */

// prettier-ignore
const SINGLE: Readonly<Record<string, string>> = {
  A: 'А', B: 'Б', C: 'Ц', Č: 'Ч', Ć: 'Ћ', D: 'Д', Đ: 'Ђ', E: 'Е', F: 'Ф', G: 'Г',
  H: 'Х', I: 'И', J: 'Ј', K: 'К', L: 'Л', M: 'М', N: 'Н', O: 'О', P: 'П', R: 'Р',
  S: 'С', Š: 'Ш', T: 'Т', U: 'У', V: 'В', Z: 'З', Ž: 'Ж',
  a: 'а', b: 'б', c: 'ц', č: 'ч', ć: 'ћ', d: 'д', đ: 'ђ', e: 'е', f: 'ф', g: 'г',
  h: 'х', i: 'и', j: 'ј', k: 'к', l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', r: 'р',
  s: 'с', š: 'ш', t: 'т', u: 'у', v: 'в', z: 'з', ž: 'ж',
  // The Unicode digraph letters.
  Ǆ: 'Џ', ǅ: 'Џ', ǆ: 'џ', Ǉ: 'Љ', ǈ: 'Љ', ǉ: 'љ', Ǌ: 'Њ', ǋ: 'Њ', ǌ: 'њ',
};

const DIGRAPH: Readonly<Record<string, string>> = { dž: 'џ', lj: 'љ', nj: 'њ' };

/**
 * Word stems in which n+j or d+ž are two letters (a prefix meets a root, or a
 * borrowed word). Matched at the start of a word, case-insensitively.
 */
export const TWO_LETTER_STEMS: readonly string[] = [
  'injekc',
  'konjunk',
  'konjug',
  'vanjezi',
  'tanjug',
  'injunkt',
  'nadživ',
  'nadžnje',
  'nadžnj',
  'podžanr',
  'podžup',
  'odžal',
  'odživ',
];

/** Tokens that stay in Latin letters in Cyrillic text: abbreviations and formats. */
export const KEEP_LATIN: ReadonlySet<string> = new Set([
  'PDF',
  'CSV',
  'SVG',
  'JSON',
  'GCG',
  'URL',
  'scoresheet',
  'mm',
  'ss',
  // Games named as printed on their boxes.
  'Scrabble',
  'Qwibble',
  'Quivit',
  // Quivit's Color Block and Double Rotate cards, named as printed on the box.
  'Color',
  'Block',
  'Double',
  'Rotate',
  // A score sheet's field and a query parameter, named as the document and the address write them.
  'players',
  'round',
]);

const WORD = /[\p{L}]+/gu;
const BREAK = '\u0000';

function transliterateWord(word: string): string {
  if (KEEP_LATIN.has(word)) return word;
  const lower = word.toLowerCase();
  let marked = word;
  for (const stem of TWO_LETTER_STEMS) {
    if (lower.startsWith(stem)) {
      // Split the digraph: the stem's n/d is followed by j/ž within the stem.
      const at = stem.search(/nj|dž/);
      if (at >= 0) marked = word.slice(0, at + 1) + BREAK + word.slice(at + 1);
      break;
    }
  }
  let out = '';
  for (let i = 0; i < marked.length; i++) {
    const ch = marked[i];
    if (ch === BREAK) continue;
    const pair = marked.slice(i, i + 2);
    const cyr = DIGRAPH[pair.toLowerCase()];
    if (cyr) {
      out += ch === ch.toLowerCase() ? cyr : cyr.toUpperCase();
      i++;
      continue;
    }
    out += SINGLE[ch] ?? ch;
  }
  return out;
}

/** Serbian Latin text in Serbian Cyrillic. */
export function latinToCyrillic(text: string): string {
  // Keep `{placeholder}` names as they are.
  return text
    .normalize('NFC')
    .split(/(\{[A-Za-z0-9_]+\})/)
    .map((part) =>
      part.startsWith('{') && part.endsWith('}')
        ? part
        : part.replace(WORD, (w) => transliterateWord(w)),
    )
    .join('');
}
