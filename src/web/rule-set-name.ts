import { findRuleSet } from '../engine';
import { isMessageKey, Lang, t } from '../i18n';

/** A rule set's name as a page in `lang` shows it (`Scrabble (engleski)`), or its id when unknown. */
export function ruleSetName(id: string, lang: Lang): string {
  const key = `ruleSet.${id}`;
  return isMessageKey(key) ? t(lang, key) : (findRuleSet(id)?.name ?? id);
}
