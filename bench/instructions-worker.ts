/**
 * Run under valgrind by `instructions.bench.ts`: verifies the first `count` games of a list
 * (cycling) against a word list, and nothing else.
 * Arguments: GAMES WORDLIST.dawg|none COUNT [MODE].
 * GAMES is a JSON list of score sheets, or a folder of GCG records (each read and converted once
 * before the count, unless MODE is `gcg`). MODE:
 * - `verdict` (the default): the verdict alone;
 * - `json`: the verdict, and the report written out as JSON by the engine's writer (as the server
 *   stores it);
 * - `gcg`: each record read from its bytes, converted to a score sheet and verified.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeGcg, gcgToScoresheet, parseGcg, reportJson, verifyDocument } from '../src/engine';
import { readWordListFile } from '../src/dictionary/loader';

const [gamesFile, wordListFile, countText, mode = 'verdict'] = process.argv.slice(2);
const words = wordListFile === 'none' ? null : readWordListFile(wordListFile);
const count = Number(countText);

/** A GCG record read and converted, as every mode but `gcg` starts from it. */
function sheetOf(bytes: Uint8Array): unknown {
  const parsed = parseGcg(decodeGcg(bytes));
  const converted = parsed.ok ? gcgToScoresheet(parsed.game) : parsed;
  if (!converted.ok) throw new Error(JSON.stringify(converted.errors));
  return JSON.parse(JSON.stringify(converted.value.sheet));
}

const records = fs.statSync(gamesFile).isDirectory()
  ? fs
      .readdirSync(gamesFile)
      .filter((f) => f.endsWith('.gcg'))
      .sort()
      .map((f) => new Uint8Array(fs.readFileSync(path.join(gamesFile, f))))
  : null;
const docs = records
  ? records.map(sheetOf)
  : (JSON.parse(fs.readFileSync(gamesFile, 'utf8')) as unknown[]);

if (mode === 'gcg') {
  if (!records) throw new Error('gcg: GAMES must be a folder of GCG records');
  for (let i = 0; i < count; i++) {
    const parsed = parseGcg(decodeGcg(records[i % records.length]));
    if (!parsed.ok) continue;
    const converted = gcgToScoresheet(parsed.game);
    if (converted.ok) verifyDocument(converted.value.sheet, { words });
  }
} else if (mode === 'json') {
  // Written as the product writes a report (the server's stored report, `verify --json`), and
  // read once: a text joined from pieces is laid flat when first read, as it is when stored or sent.
  let read = 0;
  for (let i = 0; i < count; i++) {
    const verified = verifyDocument(docs[i % docs.length], { words });
    if (!verified.ok) continue;
    const text = reportJson(verified.report);
    read += text.charCodeAt(text.length >> 1);
  }
  if (read < 0) console.log(read);
} else if (mode === 'verdict') {
  for (let i = 0; i < count; i++) verifyDocument(docs[i % docs.length], { words });
} else {
  throw new Error(`no mode '${mode}' (have: verdict, json, gcg)`);
}
