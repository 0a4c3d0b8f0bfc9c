import type { EntityManager } from 'typeorm';

/** What a route's first parameter may name that belongs to one tournament. */
export const SCOPE_KINDS = [
  'tournaments',
  'divisions',
  'games',
  'players',
  'entries',
  'submissions',
] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** The kinds of row that belong to a division (and so to its tournament). */
export type DivisionRowKind = 'games' | 'players' | 'submissions';
export const DIVISION_ROW_KINDS: readonly ScopeKind[] = ['games', 'players', 'submissions'];

/**
 * The port by which the accounts learn which tournament a row belongs to, bound in the
 * application module to what each context owns (a division is the tournaments', a game the
 * rounds', a submission the table codes'…). Null when there is no such row.
 */
export abstract class TournamentScopes {
  /** The tournament of a tournament's own row (itself, a division, an entry). */
  abstract tournamentOf(
    m: EntityManager,
    kind: Exclude<ScopeKind, DivisionRowKind>,
    id: number,
  ): Promise<number | null>;
  /**
   * The division a game, player or submitted sheet belongs to: its tournament is the
   * division's, which the accounts keep (a hall writes each game once or twice, in a handful
   * of divisions).
   */
  abstract divisionOf(m: EntityManager, kind: DivisionRowKind, id: number): Promise<number | null>;
  /** The tournament's name, for a refusal to say which (null when there is no such tournament). */
  abstract nameOf(m: EntityManager, tournamentId: number): Promise<string | null>;
  /** The names of the tournaments of `ids` that exist, by id (the accounts page lists them). */
  abstract namesOf(m: EntityManager, ids: readonly number[]): Promise<Map<number, string>>;
}
