import { findRuleSet, WordList } from '../engine';
import { loadWordList, WORD_LIST_IDS, WordListId } from './loader';

/** The shipped word list a rule set names, or null when it names none that ships. */
export function defaultWordList(rulesId: string): WordList | null {
  const id = findRuleSet(rulesId)?.wordList;
  return id && (WORD_LIST_IDS as readonly string[]).includes(id)
    ? loadWordList(id as WordListId)
    : null;
}
