/**
 * A division's prize list: the prize table applied to the final standings and to the games
 * whose score sheets verified, and the statistics of those sheets per player and in all.
 * Pure: the caller gives the standings (best first, with their shared ranks), the players'
 * ratings from before the tournament and the verified games.
 */
import type { PrizeTableSettings, Prize } from './prize-table';
import { AwardKind, AwardWinner, computeAwards, VerifiedGame } from './prizes';

/** A line of the final standings: players equal on points and every tie-break share a rank. */
export interface StandingLine {
  player: string;
  rank: number;
  /** The rating the player entered with; null when unrated. */
  rating: number | null;
}

/** One winner of a line, and the share of the line's amounts that is theirs. */
export interface PrizeWinner {
  player: string;
  /** Σ the line's amounts ÷ its winners, to the cent; null when no prize of it is an amount. */
  amount: number | null;
  /** For an award: the winning figure and where it was made. */
  value?: number;
  at?: AwardWinner['at'];
}

export interface PrizeListLine {
  kind: 'place' | 'class' | 'award';
  /** The class of a class prize. */
  className: string | null;
  /** The places a line covers (players sharing a rank share its places: [2, 3]). */
  places: number[];
  award: AwardKind | null;
  /** The prizes pooled: one a place covered (an award's one, or none). */
  prizes: Prize[];
  winners: PrizeWinner[];
}

/** What one player's verified sheets say. */
export interface PlayerStatistics {
  player: string;
  games: number;
  totalScore: number;
  /** Σ own final score ÷ verified games, to two decimals; null without a verified game. */
  average: number | null;
  highestGame: number | null;
  highestPlay: number | null;
  allTilePlays: number;
  invalidWords: number;
}

/** What all the verified sheets of a division say. */
export interface DivisionStatistics {
  games: number;
  /** Σ every seat's final score ÷ the seats, to two decimals. */
  average: number | null;
  highestGame: number | null;
  highestPlay: number | null;
  allTilePlays: number;
  invalidWords: number;
}

export interface PrizeList {
  lines: PrizeListLine[];
  players: PlayerStatistics[];
  totals: DivisionStatistics;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** The winners' shares of pooled prizes: the amounts summed and split evenly. */
function shares(prizes: readonly Prize[], players: readonly string[]): PrizeWinner[] {
  const amounts = prizes.filter((p) => p.amount !== null);
  const sum = amounts.reduce((s, p) => s + (p.amount ?? 0), 0);
  return players.map((player) => ({
    player,
    amount: amounts.length ? cents(sum / players.length) : null,
  }));
}

/**
 * Places paid in a list of players (best first): players sharing a rank share the prizes
 * of the places they cover between them, those beyond the last paid place too.
 */
function sharedPlaces(
  members: readonly StandingLine[],
  prizes: readonly Prize[],
): { places: number[]; prizes: Prize[]; players: string[] }[] {
  const out: { places: number[]; prizes: Prize[]; players: string[] }[] = [];
  let i = 0;
  while (i < members.length && i < prizes.length) {
    let j = i + 1;
    while (j < members.length && members[j].rank === members[i].rank) j++;
    const last = Math.min(j, prizes.length);
    out.push({
      places: Array.from({ length: last - i }, (_, k) => i + k + 1),
      prizes: prizes.slice(i, last),
      players: members.slice(i, j).map((m) => m.player),
    });
    i = j;
  }
  return out;
}

/**
 * The prize list: places overall, then each class from the lowest up (with one prize a
 * player, a player paid overall is skipped and the next in the class moves up), then the
 * awards given, ties shared. A class holds the players rated from the class below's bound
 * up to below its own; unrated players belong to the lowest class.
 */
export function prizeList(
  standings: readonly StandingLine[],
  games: readonly VerifiedGame[],
  table: PrizeTableSettings,
): PrizeList {
  const lines: PrizeListLine[] = [];
  const paid = new Set<string>();
  for (const s of sharedPlaces(standings, table.places)) {
    lines.push({
      kind: 'place',
      className: null,
      places: s.places,
      award: null,
      prizes: s.prizes,
      winners: shares(s.prizes, s.players),
    });
    s.players.forEach((p) => paid.add(p));
  }
  table.classes.forEach((c, k) => {
    const floor = k === 0 ? -Infinity : table.classes[k - 1].below;
    const members = standings.filter((s) => {
      if (table.onePrizePerPlayer && paid.has(s.player)) return false;
      return s.rating === null ? k === 0 : s.rating >= floor && s.rating < c.below;
    });
    for (const s of sharedPlaces(members, c.prizes)) {
      lines.push({
        kind: 'class',
        className: c.name,
        places: s.places,
        award: null,
        prizes: s.prizes,
        winners: shares(s.prizes, s.players),
      });
    }
  });
  const awards = new Map(computeAwards(games).map((a) => [a.kind, a.winners]));
  for (const a of table.awards) {
    // A player who made the best figure twice (455 in two games) wins it once, where first made.
    const winners = (awards.get(a.kind) ?? []).filter(
      (w, i, all) => all.findIndex((x) => x.player === w.player) === i,
    );
    const prizes = a.prize ? [a.prize] : [];
    const split = shares(
      prizes,
      winners.map((w) => w.player),
    );
    lines.push({
      kind: 'award',
      className: null,
      places: [],
      award: a.kind,
      prizes,
      winners: winners.map((w, i) => ({ ...split[i], value: w.value, at: w.at })),
    });
  }
  return { lines, ...statistics(standings, games) };
}

/** Each player's figures (every player of the standings, in its order) and the division's. */
export function statistics(
  standings: readonly StandingLine[],
  games: readonly VerifiedGame[],
): { players: PlayerStatistics[]; totals: DivisionStatistics } {
  const of = new Map<string, PlayerStatistics>();
  const get = (player: string): PlayerStatistics => {
    let s = of.get(player);
    if (!s) {
      s = {
        player,
        games: 0,
        totalScore: 0,
        average: null,
        highestGame: null,
        highestPlay: null,
        allTilePlays: 0,
        invalidWords: 0,
      };
      of.set(player, s);
    }
    return s;
  };
  standings.forEach((s) => get(s.player));
  let seats = 0;
  let scoreSum = 0;
  for (const g of games) {
    g.players.forEach((id, seat) => {
      const own = g.report.players[seat];
      if (!own) return;
      const s = get(id);
      s.games++;
      s.totalScore += own.final;
      s.highestGame = Math.max(s.highestGame ?? -Infinity, own.final);
      seats++;
      scoreSum += own.final;
    });
    for (const turn of g.report.turns) {
      const id = g.players[turn.player];
      if (id === undefined) continue;
      const s = get(id);
      if (turn.kind === 'play' && (turn.status === 'ok' || turn.status === 'score-mismatch')) {
        s.highestPlay = Math.max(s.highestPlay ?? -Infinity, turn.score.computed);
        s.allTilePlays += turn.bonuses.filter((b) => b.kind === 'all-tiles').length;
      }
      if (turn.status === 'withdrawn') s.invalidWords++;
    }
  }
  const players = [...of.values()].map((s) => ({
    ...s,
    average: s.games ? cents(s.totalScore / s.games) : null,
  }));
  const highest = (xs: (number | null)[]) =>
    xs.reduce<number | null>((m, x) => (x === null ? m : m === null ? x : Math.max(m, x)), null);
  return {
    players,
    totals: {
      games: games.length,
      average: seats ? cents(scoreSum / seats) : null,
      highestGame: highest(players.map((p) => p.highestGame)),
      highestPlay: highest(players.map((p) => p.highestPlay)),
      allTilePlays: players.reduce((n, p) => n + p.allTilePlays, 0),
      invalidWords: players.reduce((n, p) => n + p.invalidWords, 0),
    },
  };
}
