/*
 * The kinds a game's fields take, apart from the entity, so that a context that words or
 * exchanges results names them without importing the rounds' table.
 */

/** `pending` until a result is in; a bye is complete when paired. */
export type GameStatus = 'pending' | 'complete' | 'bye';

/** Who won: `first`, `second`, `draw`; `none` for a double forfeit (both lose). */
export type Winner = 'first' | 'second' | 'draw' | 'none';

/**
 * A result that was not played: `forfeit` (the loser did not come; the winner takes the
 * division's forfeit spread) or `double-forfeit` (neither came; both lose). Null for a game
 * played, a bye or a game pending.
 */
export type ResultKind = 'forfeit' | 'double-forfeit';
export const RESULT_KINDS: readonly ResultKind[] = ['forfeit', 'double-forfeit'];

/** Where a result came from: typed in, a score sheet, or the pairing (a bye). */
export type ResultSource = 'result' | 'scoresheet' | 'bye';
