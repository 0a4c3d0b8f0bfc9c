import type { EntityManager } from 'typeorm';
import { insertMany } from '../database/bulk';
import { Absence } from './absence.entity';
import { attachPersons } from './attach-persons';
import { Player } from './player.entity';

/*
 * The players' tables as an import writes a whole division's (a tournament's document, a TSH
 * file), without NestJS: src/exchange asks here instead of writing the rows itself. Each works
 * in the import's one transaction (`m`) and inserts in bulk.
 */

/** A player as an import brings it; the seed is unique within the division. */
export interface ImportedPlayer {
  name: string;
  club: string | null;
  rating: number | null;
  /** 1 = top seed. */
  seed: number;
  /** False once withdrawn. */
  active: boolean;
  /** First round the player could be paired in (late entries). */
  joinedRound: number;
}

/** A round an imported player is marked absent for. */
export interface ImportedAbsence {
  playerId: number;
  round: number;
}

/**
 * Stores a new division's players in bulk, each given a person of the registry
 * (`attachPersons`); each stored player's id by its seed, for the import to find them again.
 */
export async function insertImportedPlayers(
  m: EntityManager,
  divisionId: number,
  players: readonly ImportedPlayer[],
): Promise<Map<number, number>> {
  await insertMany(
    m,
    Player,
    players.map((p) => ({ divisionId, ...p })),
  );
  await attachPersons(m, divisionId);
  const stored = await m.find(Player, {
    where: { divisionId },
    select: { id: true, seed: true },
  });
  return new Map(stored.map((p) => [p.seed, p.id]));
}

/** Stores imported players' absences in bulk. */
export async function insertImportedAbsences(
  m: EntityManager,
  absences: ImportedAbsence[],
): Promise<void> {
  await insertMany(m, Absence, absences);
}
