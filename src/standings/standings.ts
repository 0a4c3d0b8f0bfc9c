import { GameRecord, Outcome, Player, StandingsOptions, StandingsRow, TieBreak } from './types';

export const DEFAULT_TIE_BREAKS: readonly TieBreak[] = ['spread', 'remaining-time', 'seed'];

/** A game references a player who is not in the player list. */
export class UnknownPlayerError extends Error {
  constructor(
    readonly playerId: string,
    readonly round: number,
  ) {
    super(`round ${round}: game with unknown player "${playerId}"`);
    this.name = 'UnknownPlayerError';
  }
}

const OUTCOME_POINTS: Record<Outcome, number> = { win: 1, draw: 0.5, loss: 0 };
const OPPOSITE: Record<Outcome, Outcome> = { win: 'loss', draw: 'draw', loss: 'win' };

/** Both players' outcomes of a finished game, or null while it is not finished. */
export function outcomesOf(game: GameRecord): [Outcome, Outcome] | null {
  const a = game.resultA ?? (game.resultB ? OPPOSITE[game.resultB] : undefined);
  const b = game.resultB ?? (game.resultA ? OPPOSITE[game.resultA] : undefined);
  return a && b ? [a, b] : null;
}

interface Tally {
  player: Player;
  index: number;
  points: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  forfeitWins: number;
  forfeitLosses: number;
  gamesPlayed: number;
  spread: number;
  remainingSeconds: number;
  totalScore: number;
  cards: number;
  /** Finished games: opponent index and points this player took from that game. */
  opponents: { opponent: number; points: number }[];
}

/**
 * Games added up for each player, not yet ordered: what {@link computeStandings} counts, kept
 * so that the games of later rounds can be added to it ({@link tallyGames}) without adding up
 * the earlier ones again. Never changed once made.
 */
export interface StandingsTally {
  readonly players: readonly Player[];
  /** The options that count in adding up (not the tie-breaks, which only order). */
  readonly counting: string;
  /** @internal one per player, in the order of `players` */
  readonly tallies: readonly Tally[];
}

/** The options that change what a game adds up to (rounds past `throughRound` are skipped). */
function countingKey(options: StandingsOptions): string {
  return JSON.stringify([
    options.throughRound ?? null,
    options.byeSpread ?? 0,
    options.byeRemainingSeconds ?? 0,
    options.forfeitSpread ?? 0,
    options.spreadCap ?? null,
  ]);
}

/** Whether games may be added to `tally` for `players` with `options` ({@link tallyGames}). */
export function tallyFits(
  tally: StandingsTally,
  players: readonly Player[],
  options: StandingsOptions,
): boolean {
  return (
    tally.counting === countingKey(options) &&
    (tally.players === players ||
      (tally.players.length === players.length &&
        tally.players.every((p, i) => p.id === players[i].id)))
  );
}

/**
 * `games` added up for `players` as {@link computeStandings} does, on top of `from` (games
 * added up before, for the same players in the same order and with the same counting options):
 * `tallyGames(p, b, o, tallyGames(p, a, o))` counts what `tallyGames(p, [...a, ...b], o)` does.
 */
export function tallyGames(
  players: readonly Player[],
  games: readonly GameRecord[],
  options: StandingsOptions = {},
  from?: StandingsTally,
): StandingsTally {
  const through = options.throughRound ?? Infinity;
  const byeSpread = options.byeSpread ?? 0;
  const byeTime = options.byeRemainingSeconds ?? 0;
  const forfeitSpread = options.forfeitSpread ?? 0;
  const cap = options.spreadCap ?? Infinity;
  const counting = countingKey(options);
  if (from && !tallyFits(from, players, options)) {
    throw new RangeError('tallies of other players or other options');
  }

  // A tally of `from` for the same players is shared until a game changes it (then copied):
  // a kept tally is never changed, and a result changes the tallies of two players.
  const shared = from !== undefined && from.players === players;
  const tallies: Tally[] = players.map((player, index) => {
    const t = from?.tallies[index];
    if (t && shared) return t;
    return t
      ? { ...t, player, opponents: t.opponents.slice() }
      : {
          player,
          index,
          points: 0,
          wins: 0,
          draws: 0,
          losses: 0,
          byes: 0,
          forfeitWins: 0,
          forfeitLosses: 0,
          gamesPlayed: 0,
          spread: 0,
          remainingSeconds: 0,
          totalScore: 0,
          cards: 0,
          opponents: [],
        };
  });
  const copied = shared ? new Uint8Array(tallies.length) : null;
  const byId = new Map<string, number>();
  for (let i = 0; i < tallies.length; i++) {
    const id = tallies[i].player.id;
    if (byId.has(id)) throw new RangeError(`duplicate player id "${id}"`);
    byId.set(id, i);
  }
  const lookup = (id: string, round: number): Tally => {
    const i = byId.get(id);
    if (i === undefined) throw new UnknownPlayerError(id, round);
    if (copied && copied[i] === 0) {
      copied[i] = 1;
      tallies[i] = { ...tallies[i], opponents: tallies[i].opponents.slice() };
    }
    return tallies[i];
  };

  for (const game of games) {
    if (game.round > through) continue;
    const a = lookup(game.a, game.round);
    if (game.b === null) {
      a.byes++;
      a.points += 1;
      a.spread += byeSpread;
      a.remainingSeconds += byeTime;
      continue;
    }
    const b = lookup(game.b, game.round);
    const outcomes = outcomesOf(game);
    if (!outcomes) continue;
    if (game.forfeit) {
      // A single forfeit moves the forfeit spread from the absent player to the present one.
      const spread = outcomes[0] === outcomes[1] ? 0 : forfeitSpread;
      forfeit(a, outcomes[0], spread);
      forfeit(b, outcomes[1], spread);
      continue;
    }
    const sa = game.scoreA ?? 0;
    const sb = game.scoreB ?? 0;
    const spread = Math.max(-cap, Math.min(cap, sa - sb));
    record(a, b, outcomes[0], sa, spread, game.remainingA ?? 0);
    record(b, a, outcomes[1], sb, -spread, game.remainingB ?? 0);
    a.cards += game.cardsA ?? 0;
    b.cards += game.cardsB ?? 0;
  }
  return { players, counting, tallies };
}

/**
 * Orders players by game points, then by the tie-breaks in `options.tieBreaks`.
 *
 * Tie-breaks refine groups: each criterion only separates players still equal on
 * everything before it, so head-to-head is computed inside the group of players
 * tied at that point. Rows of a shared rank are listed by seed, then id.
 */
export function computeStandings(
  players: readonly Player[],
  games: readonly GameRecord[],
  options: StandingsOptions = {},
): StandingsRow[] {
  return rankTally(tallyGames(players, games, options), options);
}

/**
 * The standings of games added up ({@link tallyGames}), ordered as {@link computeStandings}
 * orders them, with `options`' tie-breaks.
 */
export function rankTally(tally: StandingsTally, options: StandingsOptions = {}): StandingsRow[] {
  const tieBreaks = options.tieBreaks ?? DEFAULT_TIE_BREAKS;
  // Buchholz and head-to-head by tally index, not on the tallies: a tally is kept as made.
  const tallies = tally.tallies;
  const buchholz = new Float64Array(tallies.length);
  const headToHead = new Float64Array(tallies.length);
  for (const t of tallies) {
    let sum = 0;
    for (const o of t.opponents) sum += tallies[o.opponent].points;
    buchholz[t.index] = sum;
  }

  // Refine groups criterion by criterion; groups stay in rank order.
  let groups: Tally[][] = [tallies.slice()];
  const criteria: ('points' | TieBreak)[] = ['points', ...tieBreaks];
  const values: number[][] = tallies.map(() => []);
  for (const criterion of criteria) {
    const next: Tally[][] = [];
    for (const group of groups) {
      const key = keyFor(criterion, group, buchholz, headToHead);
      if (criterion !== 'points') for (const t of group) values[t.index].push(key(t));
      if (group.length === 1) {
        next.push(group);
        continue;
      }
      const sorted = group.slice().sort((x, y) => key(y) - key(x));
      let start = 0;
      for (let i = 1; i <= sorted.length; i++) {
        if (i === sorted.length || key(sorted[i]) !== key(sorted[start])) {
          next.push(sorted.slice(start, i));
          start = i;
        }
      }
    }
    groups = next;
  }

  const rows: StandingsRow[] = [];
  for (const group of groups) {
    const rank = rows.length + 1;
    group.sort(
      (x, y) =>
        x.player.seed - y.player.seed ||
        (x.player.id < y.player.id ? -1 : x.player.id > y.player.id ? 1 : 0),
    );
    for (const t of group) {
      rows.push({
        rank,
        playerId: t.player.id,
        seed: t.player.seed,
        active: t.player.active,
        points: t.points,
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
        byes: t.byes,
        forfeitWins: t.forfeitWins,
        forfeitLosses: t.forfeitLosses,
        gamesPlayed: t.gamesPlayed,
        spread: t.spread,
        remainingSeconds: t.remainingSeconds,
        totalScore: t.totalScore,
        cards: t.cards,
        buchholz: buchholz[t.index],
        headToHead: headToHead[t.index],
        tieBreaks: values[t.index],
      });
    }
  }
  return rows;
}

function record(
  me: Tally,
  them: Tally,
  outcome: Outcome,
  myScore: number,
  spread: number,
  remaining: number,
): void {
  const pts = OUTCOME_POINTS[outcome];
  me.points += pts;
  if (outcome === 'win') me.wins++;
  else if (outcome === 'draw') me.draws++;
  else me.losses++;
  me.gamesPlayed++;
  me.spread += spread;
  me.totalScore += myScore;
  me.remainingSeconds += remaining;
  me.opponents.push({ opponent: them.index, points: pts });
}

/**
 * A game not played: a win (+`spread`) or a loss (−`spread`; a double forfeit passes 0), with
 * no score, no remaining time and no cards. The opponent was not met, so it adds nothing to
 * Buchholz or head-to-head.
 */
function forfeit(me: Tally, outcome: Outcome, spread: number): void {
  me.gamesPlayed++;
  if (outcome === 'win') {
    me.points += 1;
    me.wins++;
    me.forfeitWins++;
    me.spread += spread;
  } else {
    me.losses++;
    me.forfeitLosses++;
    me.spread -= spread;
  }
}

function keyFor(
  criterion: 'points' | TieBreak,
  group: Tally[],
  buchholz: Float64Array,
  headToHead: Float64Array,
): (t: Tally) => number {
  switch (criterion) {
    case 'points':
      return (t) => t.points;
    case 'spread':
      return (t) => t.spread;
    case 'remaining-time':
      return (t) => t.remainingSeconds;
    case 'buchholz':
      return (t) => buchholz[t.index];
    case 'total-score':
      return (t) => t.totalScore;
    case 'cards':
      return (t) => t.cards;
    case 'seed':
      return (t) => -t.player.seed;
    case 'head-to-head': {
      const members = new Set(group.map((t) => t.index));
      for (const t of group) {
        let sum = 0;
        for (const o of t.opponents) if (members.has(o.opponent)) sum += o.points;
        headToHead[t.index] = sum;
      }
      return (t) => headToHead[t.index];
    }
  }
}
