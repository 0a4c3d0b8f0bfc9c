import type { EntityManager } from 'typeorm';
import type { VerificationReport } from '../engine';
import type { PersonEventView, PersonGameView } from './person.view';

/** An event the person played in, with the division's rule set (the registry names its family). */
export type PlayedEvent = Omit<PersonEventView, 'family'> & { ruleSet: string };

/**
 * A game of the person as the registry reads it: the view, whether its result was taken from
 * its score sheet, and the person's seat in it (0 moves first; a report's players are in seat
 * order).
 */
export type PlayedGame = PersonGameView & { fromSheet: boolean; seatIndex: number };

/** A person's rating after one rated tournament, in one family. */
export interface RatingHistoryPoint {
  tournamentId: number;
  tournament: string;
  /** The day the tournament counts as played on (`YYYY-MM-DD`). */
  date: string;
  family: string;
  /** Null for a person who came unrated. */
  old: number | null;
  new: number;
}

/** A game's stored score sheet with the engine's report (a sheet it could not read has none). */
export interface SheetWithReport {
  gameId: number;
  report: VerificationReport;
}

/** A person's rating in one game family. */
export interface PersonRating {
  family: string;
  rating: number;
  games: number;
}

/** One of a person's players: the tournament and division it plays in. */
export interface PersonPlayer {
  playerId: number;
  divisionId: number;
  tournamentId: number;
}

/**
 * What the registry asks about a person's players, games, tournaments and ratings, and the
 * writes a merge of two persons needs. Those contexts stand above the registry (a player is a
 * person in one division), so it asks through this port, which the application's module binds
 * to their functions (src/app.module.ts). Each method that takes `m` works in the caller's
 * transaction: a merge is one.
 */
export abstract class PersonRecords {
  /**
   * Each event the person played in (one per player) and every game they have a seat at,
   * both in date order.
   */
  abstract played(
    m: EntityManager,
    personId: number,
  ): Promise<{ events: PlayedEvent[]; games: PlayedGame[] }>;

  /** The person's ratings, one per family, in the families' order. */
  abstract ratings(personId: number): Promise<PersonRating[]>;

  /**
   * The person's rating after each rated tournament of these (their own), by the tournaments'
   * rating reports, in date order.
   */
  abstract ratingHistory(
    personId: number,
    tournamentIds: readonly number[],
  ): Promise<RatingHistoryPoint[]>;

  /** The stored score sheets of these games that have the engine's report; one read. */
  abstract sheetReports(gameIds: readonly number[]): Promise<SheetWithReport[]>;

  /** Each of the person's players, with its division and tournament (the log's subjects). */
  abstract playersOf(m: EntityManager, personId: number): Promise<PersonPlayer[]>;

  /** The division of each of the person's players. */
  abstract divisionsOf(m: EntityManager, personId: number): Promise<number[]>;

  /** The names of the tournaments the divisions belong to, each once, in date order. */
  abstract tournamentNames(m: EntityManager, divisionIds: readonly number[]): Promise<string[]>;

  /** The families the person has an imported rating in. */
  abstract listedFamilies(m: EntityManager, personId: number): Promise<string[]>;

  /** Makes `into` the person of every player of `from`; returns the divisions they play in. */
  abstract movePlayers(m: EntityManager, from: number, into: number): Promise<number[]>;

  /** Makes `into` the person of every imported rating of `from`. */
  abstract moveListedRatings(m: EntityManager, from: number, into: number): Promise<void>;

  /** Makes the divisions' pages again, a closed tournament's too (its results do not change). */
  abstract touchDivisions(m: EntityManager, divisionIds: number[]): Promise<void>;

  /** Computes every rating again, from the imported list and the closed tournaments. */
  abstract recomputeRatings(m: EntityManager): Promise<void>;
}
