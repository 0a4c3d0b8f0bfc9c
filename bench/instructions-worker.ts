/**
 * Run under valgrind by `instructions.bench.ts`: verifies the first `count`
 * games of a list (cycling) against a word list, and nothing else; with `json`, also writes
 * each report out as JSON (as the server stores it).
 * Arguments: GAMES.json WORDLIST.dawg|none COUNT [json].
 */
import * as fs from 'node:fs';
import { verifyDocument } from '../src/engine';
import { readWordListFile } from '../src/dictionary/loader';

const [gamesFile, wordListFile, countText, output] = process.argv.slice(2);
const docs = JSON.parse(fs.readFileSync(gamesFile, 'utf8')) as unknown[];
const words = wordListFile === 'none' ? null : readWordListFile(wordListFile);
const count = Number(countText);
if (output === 'json') {
  for (let i = 0; i < count; i++) {
    const verified = verifyDocument(docs[i % docs.length], { words });
    if (verified.ok) JSON.stringify(verified.report);
  }
} else {
  for (let i = 0; i < count; i++) verifyDocument(docs[i % docs.length], { words });
}
