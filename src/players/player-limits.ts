import { PERSON_LIMITS } from '../registry/person-limits';

/**
 * What a player's fields may hold, on every path that registers or changes one: the API,
 * the CSV import, the tournament import. One table, so that nothing one path refuses
 * can come in by another.
 */
export const PLAYER_LIMITS = {
  /** Characters of a name, as the person's (a player takes its person's fields). */
  name: PERSON_LIMITS.name,
  /** Characters of a club, as the person's. */
  club: PERSON_LIMITS.club,
  /** The highest rating (0 is the lowest). */
  rating: 5000,
  /** The highest seed number (1 is the top seed). */
  seed: 100_000,
} as const;
