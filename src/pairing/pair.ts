import {
  buildContext,
  byeCandidate,
  countAvoided,
  countOverLimit,
  countRematches,
  fail,
  firstMover,
  PairingContext,
  PlayerState,
  toTables,
} from './context';
import { maxWeightMatching, WeightedEdge } from './matching';
import { prngFromString, shuffled } from './prng';
import { roundRobinRound } from './round-robin';
import { Pair, pairSwiss } from './swiss';
import { GameRecord, Pairing, PairingOutcome, PairingRequest, Player } from './types';

/**
 * Pairs one round. Pure and deterministic: the same players, history and request
 * give the same tables, whatever the order of the input arrays.
 *
 * Withdrawn players (`active: false`) are never paired; a player with no history
 * (a late entry) is paired like anyone else, from 0 points. History games of this
 * round or later are ignored.
 */
export function pairRound(
  players: readonly Player[],
  history: readonly GameRecord[],
  request: PairingRequest,
): PairingOutcome {
  const ctx = buildContext(players, history, request);
  if ('ok' in ctx) return ctx;
  switch (request.system) {
    case 'swiss': {
      const gibson = request.gibson ? gibsonPair(ctx, request.gibson.rounds) : null;
      if (gibson?.pair) {
        const rest = { ...ctx, ranked: ctx.ranked.filter((p) => !gibson.pair!.includes(p)) };
        const result = pairSwiss(rest, request.algorithm ?? 'auto');
        const pairs = [gibson.pair, ...result.pairs];
        return finish(ctx, pairs, result.bye, toTables(pairs, result.bye), [gibson.note], gibson);
      }
      const result = pairSwiss(ctx, request.algorithm ?? 'auto');
      const notes = gibson ? [gibson.note] : [];
      const tables = toTables(result.pairs, result.bye);
      return finish(ctx, result.pairs, result.bye, tables, notes, gibson);
    }
    case 'round-robin':
    case 'double-round-robin':
      return roundRobin(ctx);
    case 'king-of-the-hill': {
      const gibson = request.gibson ? gibsonPair(ctx, request.gibson.rounds) : null;
      if (gibson?.pair) {
        const rest = { ...ctx, ranked: ctx.ranked.filter((p) => !gibson.pair!.includes(p)) };
        const { bye, rest: players } = oddOneOut(rest.ranked);
        const pairs = [gibson.pair, ...hillPairs(ctx, players)];
        return finish(ctx, pairs, bye, toTables(pairs, bye), [gibson.note], gibson);
      }
      return kingOfTheHill(ctx, gibson);
    }
    case 'random': {
      if (request.seed === undefined) {
        return fail('missing-seed', 'random pairing needs a seed string');
      }
      return randomRound(ctx, request.seed);
    }
    case 'seeded':
      return seededRound(ctx, request.seeding ?? 'split');
  }
}

function finish(
  ctx: PairingContext,
  pairs: readonly Pair[],
  bye: PlayerState | null,
  pairings: Pairing[],
  extraNotes: string[] = [],
  gibson: Gibson | null = null,
): PairingOutcome {
  const notes = [...extraNotes];
  const rematches = countRematches(ctx, pairs);
  if (rematches > 0) {
    const who = pairs
      .filter(([p, q]) => ctx.met(p, q) > 0)
      .map(([p, q]) => `${p.id}–${q.id}`)
      .join(', ');
    notes.push(`${rematches} rematch(es): ${who}`);
  }
  const avoided = countAvoided(ctx, pairs);
  if (avoided > 0) {
    const who = pairs
      .filter(([p, q]) => ctx.avoided(p, q))
      .map(([p, q]) => `${p.id}–${q.id}`)
      .join(', ');
    notes.push(`${avoided} pairing(s) of players to keep apart (same club or listed): ${who}`);
  }
  const overLimit = countOverLimit(ctx, pairs);
  if (overLimit > 0) {
    const who = pairs
      .filter(([p, q]) => ctx.overLimit(p, q))
      .map(([p, q]) => `${p.id}–${q.id}`)
      .join(', ');
    notes.push(
      `${overLimit} pair(s) meet more often than the limit of ${ctx.maxMeetings} allows: ${who}`,
    );
  }
  if (bye && bye.byes > 0) {
    notes.push(`${bye.id} receives bye number ${bye.byes + 1}`);
  }
  const outcome: PairingOutcome = { ok: true, pairings, rematches, avoided, overLimit, notes };
  if (gibson?.pair) {
    outcome.gibsonized = { player: gibson.pair[0].id, opponent: gibson.pair[1].id };
  } else if (gibson) {
    outcome.gibsonized = { player: gibson.leader.id, opponent: null };
  }
  return outcome;
}

interface Gibson {
  leader: PlayerState;
  /** The leader and the opponent chosen; null when no player is out of the race behind. */
  pair: Pair | null;
  note: string;
}

/**
 * Gibsonization: the leader is out of reach when ahead of the second by more points than
 * there are rounds left (this one included), so that winning every game the second could
 * not tie. The leader then meets the highest-ranked player who can no longer reach the
 * second's points, a new opponent if there is one: a game that decides nothing in the race
 * for the places behind. Null when the leader can still be caught.
 */
function gibsonPair(ctx: PairingContext, rounds: number): Gibson | null {
  // The rounds still to count after the standings ranked by (this one and any lagged ones).
  const left = rounds - ctx.standingsAfter;
  const [leader, second] = ctx.ranked;
  if (left < 1 || !second || leader.points - second.points <= left) return null;
  const out = ctx.ranked.slice(2).filter((p) => p.points + left < second.points);
  if (out.length === 0) {
    return {
      leader,
      pair: null,
      note: `${leader.id} cannot be caught for first place, but every other player can still reach second place: paired as usual`,
    };
  }
  const opponent =
    out.find((p) => ctx.met(leader, p) === 0) ??
    out.find((p) => !ctx.overLimit(leader, p)) ??
    out[0];
  return {
    leader,
    pair: [leader, opponent],
    note: `${leader.id} cannot be caught for first place (${leader.points} points, ${second.id} ${second.points}, ${left} round(s) left) and is paired with ${opponent.id}, the highest-ranked player who can no longer reach second place`,
  };
}

function oddOneOut(players: readonly PlayerState[]): {
  bye: PlayerState | null;
  rest: PlayerState[];
} {
  if (players.length % 2 === 0) return { bye: null, rest: players.slice() };
  const bye = byeCandidate(players);
  return { bye, rest: players.filter((p) => p !== bye) };
}

function consecutivePairs(players: readonly PlayerState[]): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i + 1 < players.length; i += 2) pairs.push([players[i], players[i + 1]]);
  return pairs;
}

/** King of the hill: 1–2, 3–4, … by current standings; rematches allowed. */
function kingOfTheHill(ctx: PairingContext, gibson: Gibson | null = null): PairingOutcome {
  const { bye, rest } = oddOneOut(ctx.ranked);
  const pairs = hillPairs(ctx, rest);
  return finish(ctx, pairs, bye, toTables(pairs, bye), gibson ? [gibson.note] : [], gibson);
}

/**
 * King of the Hill's pairs: neighbours in the standings (1–2, 3–4, …); with a meeting limit,
 * the pairing closest to that (least Σ (rank distance − 1)²) among those with the fewest
 * pairs over the limit (an exact matching).
 */
function hillPairs(ctx: PairingContext, players: readonly PlayerState[]): Pair[] {
  const plain = consecutivePairs(players);
  if (!ctx.limited || countOverLimit(ctx, plain) === 0) return plain;
  const n = players.length;
  const far = (n - 1) * (n - 1);
  const over = (n / 2) * far + 1;
  const big = (n / 2) * over + 1;
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const cost = (ctx.overLimit(players[i], players[j]) ? over : 0) + (j - i - 1) ** 2;
      edges.push([i, j, big - cost]);
    }
  }
  const mate = maxWeightMatching(n, edges, true);
  const pairs: Pair[] = [];
  for (let i = 0; i < n; i++) if (mate[i] > i) pairs.push([players[i], players[mate[i]]]);
  return pairs;
}

function bySeed(players: readonly PlayerState[]): PlayerState[] {
  return players
    .slice()
    .sort((x, y) => x.seed - y.seed || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/** Seeded round: players in seed order, split, adjacent or folded. */
function seededRound(ctx: PairingContext, method: 'split' | 'adjacent' | 'fold'): PairingOutcome {
  const { bye, rest } = oddOneOut(bySeed(ctx.ranked));
  const half = rest.length / 2;
  let pairs: Pair[];
  switch (method) {
    case 'adjacent':
      pairs = consecutivePairs(rest);
      break;
    case 'split':
      pairs = rest.slice(0, half).map((p, i) => [p, rest[half + i]] as const);
      break;
    case 'fold':
      pairs = rest.slice(0, half).map((p, i) => [p, rest[rest.length - 1 - i]] as const);
      break;
  }
  const tables = pairs.map(([p, q], i): Pairing => {
    const [f, s] = firstMover(p, q);
    return { table: i + 1, first: f.id, second: s.id };
  });
  if (bye) tables.push({ table: tables.length + 1, first: bye.id, second: null });
  return finish(ctx, pairs, bye, tables);
}

/**
 * Random round: the active players, sorted by id, shuffled by a PRNG seeded from
 * the seed string, paired in shuffled order. The bye goes to the last player in
 * shuffled order among those with the fewest byes.
 */
function randomRound(ctx: PairingContext, seed: string): PairingOutcome {
  const sorted = ctx.ranked.slice().sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const order = shuffled(sorted, prngFromString(seed));
  const { bye, rest } = oddOneOut(order);
  const pairs = consecutivePairs(rest);
  const tables = pairs.map(([p, q], i): Pairing => {
    const [f, s] = firstMover(p, q);
    return { table: i + 1, first: f.id, second: s.id };
  });
  if (bye) tables.push({ table: tables.length + 1, first: bye.id, second: null });
  return finish(ctx, pairs, bye, tables);
}

/**
 * Round robin on Berger tables over every listed player (withdrawn ones keep
 * their slot so the schedule does not shift), in seed order. A player whose
 * scheduled opponent has withdrawn, or who meets the empty slot of an odd field,
 * gets a bye — so a round can have more than one bye after withdrawals.
 */
function roundRobin(ctx: PairingContext): PairingOutcome {
  const roster = bySeed(ctx.all);
  const schedule = roundRobinRound(roster.length, ctx.round);
  const pairs: Pair[] = [];
  const tables: Pairing[] = [];
  const byes: PlayerState[] = [];
  for (const [a, b] of schedule) {
    const first = roster[a - 1];
    const second = b === null ? null : roster[b - 1];
    if (second && first.active && second.active) {
      pairs.push([first, second]);
      tables.push({ table: tables.length + 1, first: first.id, second: second.id });
    } else if (first.active) {
      byes.push(first);
    } else if (second?.active) {
      byes.push(second);
    }
  }
  for (const p of byes) tables.push({ table: tables.length + 1, first: p.id, second: null });
  const notes = byes.length > 1 ? [`${byes.length} byes: scheduled opponents have withdrawn`] : [];
  return finish(ctx, pairs, null, tables, notes);
}
