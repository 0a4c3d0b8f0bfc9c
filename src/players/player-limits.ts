/**
 * What a player's fields may hold, on every path that registers or changes one: the API,
 * the CSV import, the tournament import. One table, so that nothing one path refuses
 * can come in by another.
 */
export const PLAYER_LIMITS = {
  /** Characters of a name, as written on score sheets. */
  name: 200,
  /** Characters of a club. */
  club: 200,
  /** The highest rating (0 is the lowest). */
  rating: 5000,
  /** The highest seed number (1 is the top seed). */
  seed: 100_000,
} as const;
