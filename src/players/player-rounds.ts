import type { EntityManager } from 'typeorm';
import type { PairingSystem } from '../tournaments/systems';

/** A division's rounds paired so far. */
export interface PairedRounds {
  /** The highest round number paired (0: none yet). */
  paired: number;
  /** Each paired round's system. */
  systems: PairingSystem[];
}

/**
 * What the players ask of the rounds: whether a late entry or a new seed is still possible (the
 * rounds paired and their systems), and whether a player has games (which cannot lose one). The
 * rounds stand above the players (their games seat players), so the players ask through this
 * port, which the application's module binds to the rounds' implementation
 * (src/rounds/rounds-for-players.ts). The methods taking `m` work in the caller's transaction;
 * an import's process, without NestJS, is given them by src/startup/registration-reads.ts.
 */
export abstract class PlayerRounds {
  /** A division's rounds paired and their systems. */
  abstract pairedRounds(m: EntityManager, divisionId: number): Promise<PairedRounds>;

  /** How many games a player is paired in (byes included). */
  abstract gamesPaired(m: EntityManager, playerId: number): Promise<number>;

  /** A player's games (byes included), each as waiting for its result or not; 404 if no player. */
  abstract gamesOf(playerId: number): Promise<{ pending: boolean }[]>;

  /** The players seated at a division's games; 404 if no division. */
  abstract seatedIn(divisionId: number): Promise<Set<number>>;
}
