import { compileRules, findRuleSet, type VerificationReport } from '../engine';
import { familyOf } from './families';

/*
 * A person's figures across events, from verified score sheets only (a game whose result was
 * taken from its sheet, with the engine's report): a typed result says nothing of plays or
 * clocks. Pure: the caller gives the games' reports and the person's seat in each.
 */

/** One of the person's games whose result stands on its verified sheet. */
export interface VerifiedSheetGame {
  gameId: number;
  /** The division's rule set (its family groups the figures, its rules say what a long word is). */
  ruleSet: string;
  /** The person's seat, 0 first (the report's players are in seat order). */
  seat: number;
  report: Pick<VerificationReport, 'turns' | 'players' | 'result'>;
}

/** The figures of one family (a Scrabble average says nothing of a Kvizovka one). */
export interface FamilyStatistics {
  family: string;
  /** Verified games the figures come from. */
  games: number;
  averageScore: number;
  /** Letters from which a word is long, by the family's rule set; null in card games (no words). */
  longWordLength: number | null;
  /** Words of the person's standing plays that are long (each word a play formed counts). */
  longWords: number;
  /** The person's plays that used every tile of the rack, as the engine's report says. */
  bingos: number;
  /** The highest-scoring standing play: its score, its word (the play as read) and its game. */
  highestPlay: { score: number; play: string; gameId: number } | null;
  /** Games won, and the clock left in them on average (seconds; null with no win). */
  wins: number;
  averageTimeLeftInWins: number | null;
}

/**
 * How many letters make a word long in a rule set: the length its long-word bonus starts at
 * (Kvizovka: 10), else a full rack's (Scrabble: 7, a word as long as a bingo needs); null for a
 * card game, which has no words.
 */
export function longWordLength(ruleSet: string): number | null {
  const rules = findRuleSet(ruleSet);
  if (!rules || rules.cards !== undefined) return null;
  return rules.bonuses.longWord?.fromLength ?? rules.rackSize;
}

/** Tiles of a word in sheet notation (a digraph such as NJ is one tile); null if unreadable. */
function tilesOf(ruleSet: string, word: string): number | null {
  const rules = findRuleSet(ruleSet);
  if (!rules) return null;
  const tiles = compileRules(rules).alphabet.readFirst(word, 0);
  return Array.isArray(tiles) ? tiles.length : null;
}

/** The person's figures per family, in the order of their first game there. */
export function personStatistics(games: readonly VerifiedSheetGame[]): FamilyStatistics[] {
  const byFamily = new Map<string, FamilyStatistics & { scoreSum: number; timeSum: number }>();
  for (const g of games) {
    const family = familyOf(g.ruleSet);
    let s = byFamily.get(family);
    if (!s) {
      s = {
        family,
        games: 0,
        averageScore: 0,
        longWordLength: longWordLength(g.ruleSet),
        longWords: 0,
        bingos: 0,
        highestPlay: null,
        wins: 0,
        averageTimeLeftInWins: null,
        scoreSum: 0,
        timeSum: 0,
      };
      byFamily.set(family, s);
    }
    const own = g.report.players[g.seat];
    if (!own) continue;
    s.games++;
    s.scoreSum += own.final;
    if (g.report.result.winner === g.seat) {
      s.wins++;
      s.timeSum += Math.max(0, own.remainingSeconds);
    }
    const long = longWordLength(g.ruleSet);
    for (const turn of g.report.turns) {
      if (turn.player !== g.seat || turn.kind !== 'play') continue;
      // A play that stands: taken back after a challenge (or illegal) it scored nothing.
      if (turn.status !== 'ok' && turn.status !== 'score-mismatch') continue;
      const play = turn.reading ?? turn.play ?? '';
      if (!s.highestPlay || turn.score.computed > s.highestPlay.score) {
        s.highestPlay = { score: turn.score.computed, play, gameId: g.gameId };
      }
      for (const b of turn.bonuses) if (b.kind === 'all-tiles') s.bingos++;
      if (long !== null) {
        for (const w of turn.words) {
          const n = tilesOf(g.ruleSet, w.word);
          if (n !== null && n >= long) s.longWords++;
        }
      }
    }
  }
  return [...byFamily.values()]
    .filter((s) => s.games > 0)
    .map(({ scoreSum, timeSum, ...s }) => ({
      ...s,
      averageScore: Math.round((scoreSum / s.games) * 10) / 10,
      averageTimeLeftInWins: s.wins > 0 ? Math.round(timeSum / s.wins) : null,
    }));
}
