import { compileRules, findRuleSet, WordList } from '../engine';

/** The answer for a challenged play: its words as a whole, never which one failed. */
export type Verdict = 'VALID' | 'INVALID';

/** A word of the request that cannot be read. */
export interface JudgeInputError {
  index: number;
  word: string;
  message: string;
}

/**
 * Rules on the words of a challenged play: VALID when every word is in the
 * list, else INVALID, as in tournament adjudication (the players learn
 * nothing about which word failed). Words are read as on a score sheet, case
 * ignored; a Latin LJ/NJ/DŽ counts as found when either of its readings is in
 * the list, because the tiles on the board, not the typing, decide which it is.
 */
export function judgeWords(
  rulesId: string,
  words: readonly string[],
  list: WordList,
): { ok: true; verdict: Verdict } | { ok: false; errors: JudgeInputError[] } {
  const ruleSet = findRuleSet(rulesId);
  if (!ruleSet)
    return {
      ok: false,
      errors: [{ index: -1, word: rulesId, message: `unknown rule set "${rulesId}"` }],
    };
  if (words.length === 0)
    return { ok: false, errors: [{ index: -1, word: '', message: 'give the words of the play' }] };
  const { alphabet } = compileRules(ruleSet);
  const errors: JudgeInputError[] = [];
  let allFound = true;
  words.forEach((word, index) => {
    const trimmed = word.trim();
    if (/[.?]/.test(trimmed)) {
      errors.push({
        index,
        word,
        message: `'${word}': write the whole word in letters (no . or ?)`,
      });
      return;
    }
    const parsed = alphabet.parseWord(trimmed.toUpperCase());
    if (!parsed.ok) {
      errors.push({ index, word, message: parsed.message });
      return;
    }
    if (!parsed.readings.some((r) => list.has(alphabet.keyOf(r.tiles)))) allFound = false;
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, verdict: allFound ? 'VALID' : 'INVALID' };
}

/**
 * A word reader for uploaded lists of any rule set: the word read as on a
 * score sheet (case ignored, `|` splits a Latin digraph), as its tile key.
 */
export function ruleSetWordReader(
  rulesId: string,
): (word: string) => { ok: true; key: string } | { ok: false; message: string } {
  const ruleSet = findRuleSet(rulesId);
  if (!ruleSet) throw new Error(`unknown rule set "${rulesId}"`);
  const { alphabet } = compileRules(ruleSet);
  return (word) => {
    if (/[.?]/.test(word)) return { ok: false, message: `'${word}' must be letters only` };
    const parsed = alphabet.parseWord(word.toUpperCase());
    return parsed.ok ? { ok: true, key: alphabet.keyOf(parsed.readings[0].tiles) } : parsed;
  };
}
