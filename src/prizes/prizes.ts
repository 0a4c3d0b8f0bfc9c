/**
 * Prizes: places overall, class prizes by rating band, and the awards only verified score
 * sheets can give honestly (highest game, highest play, most all-tile plays, best time in
 * wins, fewest invalid words). Pure: the caller gives the standings' order, the ratings from
 * before the tournament, and the verified games' reports.
 */
import type { VerificationReport } from '../engine';

/**
 * A game whose result stands on its score sheet (the result was saved from it, whatever slips
 * the report found): its players by seat, its report, whose figures are the engine's own.
 */
export interface VerifiedGame {
  round: number;
  table: number;
  /** Player ids in seat order (the report's players, in the same order). */
  players: readonly string[];
  report: Pick<VerificationReport, 'turns' | 'players' | 'result'>;
}

export type AwardKind =
  | 'highest-game'
  | 'highest-play'
  | 'most-all-tile-plays'
  | 'best-time-in-wins'
  | 'fewest-invalid-words';

/** A player's figure for an award, and where it was made (a game or a play). */
export interface AwardWinner {
  player: string;
  value: number;
  /** The game (round, table) and for a play its turn (1-based) and notation. */
  at?: { round: number; table: number; turn?: number; play?: string };
}

/** An award: everyone who shares the best figure (none when nobody qualifies). */
export interface Award {
  kind: AwardKind;
  winners: AwardWinner[];
}

/**
 * The awards from the verified games. Ties share an award. "Fewest invalid words" counts the
 * plays a player had to take back after a challenge ruled a word invalid, among the players
 * with the most verified games (a player with fewer sheets verified has had fewer chances to
 * play one, and would win it unfairly); "best time in wins" is the remaining time summed over
 * the games a player won.
 */
export function computeAwards(games: readonly VerifiedGame[]): Award[] {
  const highestGame: AwardWinner[] = [];
  const highestPlay: AwardWinner[] = [];
  const allTiles = new Map<string, number>();
  const timeInWins = new Map<string, number>();
  const invalid = new Map<string, number>();
  const verified = new Map<string, number>();
  for (const g of games) {
    g.players.forEach((id, seat) => {
      verified.set(id, (verified.get(id) ?? 0) + 1);
      invalid.set(id, invalid.get(id) ?? 0);
      const own = g.report.players[seat];
      if (own)
        highestGame.push({ player: id, value: own.final, at: { round: g.round, table: g.table } });
      if (g.report.result.winner === seat && own) {
        timeInWins.set(id, (timeInWins.get(id) ?? 0) + Math.max(0, own.remainingSeconds));
      }
    });
    g.report.turns.forEach((turn, i) => {
      const id = g.players[turn.player];
      if (id === undefined) return;
      if (turn.kind === 'play' && (turn.status === 'ok' || turn.status === 'score-mismatch')) {
        highestPlay.push({
          player: id,
          value: turn.score.computed,
          at: { round: g.round, table: g.table, turn: i + 1, play: turn.reading ?? turn.play },
        });
        const bingos = turn.bonuses.filter((b) => b.kind === 'all-tiles').length;
        if (bingos > 0) allTiles.set(id, (allTiles.get(id) ?? 0) + bingos);
      }
      if (turn.status === 'withdrawn') invalid.set(id, (invalid.get(id) ?? 0) + 1);
    });
  }
  let most = 0;
  for (const n of verified.values()) most = Math.max(most, n);
  const eligible = [...invalid].filter(([id]) => verified.get(id) === most);
  return [
    { kind: 'highest-game', winners: best(highestGame, 'max') },
    { kind: 'highest-play', winners: best(highestPlay, 'max') },
    { kind: 'most-all-tile-plays', winners: best(fromMap(allTiles), 'max') },
    { kind: 'best-time-in-wins', winners: best(fromMap(timeInWins), 'max') },
    { kind: 'fewest-invalid-words', winners: best(fromMap(new Map(eligible)), 'min') },
  ];
}

const fromMap = (m: ReadonlyMap<string, number>): AwardWinner[] =>
  [...m].map(([player, value]) => ({ player, value }));

/** Everyone with the best value, in the order given (then by player id for a stable list). */
function best(candidates: readonly AwardWinner[], way: 'max' | 'min'): AwardWinner[] {
  if (candidates.length === 0) return [];
  // A loop, not Math.max(...values): a season's verified plays run to hundreds of thousands,
  // more arguments than a call takes.
  let top = candidates[0].value;
  for (const c of candidates) top = way === 'max' ? Math.max(top, c.value) : Math.min(top, c.value);
  if (way === 'max' && top <= 0) return [];
  return candidates.filter((c) => c.value === top);
}

/** A class of players by their rating before the tournament. */
export interface RatingClass {
  name: string;
  /** Players rated below this (unrated players belong to the lowest class). */
  below: number;
  /** How many places the class pays. */
  places: number;
}

export interface PrizeTable {
  /** How many places overall the tournament pays. */
  places: number;
  classes?: readonly RatingClass[];
  /** True (the usual rule): a player takes one place prize, the higher; class prizes skip them. */
  onePrizePerPlayer?: boolean;
}

/** A place prize won: overall (`class` null) or in a class. */
export interface PlacePrize {
  class: string | null;
  place: number;
  player: string;
}

/**
 * Place prizes from the final standings (best first): the top `places` overall, then each
 * class's best players, from the lowest class up. With one prize a player, a player already
 * paid overall or in a class is skipped and the next in line takes the class prize.
 */
export function placePrizes(
  order: readonly string[],
  ratings: ReadonlyMap<string, number>,
  table: PrizeTable,
): PlacePrize[] {
  const prizes: PlacePrize[] = order
    .slice(0, table.places)
    .map((player, i) => ({ class: null, place: i + 1, player }));
  const paid = new Set(prizes.map((p) => p.player));
  const one = table.onePrizePerPlayer ?? true;
  const classes = [...(table.classes ?? [])].sort((a, b) => a.below - b.below);
  classes.forEach((c, k) => {
    const floor = k === 0 ? -Infinity : classes[k - 1].below;
    const members = order.filter((id) => {
      const r = ratings.get(id);
      return r === undefined ? k === 0 : r >= floor && r < c.below;
    });
    let place = 0;
    for (const player of members) {
      if (place >= c.places) break;
      if (one && paid.has(player)) continue;
      place++;
      prizes.push({ class: c.name, place, player });
      paid.add(player);
    }
  });
  return prizes;
}
