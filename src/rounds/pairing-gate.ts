import { isScheduled, type PairingSystem } from '../tournaments/systems';

/*
 * When a round may be paired, and from which round's standings (pairing with a lag): pure, so
 * that the pairing itself and the rounds page, which offers the button only when the pairing
 * would be accepted, answer alike.
 */

/** A game paired before the round, as the gate reads it. */
export interface GateGame {
  round: number;
  table: number;
  status: 'pending' | 'complete' | 'bye';
}

/** The results still missing in one round: its tables without a result. */
export interface MissingResults {
  round: number;
  tables: number[];
}

/** What pairing round `round` needs and is based on. */
export interface PairingGate {
  /**
   * The round whose standings rank the players (0: none yet, by seed); null for a system that
   * ranks by no standings (a round robin, random, seeded, by hand).
   */
  basedOn: number | null;
  /** The last round whose every result must be in (0: none); null when none need be. */
  completeThrough: number | null;
  /** Rounds up to `completeThrough` with games still without a result, by round. */
  missing: MissingResults[];
}

/** Systems that rank players by the standings. */
export function ranksByStandings(system: PairingSystem): boolean {
  return system === 'swiss' || system === 'king-of-the-hill';
}

/**
 * The gate of pairing round `round` by `system` with the division's lag: round N + 1 is paired
 * from the standings after round N − lag, and every result up to that round must be in (with
 * lag 0, every earlier result); the results of the rounds after it may still be missing. A
 * scheduled system (round robin) needs no result.
 */
export function pairingGate(
  round: number,
  system: PairingSystem,
  lag: number,
  games: readonly GateGame[],
): PairingGate {
  const after = Math.max(0, round - 1 - lag);
  if (isScheduled(system)) return { basedOn: null, completeThrough: null, missing: [] };
  const tables = new Map<number, number[]>();
  for (const g of games) {
    if (g.status !== 'pending' || g.round > after || g.round >= round) continue;
    tables.set(g.round, [...(tables.get(g.round) ?? []), g.table]);
  }
  const missing = [...tables.entries()]
    .sort(([a], [b]) => a - b)
    .map(([r, list]) => ({ round: r, tables: list.sort((a, b) => a - b) }));
  return { basedOn: ranksByStandings(system) ? after : null, completeThrough: after, missing };
}

/** The number of results missing, all rounds together. */
export function missingCount(missing: readonly MissingResults[]): number {
  return missing.reduce((n, m) => n + m.tables.length, 0);
}
