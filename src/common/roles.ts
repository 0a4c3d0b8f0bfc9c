/**
 * Who may write: organisers run tournaments, judges enter results. Here, below the accounts
 * (src/auth), because the body reader reads a route's role before its body.
 *
 * An account's role says what it may do outside any tournament (an organiser creates
 * tournaments and imports them); inside a tournament, what it holds there
 * ({@link TournamentRole}) decides. A route asking for `administrator` is the site's own
 * (accounts, backups, the registry and the rating list): only the site administrator may.
 */
export type Role = 'organiser' | 'judge';

/** What a route asks of its sender: one of the account roles, or the site administrator. */
export type RouteRole = Role | 'administrator';

/**
 * A role in one tournament: the owner (who created it) and co-directors run it, judges enter
 * its results. The owner alone adds or removes co-directors.
 */
export type TournamentRole = 'owner' | 'co-director' | 'judge';

export const TOURNAMENT_ROLES: readonly TournamentRole[] = ['owner', 'co-director', 'judge'];

/** Whether holding `held` in a tournament lets an account call a route asking for `asked` there. */
export function tournamentRoleAllows(held: TournamentRole, asked: readonly RouteRole[]): boolean {
  if (held === 'judge') return asked.includes('judge');
  return asked.includes('organiser') || asked.includes('judge');
}

/**
 * What the checks before a route's handler ask of a request, known from its method and path
 * before its body is read: the roles, and the tournament's row the route acts on (the kind and
 * the id as written in the path), if it acts in one.
 */
export interface RouteCheck {
  roles: RouteRole[];
  scope: { kind: string; id: string } | null;
}
