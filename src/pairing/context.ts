import { computeStandings } from '../standings/standings';
import { GameRecord, Pairing, PairingOutcome, PairingRequest, Player } from './types';

/** What pairing needs to know about one player before the round. */
export interface PlayerState {
  id: string;
  seed: number;
  active: boolean;
  /** Position in the player list given by the caller. */
  index: number;
  /** Position in the standings before this round (0 = leader); unique. */
  rankPos: number;
  points: number;
  byes: number;
  /** Games started minus games moved second. */
  startBalance: number;
  /** +1 if the player moved second in the last game with a known start, −1 if first, 0 if none. */
  alternate: number;
}

export interface PairingContext {
  round: number;
  /** The round whose standings rank the players (`round − 1` unless the request lags). */
  standingsAfter: number;
  /** Every player, in the caller's order. */
  all: PlayerState[];
  /** Active players in standings order. */
  ranked: PlayerState[];
  /** How often two players (by `index`) have been paired before this round. */
  met(a: PlayerState, b: PlayerState): number;
  /** Whether the request asks to avoid pairing two players (same club, a listed pair). */
  avoided(a: PlayerState, b: PlayerState): boolean;
  /** Whether any two active players are to be kept apart (else `avoided` is always false). */
  avoiding: boolean;
  /** Whether two players have met as often as the request's `maxMeetings` allows. */
  overLimit(a: PlayerState, b: PlayerState): boolean;
  /** Whether some pair has reached the request's limit (else `overLimit` is always false). */
  limited: boolean;
  /** The request's limit of meetings of two players, if any. */
  maxMeetings: number | undefined;
}

type Failure = Extract<PairingOutcome, { ok: false }>;

export function fail(code: Failure['code'], message: string): Failure {
  return { ok: false, code, message };
}

/** A round is ranked by the standings after an earlier round (0: before any, by seed). */
function checkStandingsAfter(round: number, after: number): Failure | null {
  if (Number.isInteger(after) && after >= 0 && after <= round - 1) return null;
  return fail(
    'invalid-standings-round',
    `round ${round} can be paired from the standings after round 0 to ${round - 1}, not ${after}`,
  );
}

export function buildContext(
  players: readonly Player[],
  history: readonly GameRecord[],
  request: PairingRequest,
): PairingContext | Failure {
  const { round } = request;
  if (!Number.isInteger(round) || round < 1) {
    return fail('invalid-round', `round must be a positive integer, got ${round}`);
  }
  const standingsAfter = request.standingsAfter ?? round - 1;
  const badStandings = checkStandingsAfter(round, standingsAfter);
  if (badStandings) return badStandings;
  const { maxMeetings } = request;
  if (maxMeetings !== undefined && (!Number.isInteger(maxMeetings) || maxMeetings < 1)) {
    return fail('invalid-limit', `maxMeetings must be a whole number from 1, got ${maxMeetings}`);
  }
  const byId = new Map<string, PlayerState>();
  const all: PlayerState[] = [];
  for (const [index, p] of players.entries()) {
    if (byId.has(p.id)) return fail('duplicate-player', `player "${p.id}" is listed twice`);
    const state: PlayerState = {
      id: p.id,
      seed: p.seed,
      active: p.active,
      index,
      rankPos: 0,
      points: 0,
      byes: 0,
      startBalance: 0,
      alternate: 0,
    };
    byId.set(p.id, state);
    all.push(state);
  }
  const past = history.filter((g) => g.round < round);
  for (const g of past) {
    for (const id of [g.a, g.b]) {
      if (id !== null && !byId.has(id)) {
        return fail('unknown-player', `round ${g.round}: history names unknown player "${id}"`);
      }
    }
  }

  // Ranked by the standings after `standingsAfter`; every game before this round is met, though.
  const rows = computeStandings(players, past, {
    ...request.standings,
    throughRound: standingsAfter,
  });
  rows.forEach((row, pos) => {
    const s = byId.get(row.playerId)!;
    s.rankPos = pos;
    s.points = row.points;
  });

  const n = all.length;
  const meetings = new Map<number, number>();
  const lastStartRound = new Map<PlayerState, number>();
  for (const g of past) {
    const a = byId.get(g.a)!;
    if (g.b === null) {
      a.byes++;
      continue;
    }
    const b = byId.get(g.b)!;
    const key = a.index < b.index ? a.index * n + b.index : b.index * n + a.index;
    meetings.set(key, (meetings.get(key) ?? 0) + 1);
    if (g.starts === g.a || g.starts === g.b) {
      const [first, second] = g.starts === g.a ? [a, b] : [b, a];
      first.startBalance++;
      second.startBalance--;
      for (const [p, alt] of [
        [first, -1],
        [second, 1],
      ] as const) {
        if ((lastStartRound.get(p) ?? -Infinity) <= g.round) {
          lastStartRound.set(p, g.round);
          p.alternate = alt;
        }
      }
    }
  }

  const ranked = all.filter((p) => p.active).sort((x, y) => x.rankPos - y.rankPos);
  const clubs = request.avoid?.clubs ?? {};
  const forbidden = new Set<string>();
  for (const [a, b] of request.avoid?.forbidden ?? [])
    forbidden.add(`${a}\u0000${b}`).add(`${b}\u0000${a}`);
  const clubOf = (p: PlayerState): string | undefined =>
    Object.prototype.hasOwnProperty.call(clubs, p.id) ? clubs[p.id] : undefined;
  const seen = new Set<string>();
  let sharedClub = false;
  for (const p of ranked) {
    const club = clubOf(p);
    if (club === undefined || club === '') continue;
    if (seen.has(club)) sharedClub = true;
    seen.add(club);
  }
  const met = (x: PlayerState, y: PlayerState): number => {
    const key = x.index < y.index ? x.index * n + y.index : y.index * n + x.index;
    return meetings.get(key) ?? 0;
  };
  const limit = request.maxMeetings;
  const limited = limit !== undefined && [...meetings.values()].some((k) => k >= limit);
  return {
    round,
    standingsAfter,
    all,
    ranked,
    avoiding: sharedClub || forbidden.size > 0,
    met,
    limited,
    maxMeetings: limit,
    overLimit: (x, y) => limited && met(x, y) >= limit,
    avoided: (x, y) => {
      const club = clubOf(x);
      return (
        (club !== undefined && club !== '' && club === clubOf(y)) ||
        (forbidden.size > 0 && forbidden.has(`${x.id}\u0000${y.id}`))
      );
    },
  };
}

/**
 * Who moves first: the player with fewer starts than second moves; then the one
 * who moved second in their last game; then the higher ranked.
 */
export function firstMover(p: PlayerState, q: PlayerState): [PlayerState, PlayerState] {
  if (p.startBalance !== q.startBalance) return p.startBalance < q.startBalance ? [p, q] : [q, p];
  if (p.alternate !== q.alternate) return p.alternate > q.alternate ? [p, q] : [q, p];
  return p.rankPos < q.rankPos ? [p, q] : [q, p];
}

/** Lowest-ranked among the active players with the fewest byes so far. */
export function byeCandidate(ranked: readonly PlayerState[]): PlayerState {
  let minByes = Infinity;
  for (const p of ranked) minByes = Math.min(minByes, p.byes);
  for (let i = ranked.length - 1; i >= 0; i--) if (ranked[i].byes === minByes) return ranked[i];
  throw new RangeError('no players');
}

/**
 * Turns matched pairs into tables: first mover by {@link firstMover}, tables in
 * order of the better-ranked player, the bye last.
 */
export function toTables(
  pairs: readonly (readonly [PlayerState, PlayerState])[],
  bye: PlayerState | null,
): Pairing[] {
  const ordered = pairs
    .map(([p, q]) => firstMover(p, q))
    .sort((x, y) => Math.min(x[0].rankPos, x[1].rankPos) - Math.min(y[0].rankPos, y[1].rankPos));
  const tables: Pairing[] = ordered.map(([f, s], i) => ({
    table: i + 1,
    first: f.id,
    second: s.id,
  }));
  if (bye) tables.push({ table: tables.length + 1, first: bye.id, second: null });
  return tables;
}

export function countAvoided(
  ctx: PairingContext,
  pairs: readonly (readonly [PlayerState, PlayerState])[],
): number {
  let n = 0;
  for (const [p, q] of pairs) if (ctx.avoided(p, q)) n++;
  return n;
}

export function countOverLimit(
  ctx: PairingContext,
  pairs: readonly (readonly [PlayerState, PlayerState])[],
): number {
  let n = 0;
  for (const [p, q] of pairs) if (ctx.overLimit(p, q)) n++;
  return n;
}

export function countRematches(
  ctx: PairingContext,
  pairs: readonly (readonly [PlayerState, PlayerState])[],
): number {
  let n = 0;
  for (const [p, q] of pairs) if (ctx.met(p, q) > 0) n++;
  return n;
}
