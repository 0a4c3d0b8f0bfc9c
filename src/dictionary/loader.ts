/**
 * Loads the word lists shipped in `data/dictionaries/` (built by the scripts in
 * `scripts/dictionary/`; nothing is downloaded at run time).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DawgWordList } from './dawg';

/** The shipped lists: Kvizovka (Serbian), English (SOWPODS) and French Scrabble. */
export type WordListId = 'sr-kvizovka' | 'en' | 'fr';

export const WORD_LIST_IDS: readonly WordListId[] = ['sr-kvizovka', 'en', 'fr'];

/** Environment variable that points at another folder of `.dawg.gz` files. */
export const DICTIONARY_DIR_ENV = 'ARBITER_DICTIONARY_DIR';

let cachedDir: string | undefined;

/**
 * The folder holding the lists: `$ARBITER_DICTIONARY_DIR` if set, else the
 * first `data/dictionaries` found going up from this file (so it works from
 * `src/` under ts-jest and from `dist/src/` after `tsc`).
 */
export function dictionaryDir(): string {
  const fromEnv = process.env[DICTIONARY_DIR_ENV];
  if (fromEnv) return path.resolve(fromEnv);
  if (cachedDir) return cachedDir;
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'data', 'dictionaries');
    if (fs.existsSync(path.join(candidate, 'sr-kvizovka.dawg.gz'))) return (cachedDir = candidate);
    const up = path.dirname(dir);
    if (up === dir)
      throw new Error(
        `cannot find data/dictionaries above ${__dirname}; set ${DICTIONARY_DIR_ENV}`,
      );
    dir = up;
  }
}

/** Reads a `.dawg` or `.dawg.gz` file. */
export function readWordListFile(file: string): DawgWordList {
  const bytes = fs.readFileSync(file);
  return DawgWordList.fromBytes(file.endsWith('.gz') ? gunzipSync(bytes) : bytes);
}

const cache = new Map<WordListId, DawgWordList>();

/** A shipped word list, read once per process and then shared. */
export function loadWordList(id: WordListId): DawgWordList {
  let list = cache.get(id);
  if (!list) {
    if (!WORD_LIST_IDS.includes(id)) throw new Error(`unknown word list ${JSON.stringify(id)}`);
    list = readWordListFile(path.join(dictionaryDir(), `${id}.dawg.gz`));
    if (list.header.id !== id) throw new Error(`${id}.dawg.gz holds the list ${list.header.id}`);
    cache.set(id, list);
  }
  return list;
}

/** Forgets loaded lists (for tests and benchmarks). */
export function clearWordListCache(): void {
  cache.clear();
  cachedDir = undefined;
}
