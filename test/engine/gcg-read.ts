/**
 * Reading a GCG record as `arbiter verify` does, for the engine's GCG tests:
 * parse, convert to a score sheet, read that sheet back from its JSON, verify.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import {
  decodeGcg,
  gcgToScoresheet,
  parseGcg,
  readScoresheet,
  verifyScoresheet,
} from '../../src/engine';
import { defaultWordList } from '../../src/dictionary/default-lists';

/** Records written in each recorder's own dialect. */
export const DIALECTS = join(__dirname, '..', 'fixtures', 'gcg-dialects');

/** A dialect record as written, for variants made by changing a line. */
export const recordText = (file: string) => decodeGcg(readFileSync(join(DIALECTS, file)));

/**
 * A record read, converted and verified (with `words`, against its rule set's word
 * list; without, placements and sums only). Throws, naming `label`, if any step refuses it.
 */
export function verifyGcg(text: string, words = false, label = 'record') {
  const parsed = parseGcg(text);
  if (!parsed.ok) throw new Error(`${label}: ${JSON.stringify(parsed.errors)}`);
  const converted = gcgToScoresheet(parsed.game);
  if (!converted.ok) throw new Error(`${label}: ${JSON.stringify(converted.errors)}`);
  const read = readScoresheet(JSON.parse(JSON.stringify(converted.value.sheet)));
  if (!read.ok) throw new Error(`${label}: ${JSON.stringify(read.errors)}`);
  const report = verifyScoresheet(read.sheet, {
    words: words ? defaultWordList(read.sheet.rules) : null,
  });
  return { game: parsed.game, sheet: read.sheet, report };
}
