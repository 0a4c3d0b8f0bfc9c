/**
 * Qwibble's tile ownership: who owns each tile and which are safe, what a play steals, and the
 * tie-breaks that come of it.
 */
import { GameResult, PlayerReport } from '../report/report';
import { CompiledRules } from '../rules/compiled';
import { TieBreakRule } from '../rules/ruleset';
import { Board, LegalPlay } from './board';
import { ReplayState, ReplayTurn } from './state';

/** What a play does to ownership, before it is applied. */
export interface StealOutcome {
  /** Points the player gains: the tiles placed and the tiles stolen. */
  score: number;
  /** Each word's share of `score` (a tile counts in the first word that holds it). */
  wordScores: number[];
  stolenFrom: number;
  stolenPoints: number;
  stolenSquares: number[];
  /** Squares whose tiles become safe (newly placed, stolen or the player's own). */
  madeSafe: number[];
  placed: number[];
}

/**
 * Who owns each tile, and which are safe (Qwibble). A player's score is the
 * value of the tiles they own: a play gains the tiles placed, and every
 * opponent's tile that is not safe in a word the play forms moves to the
 * player. A word through a newly covered padlock square, or the main word of
 * a play of every rack tile, becomes safe.
 */
export class Ownership {
  /** `owner[square]`: 0 none, else player + 1. */
  readonly owner: Uint8Array;
  readonly safe: Uint8Array;
  readonly tilesPlayed: number[];
  readonly biggestSteal: number[];

  constructor(
    squares: number,
    private readonly players: number,
  ) {
    this.owner = new Uint8Array(squares);
    this.safe = new Uint8Array(squares);
    this.tilesPlayed = new Array<number>(players).fill(0);
    this.biggestSteal = new Array<number>(players).fill(0);
  }

  /** What a legal play would gain and take, without changing anything. */
  assess(rules: CompiledRules, play: LegalPlay, mover: number): StealOutcome {
    const { size, alphabet, safeSquare, ruleSet } = rules;
    const placed = play.placedSquares;
    const isPlaced = new Set(placed);
    const credited = new Set<number>();
    const stolenSquares: number[] = [];
    let stolenFrom = (mover + 1) % this.players;
    let stolenPoints = 0;
    const safeWords: number[] = [];
    const allTiles = ruleSet.stealing?.allTilesSafe === true && placed.length === ruleSet.rackSize;
    const wordScores = play.words.map((word, w) => {
      const step = word.direction === 'across' ? 1 : size;
      let points = 0;
      let onPadlock = false;
      for (let k = 0, sq = word.start; k < word.tiles.length; k++, sq += step) {
        if (isPlaced.has(sq) && safeSquare?.[sq]) onPadlock = true;
        if (credited.has(sq)) continue;
        const value = alphabet.valueOf(word.tiles[k]);
        if (isPlaced.has(sq)) {
          credited.add(sq);
          points += value;
        } else if (this.owner[sq] !== 0 && this.owner[sq] !== mover + 1 && !this.safe[sq]) {
          credited.add(sq);
          stolenSquares.push(sq);
          stolenFrom = this.owner[sq] - 1;
          stolenPoints += value;
          points += value;
        }
      }
      if (onPadlock || (allTiles && word.main)) safeWords.push(w);
      return points;
    });
    const madeSafe: number[] = [];
    const seen = new Set<number>();
    for (const w of safeWords) {
      const word = play.words[w];
      const step = word.direction === 'across' ? 1 : size;
      for (let k = 0, sq = word.start; k < word.tiles.length; k++, sq += step) {
        if (seen.has(sq) || this.safe[sq]) continue;
        seen.add(sq);
        // An opponent's safe tile stays theirs; everything else in the word is the player's now.
        madeSafe.push(sq);
      }
    }
    madeSafe.sort((a, b) => a - b);
    let score = 0;
    for (const points of wordScores) score += points;
    return {
      score,
      wordScores,
      stolenFrom,
      stolenPoints,
      stolenSquares,
      madeSafe,
      placed,
    };
  }

  /** Records an assessed play that was applied to the board. */
  apply(outcome: StealOutcome, mover: number): void {
    const mark = mover + 1;
    for (const sq of outcome.placed) this.owner[sq] = mark;
    for (const sq of outcome.stolenSquares) this.owner[sq] = mark;
    for (const sq of outcome.madeSafe) this.safe[sq] = 1;
    this.tilesPlayed[mover] += outcome.placed.length;
    this.biggestSteal[mover] = Math.max(this.biggestSteal[mover], outcome.stolenPoints);
  }

  /** A player's figures for the report and the tie-breaks. */
  account(
    rules: CompiledRules,
    board: Board,
    player: number,
  ): { safePoints: number; tilesPlayed: number; biggestSteal: number } {
    let safePoints = 0;
    for (let sq = 0; sq < this.owner.length; sq++) {
      if (this.owner[sq] === player + 1 && this.safe[sq]) {
        safePoints += rules.alphabet.valueOf(board.cells[sq]);
      }
    }
    return {
      safePoints,
      tilesPlayed: this.tilesPlayed[player],
      biggestSteal: this.biggestSteal[player],
    };
  }

  /** A legal play's points in a stealing game: what it places and what it steals. */
  assessFor(state: ReplayState, play: LegalPlay, mover: number): StealOutcome {
    return this.assess(state.rules, play, mover);
  }

  /** A play applied: the tiles it steals move to the mover, and the report says what and from whom. */
  record(state: ReplayState, t: ReplayTurn, steal: StealOutcome): void {
    const { rules } = state;
    const { report } = t;
    const other = steal.stolenFrom;
    this.apply(steal, t.player);
    report.score.computed = steal.score;
    report.stolen = {
      from: other,
      points: steal.stolenPoints,
      squares: steal.stolenSquares.map((sq) => rules.squareNames[sq]),
    };
    report.madeSafe = steal.madeSafe.map((sq) => rules.squareNames[sq]);
    if (steal.stolenPoints > 0) {
      state.totals[other] -= steal.stolenPoints;
      state.lostSince[other] += steal.stolenPoints;
    }
  }

  /** The tie-breaks of a stealing game: safe points, tiles played, the biggest steal. */
  tieBreaks(values: Partial<Record<TieBreakRule, number[]>>, players: PlayerReport[]): void {
    values['safe-points'] = players.map((pl) => pl.safePoints ?? 0);
    values['tiles-played'] = players.map((pl) => pl.tilesPlayed ?? 0);
    values['biggest-steal'] = players.map((pl) => pl.biggestSteal ?? 0);
  }

  /** Equal on everything: the rule book has the winner drawn by lot. */
  afterResult(state: ReplayState, result: GameResult): void {
    if (result.reason !== 'draw' || !state.rules.ruleSet.tieBreaks) return;
    state.gameIssues.push({
      code: 'TIE_BY_LOT',
      severity: 'info',
      message:
        'End of game: the scores and every tie-break are equal; the rule book has the winner drawn at random, which the judge does and records as the result',
    });
  }

  /** Rows of owners: `.` none, `a` `b` … the players' tiles, upper case when safe. */
  draw(size: number): string[] {
    const rows: string[] = [];
    for (let r = 0; r < size; r++) {
      const squares: string[] = [];
      for (let c = 0; c < size; c++) {
        const sq = r * size + c;
        const o = this.owner[sq];
        const ch = o === 0 ? '.' : String.fromCharCode(96 + o);
        squares.push(this.safe[sq] ? ch.toUpperCase() : ch);
      }
      rows.push(squares.join(' '));
    }
    return rows;
  }
}
