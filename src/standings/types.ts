/** A player as pairing and standings see them. */
export interface Player {
  /** Stable id (the database key, a name, …). */
  id: string;
  /** Seed number: 1 is the top seed. Breaks the last ties in standings and pairing. */
  seed: number;
  /** Rating, kept for the caller; the algorithms here use `seed`. */
  rating?: number;
  /** False once the player has withdrawn: never paired, still listed in standings. */
  active: boolean;
}

/** One player's result in a game, as the sheet or the judge decided it. */
export type Outcome = 'win' | 'draw' | 'loss';

/**
 * One game, or a bye (`b === null`), of a round already paired.
 *
 * The result is given per player: a time loss is a `'loss'` whatever the scores,
 * and a double forfeit can be `'loss'`/`'loss'`. When only `resultA` is given,
 * `resultB` is its opposite. A game with neither is not finished: pairing still
 * counts it as a meeting (and its `starts`), standings ignore it. A bye always
 * counts as a win; its result and score fields are ignored.
 */
export interface GameRecord {
  round: number;
  a: string;
  /** The opponent, or `null` for a bye. */
  b: string | null;
  /** Id of the player who moved first; omitted for a bye or when not recorded. */
  starts?: string;
  resultA?: Outcome;
  resultB?: Outcome;
  /** Final scores; spread and total score count 0 for a missing score. */
  scoreA?: number;
  scoreB?: number;
  /** Seconds left on each player's clock at the end (less penalties). */
  remainingA?: number;
  remainingB?: number;
  /** Cards each player took (card games such as Quivit: the most-cards tie-break). */
  cardsA?: number;
  cardsB?: number;
  /**
   * The game was not played: a single forfeit (`resultA`/`resultB` a win and a loss: the loser
   * was absent) or a double forfeit (both `'loss'`). Its scores, clocks and cards are ignored.
   */
  forfeit?: boolean;
}

/** Criteria that order players with equal game points. */
export type TieBreak =
  'spread' | 'remaining-time' | 'buchholz' | 'head-to-head' | 'total-score' | 'cards' | 'seed';

export interface StandingsOptions {
  /** Count only games of rounds `<=` this; all games when omitted. */
  throughRound?: number;
  /** Spread credited for a bye (the bye is a win). Default 0: set it per tournament. */
  byeSpread?: number;
  /** Seconds of remaining time credited for a bye. Default 0. */
  byeRemainingSeconds?: number;
  /**
   * Spread of a single forfeit: + to the player present, − to the absent one (a double
   * forfeit counts 0 to both). Default 0: set it per division.
   */
  forfeitSpread?: number;
  /** Tie-breaks after game points, in order. Default `['spread', 'remaining-time', 'seed']`. */
  tieBreaks?: readonly TieBreak[];
  /**
   * The most spread one game counts for, either way (a 500–200 game counts +150/−150 with a
   * cap of 150); no cap when omitted. The scores themselves (`totalScore`) are not capped.
   */
  spreadCap?: number;
}

export interface StandingsRow {
  /** 1-based; players equal on points and every tie-break share a rank. */
  rank: number;
  playerId: string;
  seed: number;
  active: boolean;
  /** Win 1, draw ½, loss 0, bye 1. */
  points: number;
  /** Games won, not counting byes. */
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /** Games won because the opponent forfeited (counted in `wins`). */
  forfeitWins: number;
  /** Games lost by forfeit, single or double (counted in `losses`). */
  forfeitLosses: number;
  /** Finished games, forfeits included, not counting byes. */
  gamesPlayed: number;
  /** Σ (own score − opponent's score), plus `byeSpread` per bye and ±`forfeitSpread` per forfeit. */
  spread: number;
  /** Σ seconds left on the player's clock, plus `byeRemainingSeconds` per bye. */
  remainingSeconds: number;
  /** Σ own final scores (byes add nothing). */
  totalScore: number;
  /** Σ cards taken (card games; byes add nothing). */
  cards: number;
  /** Σ of the current points of every opponent met in a game played; a bye or forfeit adds 0. */
  buchholz: number;
  /**
   * Points scored against the players tied with this one when the head-to-head
   * tie-break was applied; 0 when head-to-head is not among the tie-breaks.
   */
  headToHead: number;
  /** The value of each tie-break in `options.tieBreaks` order (seed as −seed: higher is better). */
  tieBreaks: number[];
}
