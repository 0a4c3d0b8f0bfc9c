import { tieBreaksOf, type RuleSet } from '../engine';

/*
 * The pairing systems and tie-breaks a tournament may choose: plain values, which pages, DTOs,
 * imports and the pure checks read without the tournament's entity.
 */

/** Pairing systems of src/pairing, plus `manual` (the organiser gives the tables). */
export const PAIRING_SYSTEMS = [
  'swiss',
  'round-robin',
  'double-round-robin',
  'king-of-the-hill',
  'random',
  'seeded',
  'manual',
] as const;

/** A pairing system for one round. */
export type PairingSystem = (typeof PAIRING_SYSTEMS)[number];

/**
 * True for systems whose tables do not depend on results (a schedule fixed in advance). Beside
 * the systems rather than with the division's rules so that the pure checks of an import can
 * ask it too.
 */
export function isScheduled(system: PairingSystem): boolean {
  return system === 'round-robin' || system === 'double-round-robin';
}

/** Tie-breaks an organiser may order; the seed always breaks the last ties. */
export const TIE_BREAKS = [
  'spread',
  'remaining-time',
  'buchholz',
  'head-to-head',
  'total-score',
  'cards',
] as const;

/** A tie-break after game points. */
export type TieBreak = (typeof TIE_BREAKS)[number];

/** The default order: the rules' spread, then cumulative remaining time. */
export const DEFAULT_TIE_BREAKS: TieBreak[] = ['spread', 'remaining-time'];

/**
 * The tie-breaks a division of this rule set may order: the time left only in a game with a
 * game clock, the cards taken only in a card game (Quivit, which has no game clock).
 */
export function tieBreaksFitting(ruleSet: Pick<RuleSet, 'cards'> | undefined): TieBreak[] {
  const cards = ruleSet?.cards !== undefined;
  return TIE_BREAKS.filter((tb) => (tb === 'cards' ? cards : tb !== 'remaining-time' || !cards));
}

/**
 * A new division's tie-breaks when none are chosen: the spread, then what the game's own rules
 * break a tied game by where the standings know it (the time left in Kvizovka and Scrabble, the
 * cards taken in Quivit), and the time left in any game with a clock (Qwibble, whose own
 * figures the standings do not count), as before games had defaults of their own.
 */
export function defaultTieBreaks(ruleSet: RuleSet | undefined): TieBreak[] {
  if (!ruleSet) return [...DEFAULT_TIE_BREAKS];
  const fitting = tieBreaksFitting(ruleSet);
  const own = tieBreaksOf(ruleSet).flatMap((rule) =>
    fitting.filter((tb) => tb === (rule as string)),
  );
  const clock: TieBreak[] =
    fitting.includes('remaining-time') && !own.includes('remaining-time') ? ['remaining-time'] : [];
  return ['spread', ...own, ...clock];
}

/** Systems the pages offer (a manual round needs the tables from the API). */
export const SYSTEMS = PAIRING_SYSTEMS.filter(
  (s): s is Exclude<PairingSystem, 'manual'> => s !== 'manual',
);
