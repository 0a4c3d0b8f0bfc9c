/**
 * Who may write: organisers run tournaments, judges enter results. Here, below the accounts
 * (src/auth), because the body reader reads a route's role before its body.
 */
export type Role = 'organiser' | 'judge';
