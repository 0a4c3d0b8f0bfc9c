import { buildScorecards, buildWallChart, Scorecard, WallChartRow } from '../standings';
import type { SnapshotPlayer, StandingsSnapshot } from './standings.service';

/** A division's scorecards and wall chart, from one standings snapshot. */
export interface DivisionScorecards {
  /** Rounds shown: round 1 to the snapshot's round. */
  rounds: number;
  /** By player id (as a string, the standings' ids). */
  cards: ReadonlyMap<string, Scorecard>;
  /** Every player of the division in seed order. */
  chart: WallChartRow[];
  players: ReadonlyMap<string, SnapshotPlayer>;
  /** The division's spread cap, or null when it has none. */
  spreadCap: number | null;
}

const kept = new WeakMap<StandingsSnapshot, DivisionScorecards>();

/**
 * Scorecards of every player of the snapshot's division through its round, counted with the
 * standings' options (spread cap, bye and forfeit spread). Made once per snapshot: the snapshot
 * is kept until the division's revision moves, and these with it.
 */
export function scorecardsOf(snap: StandingsSnapshot): DivisionScorecards {
  const hit = kept.get(snap);
  if (hit) return hit;
  const rounds = snap.view.round;
  const people = snap.players.map((p) => ({
    id: String(p.id),
    seed: p.seed,
    joinedRound: p.joinedRound,
    absentRounds: p.absentRounds,
  }));
  const cards = buildScorecards(people, snap.records, rounds, snap.options);
  const made: DivisionScorecards = {
    rounds,
    cards,
    chart: buildWallChart(people, cards),
    players: new Map(snap.players.map((p) => [String(p.id), p])),
    spreadCap: snap.options.spreadCap ?? null,
  };
  kept.set(snap, made);
  return made;
}
