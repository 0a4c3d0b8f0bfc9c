/**
 * Run under valgrind by `instructions.bench.ts`: verifies the first `count`
 * games of a list (cycling) against a word list, and nothing else.
 * Arguments: GAMES.json WORDLIST.dawg|none COUNT.
 */
import * as fs from 'node:fs';
import { verifyDocument } from '../src/engine';
import { readWordListFile } from '../src/dictionary/loader';

const [gamesFile, wordListFile, countText] = process.argv.slice(2);
const docs = JSON.parse(fs.readFileSync(gamesFile, 'utf8')) as unknown[];
const words = wordListFile === 'none' ? null : readWordListFile(wordListFile);
const count = Number(countText);
for (let i = 0; i < count; i++) verifyDocument(docs[i % docs.length], { words });
