/** How a round's players are split into tables. */
export interface TablePlan {
  /** Seats of each table, largest first: tables of `seats`, then tables of `seats − 1`. */
  sizes: number[];
  /** Players who cannot be seated at a table of `seats` or `seats − 1`: they get a bye. */
  byes: number;
}

/**
 * Splits `players` into tables of `seats` and, when the number does not divide, tables of
 * `seats − 1` (a game of one fewer still plays; never two fewer). As many players as possible
 * are seated, and among equal ways, the most full tables. Only a number that no mix of the two
 * sizes reaches leaves players over, as few as can be, and they get a bye: 5 players at tables
 * of 4 are one table of 4 and one bye (a table of 3 and two byes would seat fewer). With
 * `seats` 2 this is the usual rule for pairs: an odd player out gets the bye.
 */
export function planTables(players: number, seats: number): TablePlan {
  if (!Number.isInteger(seats) || seats < 2)
    throw new RangeError(`seats must be 2 or more, not ${seats}`);
  if (!Number.isInteger(players) || players < 0) throw new RangeError(`players must be 0 or more`);
  const smaller = seats - 1;
  let best = { full: 0, small: 0, seated: -1 };
  for (let full = Math.floor(players / seats); full >= 0; full--) {
    const rest = players - full * seats;
    // A "table" of one is no game: with seats 2, the rest are byes.
    const small = smaller >= 2 ? Math.floor(rest / smaller) : 0;
    const seated = full * seats + small * smaller;
    if (seated > best.seated) best = { full, small, seated };
    if (seated === players) break;
  }
  const sizes = [
    ...Array.from({ length: best.full }, () => seats),
    ...Array.from({ length: best.small }, () => smaller),
  ];
  return { sizes, byes: players - best.seated };
}
