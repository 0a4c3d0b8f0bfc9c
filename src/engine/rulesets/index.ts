import { RuleSet } from '../ruleset';
import { KVIZOVKA } from './kvizovka';

/** Every rule set the engine knows, by id. */
export const RULE_SETS: Readonly<Record<string, RuleSet>> = {
  [KVIZOVKA.id]: KVIZOVKA,
};

/** The rule set with this id, or `undefined`. */
export function findRuleSet(id: string): RuleSet | undefined {
  return Object.prototype.hasOwnProperty.call(RULE_SETS, id) ? RULE_SETS[id] : undefined;
}

export { KVIZOVKA };
