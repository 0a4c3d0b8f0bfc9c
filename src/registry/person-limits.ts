/**
 * What a person's own fields may hold. A player takes them from its person, so the players'
 * limits (src/players/player-limits.ts) take these numbers: one table of them.
 */
export const PERSON_LIMITS = {
  /** Characters of a name, as written on score sheets. */
  name: 200,
  /** Characters of a club. */
  club: 200,
} as const;
