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

/** A country as federations write it: two or three capital letters (`SRB`, `CRO`, `FR`). */
export const COUNTRY = /^[A-Z]{2,3}$/;
/** A federation id: letters, digits and dashes, at most 20. */
export const FEDERATION_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/;
