import { RuleSet } from '../ruleset';
import { KVIZOVKA } from './kvizovka';
import { SCRABBLE_EN, SCRABBLE_FR } from './scrabble';

/** Every rule set the engine knows, by id. */
export const RULE_SETS: Readonly<Record<string, RuleSet>> = {
  [KVIZOVKA.id]: KVIZOVKA,
  [SCRABBLE_EN.id]: SCRABBLE_EN,
  [SCRABBLE_FR.id]: SCRABBLE_FR,
};

/** The rule set with this id, or `undefined`. */
export function findRuleSet(id: string): RuleSet | undefined {
  return Object.prototype.hasOwnProperty.call(RULE_SETS, id) ? RULE_SETS[id] : undefined;
}

export { KVIZOVKA, SCRABBLE_EN, SCRABBLE_FR };
