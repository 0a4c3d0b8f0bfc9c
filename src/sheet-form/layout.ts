import { compileRules } from '../engine/rules/compiled';
import type { RuleOptions, RuleSet } from '../engine/rules/ruleset';

/** A column of a turn row, as typed. Every row holds every field as text; a layout shows some. */
export type RowField =
  | 'player'
  | 'kind'
  | 'position'
  | 'word'
  | 'score'
  | 'total'
  | 'clock'
  | 'challenge'
  | 'challengeBy'
  | 'rack'
  | 'swap'
  | 'rotation'
  | 'taken';

export const ROW_FIELDS: readonly RowField[] = [
  'player',
  'kind',
  'position',
  'word',
  'score',
  'total',
  'clock',
  'challenge',
  'challengeBy',
  'rack',
  'swap',
  'rotation',
  'taken',
];

/** A field of the end of the game; `racks`, `clocks` and `final` have one entry a player. */
export type EndField = 'reason' | 'racks' | 'clocks' | 'timeExpired' | 'final';

/** What the form of one game shows: the columns of the printed blank sheet, plus who and what. */
export interface SheetLayout {
  rules: string;
  options: RuleOptions;
  /** A card game (Quivit): rows are rotations that take cards. */
  cards: boolean;
  players: string[];
  columns: RowField[];
  endFields: EndField[];
  /** End reasons the rule set's games can have, in order. */
  reasons: string[];
  /** Turns of the whole game when the rules fix them (Kvizovka 2 x 10), else null. */
  turnLimit: number | null;
  /** Rows shown on a new sheet. */
  initialRows: number;
}

const CROSSWORD_REASONS = ['turns', 'no-moves', 'time', 'agreed', 'out', 'scoreless'];

/**
 * The form's layout for a rule set: the blank sheet's columns (position,
 * word, score, total, clock; card games rotation, cards taken, score, total)
 * after the player and the kind of turn, and the challenge. The rack is a
 * column where records carry it (games without a turn limit), the blank
 * taken from the board where the rules allow it.
 */
export function sheetLayout(
  ruleSet: RuleSet,
  players: string[],
  options: RuleOptions = {},
): SheetLayout {
  const compiled = compileRules(ruleSet, options).ruleSet;
  const turnLimit =
    compiled.turnsPerPlayer === null ? null : compiled.turnsPerPlayer * players.length;
  if (compiled.cards) {
    return {
      rules: ruleSet.id,
      options,
      cards: true,
      players,
      columns: ['player', 'rotation', 'taken', 'score', 'total'],
      endFields: ['reason', 'final'],
      reasons: ['turns', 'deck', 'agreed'],
      turnLimit: compiled.cards.rounds * players.length,
      initialRows: compiled.cards.rounds * players.length,
    };
  }
  const columns: RowField[] = ['player', 'kind', 'position', 'word', 'score', 'total', 'clock'];
  columns.push('challenge');
  if (players.length > 2) columns.push('challengeBy');
  if (compiled.turnsPerPlayer === null) columns.push('rack');
  if (compiled.blankSwap !== undefined) columns.push('swap');
  const reasons = [...CROSSWORD_REASONS];
  if (compiled.targetScore !== undefined) reasons.push('target');
  if (compiled.endOfGame.consecutivePasses !== undefined) reasons.push('passes');
  return {
    rules: ruleSet.id,
    options,
    cards: false,
    players,
    columns,
    endFields: ['reason', 'racks', 'clocks', 'timeExpired', 'final'],
    reasons,
    turnLimit,
    // A game without a turn limit runs to about a dozen turns a player.
    initialRows: turnLimit ?? 12 * players.length,
  };
}
