import type { EntityManager } from 'typeorm';

/** A game's score sheet as a round's removal keeps it. */
export interface HeldSheet {
  gameId: number;
  sheet: string;
  ok: boolean | null;
}

/** A sheet being typed, as a round's removal keeps it. */
export interface HeldDraft {
  gameId: number;
  form: string;
  savedBy: string | null;
}

/** One change of a game's result, as its history has it. */
export interface HeldChange {
  gameId: number;
  createdAt: Date;
  action: string;
  userName: string | null;
  userEmail: string | null;
  before: unknown;
  after: unknown;
}

/**
 * What a game holds that the results own: its score sheet, the sheet being typed, the history
 * of its result. The rounds show a sheet's verdict beside a game and remove a round with all
 * it holds; the results stand above the rounds, so the rounds ask through this port, which the
 * application's module binds to the results' implementation (src/results/result-records.ts).
 * Each method works in the caller's transaction (`m`).
 */
export abstract class GameRecords {
  /** Each game's stored score sheet's verdict (null: not verified), for the games that have one. */
  abstract sheetVerdicts(
    m: EntityManager,
    gameIds: readonly number[],
  ): Promise<Map<number, { ok: boolean | null }>>;

  /** The games' sheets, drafts and result history (oldest first). */
  abstract held(
    m: EntityManager,
    gameIds: readonly number[],
  ): Promise<{ sheets: HeldSheet[]; drafts: HeldDraft[]; changes: HeldChange[] }>;

  /** Removes the games' sheets, drafts and result history (before the games themselves). */
  abstract remove(m: EntityManager, gameIds: readonly number[]): Promise<void>;
}
