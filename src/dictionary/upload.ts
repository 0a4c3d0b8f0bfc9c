/**
 * An organiser's own word list: plain text, one word per line, in Latin or
 * Cyrillic. Blank lines and lines starting with `#` are skipped. Latin
 * `LJ` `NJ` `DŽ` are one tile each; write `|` between the two letters when
 * they are two tiles (`IN|JEKCIJA`). Lines that are not one Serbian word are
 * reported, not dropped silently.
 */
import { readSerbianWord, TileKeyResult } from './tile-key';

export interface UploadError {
  /** 1-based line number. */
  line: number;
  /** The line as it was (without the line break). */
  text: string;
  message: string;
}

export interface UploadedWordList {
  /** Tile keys, in file order, without duplicates. */
  words: string[];
  errors: UploadError[];
}

/**
 * Reads the list line by line. `readWord` turns one word into its tile key;
 * Serbian by default, any rule set's alphabet with {@link ruleSetWordReader}.
 */
export function parseUploadedWordList(
  text: string,
  readWord: (word: string) => TileKeyResult = readSerbianWord,
): UploadedWordList {
  const words: string[] = [];
  const seen = new Set<string>();
  const errors: UploadError[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (/\s/.test(line)) {
      errors.push({ line: i + 1, text: raw, message: 'one word per line (found a space)' });
      return;
    }
    const read = readWord(line);
    if (!read.ok) {
      errors.push({ line: i + 1, text: raw, message: read.message });
      return;
    }
    if (!seen.has(read.key)) {
      seen.add(read.key);
      words.push(read.key);
    }
  });
  return { words, errors };
}
