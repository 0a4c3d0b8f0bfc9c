import type { EntityManager } from 'typeorm';
import { forUpdate } from '../database/lock';
import { Division } from './division.entity';
import type { DivisionSettings } from './tournament-rules';
import { Tournament } from './tournament.entity';

/*
 * The divisions and tournaments as the players read them (registering, seeding, logging a
 * change), each in the caller's transaction (`m`).
 */

/** A division as the players read it: its tournament, its name and its settings. */
export interface DivisionOfPlayers extends DivisionSettings {
  id: number;
  tournamentId: number;
  name: string;
}

/** A tournament as the players read it. */
export interface TournamentOfPlayers {
  id: number;
  name: string;
}

/** Whether the division exists: a list of its players is a 404 without it. */
export function divisionExists(m: EntityManager, divisionId: number): Promise<boolean> {
  return m.existsBy(Division, { id: divisionId });
}

/**
 * The division, or null; with `lock`, its row is read for update (PostgreSQL) so that two
 * registrations or restores in one division take turns.
 */
export function divisionOfPlayers(
  m: EntityManager,
  divisionId: number,
  lock = false,
): Promise<DivisionOfPlayers | null> {
  return m.findOne(Division, { where: { id: divisionId }, ...(lock ? forUpdate(m) : {}) });
}

/** The division of a player known to exist (its row is there while the player's is). */
export function divisionOfPlayer(m: EntityManager, divisionId: number): Promise<DivisionOfPlayers> {
  return m.findOneByOrFail(Division, { id: divisionId });
}

/** The tournament of a division known to exist. */
export function tournamentOfDivision(
  m: EntityManager,
  division: Pick<DivisionOfPlayers, 'tournamentId'>,
): Promise<TournamentOfPlayers> {
  return m.findOneByOrFail(Tournament, { id: division.tournamentId });
}
