import { CompiledRules } from '../rules/compiled';
import { WordList } from '../rules/words';
import { FormedWord, LegalPlay } from './board';

/** Whether every word a play forms is in the list (each answer kept on its word). */
export function everyWordKnown(rules: CompiledRules, words: WordList, play: LegalPlay): boolean {
  const formed = play.words;
  for (let w = 0; w < formed.length; w++) if (!isKnown(rules, words, formed[w])) return false;
  return true;
}

/** Whether a formed word is in the list; kept on the word, since digraph readings ask twice. */
export function isKnown(rules: CompiledRules, words: WordList, word: FormedWord): boolean {
  if (word.known === undefined) {
    word.known = words.hasTiles
      ? words.hasTiles(word.tiles, rules.alphabet.keys)
      : words.has(rules.alphabet.keyOf(word.tiles));
  }
  return word.known;
}
