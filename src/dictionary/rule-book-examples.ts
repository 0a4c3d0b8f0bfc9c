/**
 * The word examples of the Kvizovka rule book ("Valid Words"), which the
 * Serbian list must get right: the build checks them and so do the tests.
 */
export const RULE_BOOK_ACCEPTED: readonly string[] = [
  'PAS',
  'KUĆA',
  'TRČATI',
  'JESTI',
  'LEP',
  'LEPA',
  'LEPO',
  'LEPOG',
  'OVO',
  'ONO',
  'KOJI',
  'JEDAN',
  'DVA',
  'PRVI',
];

/** Examples the rule book refuses: a genitive, a conjugated verb, a comparative, proper nouns. */
export const RULE_BOOK_REFUSED: readonly string[] = [
  'PSA',
  'KUĆE',
  'TRČI',
  'LEPŠI',
  'BEOGRAD',
  'MARKO',
];
