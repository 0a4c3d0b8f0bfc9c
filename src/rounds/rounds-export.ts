import { EntityManager, In } from 'typeorm';
import type { PairingSystem } from '../tournaments/systems';
import { Game } from './game.entity';
import type { GameFacts } from './game-facts';
import { Round } from './round.entity';
import { seatsOf } from './tables';

/** Rows fetched per `IN (…)` list, under SQLite's parameter limit. */
const CHUNK = 500;

/** A round as an export writes it: its number, how it was paired and what the pairing said. */
export interface ExportedRound {
  id: number;
  number: number;
  system: PairingSystem;
  notes: string[] | null;
  /** The round whose standings it was paired from (0: by seed); null when none. */
  basedOn: number | null;
}

/** A game as an export writes it: who sat where, and its result as the game's own columns hold it. */
export interface ExportedGame extends Required<GameFacts> {
  id: number;
  roundId: number;
  tableNumber: number;
}

/** One seat of a game played at a table of more than two, in turn order. */
export interface ExportedSeat {
  gameId: number;
  playerId: number;
  score: number | null;
  remaining: number | null;
  cards: number | null;
  place: number | null;
}

/** A division's rounds by number, as an export lists them. */
export function roundsForExport(m: EntityManager, divisionId: number): Promise<ExportedRound[]> {
  return m.find(Round, { where: { divisionId }, order: { number: 'ASC' } });
}

/**
 * The games of a division's rounds, each round's by table: a few reads of 500 rounds each, so
 * that a division of thousands of games is exported in one or two statements.
 */
export async function gamesForExport(
  m: EntityManager,
  roundIds: readonly number[],
): Promise<ExportedGame[]> {
  const out: ExportedGame[] = [];
  for (let i = 0; i < roundIds.length; i += CHUNK) {
    const chunk = roundIds.slice(i, i + CHUNK);
    out.push(
      ...(await m.find(Game, { where: { roundId: In(chunk) }, order: { tableNumber: 'ASC' } })),
    );
  }
  return out;
}

/** The games of a division's rounds in one read, in no order, for a TSH file (none when no round). */
export async function gamesForTsh(
  m: EntityManager,
  roundIds: readonly number[],
): Promise<ExportedGame[]> {
  return roundIds.length ? m.find(Game, { where: { roundId: In([...roundIds]) } }) : [];
}

/** Each game's seats in turn order, by game id (games of pairs have none), read in batches. */
export function seatsForExport(
  m: EntityManager,
  gameIds: readonly number[],
): Promise<Map<number, ExportedSeat[]>> {
  return seatsOf(m, gameIds);
}
