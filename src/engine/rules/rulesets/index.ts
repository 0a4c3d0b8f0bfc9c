import { RuleSet } from '../ruleset';
import { KVIZOVKA } from './kvizovka';
import { QUIVIT } from './quivit';
import { QWIBBLE } from './qwibble';
import { SCRABBLE_EN, SCRABBLE_FR } from './scrabble';
import { SCRABBLE_TARGET } from './scrabble-target';

/** Every rule set the engine knows, by id. */
export const RULE_SETS: Readonly<Record<string, RuleSet>> = {
  [KVIZOVKA.id]: KVIZOVKA,
  [SCRABBLE_EN.id]: SCRABBLE_EN,
  [SCRABBLE_FR.id]: SCRABBLE_FR,
  [SCRABBLE_TARGET.id]: SCRABBLE_TARGET,
  [QWIBBLE.id]: QWIBBLE,
  [QUIVIT.id]: QUIVIT,
};

/** The rule set with this id, or `undefined`. */
export function findRuleSet(id: string): RuleSet | undefined {
  return Object.prototype.hasOwnProperty.call(RULE_SETS, id) ? RULE_SETS[id] : undefined;
}

export { KVIZOVKA, QUIVIT, QWIBBLE, SCRABBLE_EN, SCRABBLE_FR, SCRABBLE_TARGET };
