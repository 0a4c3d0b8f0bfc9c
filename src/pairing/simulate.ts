import { GameRecord, Outcome, Player } from '../standings/types';
import { pairRound } from './pair';
import { prngFromString, shuffled } from './prng';
import { PairingRequest } from './types';

export interface SimulationOptions {
  players: number;
  rounds: number;
  /** PRNG seed string; the same options give the same tournament. */
  seed: string;
  /** How past rounds were paired: `random` (fast) or by this module's Swiss. Default `random`. */
  pairing?: 'random' | 'swiss';
  /** Chance per game of a draw. Default 0.02. */
  drawRate?: number;
  /** Chance per active player per round of withdrawing after it. Default 0. */
  withdrawRate?: number;
  /** Chance per round of one late entry joining before it. Default 0. */
  lateEntryRate?: number;
  /** Standings options for `swiss` history. */
  request?: Partial<PairingRequest>;
}

/**
 * Builds a made-up tournament: players `p1 … pN` (seed = number) and `rounds`
 * rounds of games with random results, scores (250–549) and clocks (0–899 s).
 * For tests, benchmarks and demo data.
 */
export function simulateTournament(options: SimulationOptions): {
  players: Player[];
  history: GameRecord[];
} {
  const random = prngFromString(options.seed);
  const drawRate = options.drawRate ?? 0.02;
  const players: Player[] = Array.from({ length: options.players }, (_, i) => ({
    id: `p${i + 1}`,
    seed: i + 1,
    active: true,
  }));
  const history: GameRecord[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    if (options.lateEntryRate && random() < options.lateEntryRate) {
      const seed = players.length + 1;
      players.push({ id: `p${seed}`, seed, active: true });
    }
    let tables: { first: string; second: string | null }[];
    if ((options.pairing ?? 'random') === 'swiss') {
      const outcome = pairRound(players, history, {
        ...options.request,
        system: 'swiss',
        round,
      });
      if (!outcome.ok) throw new Error(outcome.message);
      tables = outcome.pairings;
    } else {
      const order = shuffled(
        players.filter((p) => p.active).map((p) => p.id),
        random,
      );
      tables = [];
      for (let i = 0; i < order.length; i += 2) {
        tables.push({ first: order[i], second: order[i + 1] ?? null });
      }
    }
    for (const t of tables) {
      if (t.second === null) {
        history.push({ round, a: t.first, b: null });
        continue;
      }
      const scoreA = 250 + Math.floor(random() * 300);
      const scoreB = 250 + Math.floor(random() * 300);
      const r = random();
      const resultA: Outcome = r < drawRate ? 'draw' : r < (1 + drawRate) / 2 ? 'win' : 'loss';
      history.push({
        round,
        a: t.first,
        b: t.second,
        starts: t.first,
        resultA,
        scoreA,
        scoreB,
        remainingA: Math.floor(random() * 900),
        remainingB: Math.floor(random() * 900),
      });
    }
    if (options.withdrawRate) {
      for (const p of players) if (p.active && random() < options.withdrawRate) p.active = false;
    }
  }
  return { players, history };
}
