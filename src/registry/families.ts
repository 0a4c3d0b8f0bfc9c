/**
 * Game families: a rating is kept per family, and a division's family is its rule set's.
 * Each rule set is a family of its own today: the target-score variant is played for a
 * different aim than Scrabble to the end, so a rating of one says little about the other.
 */
const FAMILY_OF_RULE_SET: Readonly<Record<string, string>> = {
  kvizovka: 'kvizovka',
  'scrabble-en': 'scrabble-en',
  'scrabble-fr': 'scrabble-fr',
  'scrabble-target': 'scrabble-target',
  qwibble: 'qwibble',
  quivit: 'quivit',
};

/** Every family, in the order lists show them. */
export const FAMILIES: readonly string[] = [...new Set(Object.values(FAMILY_OF_RULE_SET))];

/** The family of a rule set (an unknown rule set is a family of its own). */
export function familyOf(ruleSet: string): string {
  return FAMILY_OF_RULE_SET[ruleSet] ?? ruleSet;
}

/** Whether `family` names a family (for input such as a CSV's). */
export const isFamily = (family: string): boolean => FAMILIES.includes(family);
