import type { EntityManager } from 'typeorm';
import type { PlayerRow } from '../players/player-rows';
import type { GameRow, RoundRow, SeatRow } from '../rounds/game-rows';
import type { DivisionRow, TournamentRow } from '../tournaments/division-rows';
import type { StoredWordList } from '../words/words.service';

/** A game with what its result depends on. */
export interface GameContext {
  game: GameRow;
  round: RoundRow;
  /** The division's settings are the rules the game is played by. */
  division: DivisionRow;
  tournament: TournamentRow;
  first: PlayerRow;
  second: PlayerRow | null;
  /** A game at a table of more than two: its seats in turn order; else empty. */
  seats: SeatRow[];
  /** Every player of the game (a table's seats too), by id. */
  players: Map<number, PlayerRow>;
  /** Whether the game has a score sheet, and whether the engine found it without fault. */
  sheet: { ok: boolean | null } | null;
  /** The tournament's own word list's row (not its words), or null: it has none. */
  wordList: StoredWordList | null;
}

/**
 * Reads a game's context: the game with its round, division, tournament, players, whether it
 * has a sheet and its tournament's word list, in one joined statement (a table's seats and their
 * players in two more). The results stand above the rounds, players, tournaments and words, but
 * one read of them all is what a hall's phones and writes wait for: the statement is made where
 * every table is known (src/schema/game-context-read.ts), and the application's module binds it
 * here (PortsModule in src/app.module.ts).
 */
export abstract class GameContextReader {
  /**
   * The game `id`'s context in `m`, or null when there is no such game. With `lock`, the game's
   * row is locked for the transaction (PostgreSQL), so that two writes of one game take turns.
   */
  abstract read(m: EntityManager, id: number, lock: boolean): Promise<GameContext | null>;
}
