import { outcomesOf } from './standings';
import type { GameRecord, Outcome, StandingsOptions } from './types';

/**
 * What one round was for one player, as a scorecard line says it.
 *
 * - `win`, `loss`, `draw`: a game played (a time loss is a `loss` whatever the scores).
 * - `bye`: a win, with the bye spread.
 * - `forfeit-win`, `forfeit-loss`: a single forfeit (the opponent, or this player, did not come).
 * - `double-forfeit`: neither came; a loss, spread 0.
 * - `pending`: paired, no result yet; counts for nothing yet.
 * - `absent`: marked absent for the round: not paired, no bye, counts for nothing.
 * - `not-joined`: the round was before the player's first round (a late entry).
 * - `not-paired`: paired without this player for another reason (withdrawn then).
 */
export type ScorecardKind =
  | 'win'
  | 'loss'
  | 'draw'
  | 'bye'
  | 'forfeit-win'
  | 'forfeit-loss'
  | 'double-forfeit'
  | 'pending'
  | 'absent'
  | 'not-joined'
  | 'not-paired';

/** A player as a scorecard needs them. */
export interface ScorecardPlayer {
  id: string;
  seed: number;
  /** First round the player could be paired in (a late entry joins later). Default 1. */
  joinedRound?: number;
  /** Rounds the player was marked absent for. */
  absentRounds?: readonly number[];
}

/** One round of a player's scorecard. */
export interface ScorecardLine {
  round: number;
  kind: ScorecardKind;
  /** The opponent's id; null for a bye and a round not paired. */
  opponent: string | null;
  /** True when this player moved first; null when not known or nothing was played. */
  first: boolean | null;
  /** Final scores of a game played with a result; null otherwise (a forfeit has none). */
  score: number | null;
  opponentScore: number | null;
  /**
   * The spread this round adds to the standings: own − opponent's score held to the spread cap,
   * the bye spread, ± the forfeit spread, 0 for a double forfeit; null when the round counts
   * nothing (pending, absent, not paired).
   */
  spread: number | null;
  /** own − opponent's score as played, before the cap; null without both scores. */
  gameSpread: number | null;
  /** The spread cap cut this game's spread. */
  capped: boolean;
  /** Game points so far (win 1, draw ½, bye 1) and games lost so far (a draw is ½ of each). */
  wins: number;
  losses: number;
  /** Σ `spread` so far: the standings' spread after this round. */
  runningSpread: number;
}

export interface Scorecard {
  playerId: string;
  lines: ScorecardLine[];
  /** After the last line: game points, losses and spread, as the standings count them. */
  wins: number;
  losses: number;
  spread: number;
}

/** The options of the standings that a scorecard follows. */
export type ScorecardOptions = Pick<StandingsOptions, 'byeSpread' | 'forfeitSpread' | 'spreadCap'>;

const POINTS: Record<Outcome, number> = { win: 1, draw: 0.5, loss: 0 };

/**
 * Every player's scorecard, round 1 to `rounds`: who they met, who moved first, the scores,
 * the spread each round adds and the running record (game points – losses) and spread, counted
 * exactly as {@link computeStandings} counts them (the same spread cap, bye and forfeit spread),
 * so the last line of a card equals the player's standings line after `rounds`.
 */
export function buildScorecards(
  players: readonly ScorecardPlayer[],
  games: readonly GameRecord[],
  rounds: number,
  options: ScorecardOptions = {},
): Map<string, Scorecard> {
  const byeSpread = options.byeSpread ?? 0;
  const forfeitSpread = options.forfeitSpread ?? 0;
  const cap = options.spreadCap ?? Infinity;

  // Each player's line per round; the running totals are filled in after.
  const rows = new Map<string, (ScorecardLine | undefined)[]>();
  for (const p of players) {
    if (rows.has(p.id)) throw new RangeError(`duplicate player id "${p.id}"`);
    rows.set(p.id, new Array<ScorecardLine | undefined>(rounds));
  }
  const put = (id: string, l: ScorecardLine): void => {
    const row = rows.get(id);
    if (row && l.round >= 1 && l.round <= rounds) row[l.round - 1] = l;
  };

  for (const g of games) {
    if (g.b === null) {
      put(g.a, line(g.round, 'bye', null, null, null, null, byeSpread, null));
      continue;
    }
    const firstKnown = g.starts === g.a || g.starts === g.b;
    const outcomes = outcomesOf(g);
    for (let side = 0; side < 2; side++) {
      const me = side === 0 ? g.a : g.b;
      const them = side === 0 ? g.b : g.a;
      const first = firstKnown ? g.starts === me : null;
      if (!outcomes) {
        put(me, line(g.round, 'pending', them, first, null, null, null, null));
        continue;
      }
      const outcome = outcomes[side];
      if (g.forfeit) {
        const double = outcomes[0] === outcomes[1];
        const kind = double ? 'double-forfeit' : outcome === 'win' ? 'forfeit-win' : 'forfeit-loss';
        const spread = double ? 0 : outcome === 'win' ? forfeitSpread : -forfeitSpread;
        put(me, line(g.round, kind, them, first, null, null, spread, null));
        continue;
      }
      const own = side === 0 ? g.scoreA : g.scoreB;
      const theirs = side === 0 ? g.scoreB : g.scoreA;
      const played = (own ?? 0) - (theirs ?? 0);
      const counted = Math.max(-cap, Math.min(cap, played));
      const both = own !== undefined && theirs !== undefined;
      const l = line(
        g.round,
        outcome,
        them,
        first,
        own ?? null,
        theirs ?? null,
        counted,
        both ? played : null,
      );
      l.capped = counted !== played;
      put(me, l);
    }
  }

  const cards = new Map<string, Scorecard>();
  for (const p of players) {
    const row = rows.get(p.id)!;
    const absent = p.absentRounds ?? [];
    const joined = p.joinedRound ?? 1;
    let wins = 0;
    let losses = 0;
    let spread = 0;
    const lines: ScorecardLine[] = new Array<ScorecardLine>(rounds);
    for (let r = 1; r <= rounds; r++) {
      const l =
        row[r - 1] ??
        line(
          r,
          absent.includes(r) ? 'absent' : r < joined ? 'not-joined' : 'not-paired',
          null,
          null,
          null,
          null,
          null,
          null,
        );
      const outcome = outcomeOf(l.kind);
      if (outcome) {
        wins += POINTS[outcome];
        losses += 1 - POINTS[outcome];
      }
      spread += l.spread ?? 0;
      l.wins = wins;
      l.losses = losses;
      l.runningSpread = spread;
      lines[r - 1] = l;
    }
    cards.set(p.id, { playerId: p.id, lines, wins, losses, spread });
  }
  return cards;
}

/** A line with its running totals still 0 (one object shape for every line). */
function line(
  round: number,
  kind: ScorecardKind,
  opponent: string | null,
  first: boolean | null,
  score: number | null,
  opponentScore: number | null,
  spread: number | null,
  gameSpread: number | null,
): ScorecardLine {
  return {
    round,
    kind,
    opponent,
    first,
    score,
    opponentScore,
    spread,
    gameSpread,
    capped: false,
    wins: 0,
    losses: 0,
    runningSpread: 0,
  };
}

/** How a line counts in the record; null when it counts nothing. */
export function outcomeOf(kind: ScorecardKind): Outcome | null {
  switch (kind) {
    case 'win':
    case 'bye':
    case 'forfeit-win':
      return 'win';
    case 'loss':
    case 'forfeit-loss':
    case 'double-forfeit':
      return 'loss';
    case 'draw':
      return 'draw';
    case 'pending':
    case 'absent':
    case 'not-joined':
    case 'not-paired':
      return null;
  }
}

/** One cell of a wall chart: the opponent's number, the result, the record after the round. */
export interface WallChartCell {
  kind: ScorecardKind;
  /** The opponent's seed (their number on the chart); null for a bye or no game. */
  opponentSeed: number | null;
  first: boolean | null;
  score: number | null;
  opponentScore: number | null;
  wins: number;
  losses: number;
  runningSpread: number;
}

export interface WallChartRow {
  playerId: string;
  seed: number;
  cells: WallChartCell[];
  wins: number;
  losses: number;
  spread: number;
}

/**
 * The wall chart: one row per player in seed order (then id), one cell per round, from the
 * players' scorecards ({@link buildScorecards}).
 */
export function buildWallChart(
  players: readonly ScorecardPlayer[],
  cards: ReadonlyMap<string, Scorecard>,
): WallChartRow[] {
  const seedOf = new Map(players.map((p) => [p.id, p.seed]));
  return [...players]
    .sort((x, y) => x.seed - y.seed || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    .map((p) => {
      const card = cards.get(p.id);
      if (!card) throw new RangeError(`no scorecard for player "${p.id}"`);
      return {
        playerId: p.id,
        seed: p.seed,
        cells: card.lines.map((l) => ({
          kind: l.kind,
          opponentSeed: l.opponent === null ? null : (seedOf.get(l.opponent) ?? null),
          first: l.first,
          score: l.score,
          opponentScore: l.opponentScore,
          wins: l.wins,
          losses: l.losses,
          runningSpread: l.runningSpread,
        })),
        wins: card.wins,
        losses: card.losses,
        spread: card.spread,
      };
    });
}
