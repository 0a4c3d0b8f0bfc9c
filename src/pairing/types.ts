import type { GameRecord, Player, StandingsOptions } from '../standings/types';

export type { GameRecord, Outcome, Player, StandingsOptions, TieBreak } from '../standings/types';

export type PairingSystem =
  'swiss' | 'round-robin' | 'double-round-robin' | 'king-of-the-hill' | 'random' | 'seeded';

/** How the `seeded` system orders a round: with players 1…n by seed. */
export type SeededMethod =
  /** Top half against bottom half: 1–(n/2+1), 2–(n/2+2), … */
  | 'split'
  /** Neighbours: 1–2, 3–4, … */
  | 'adjacent'
  /** Folded: 1–n, 2–(n−1), … */
  | 'fold';

export interface PairingRequest {
  system: PairingSystem;
  /** The round to pair, 1-based. History of this round and later is ignored. */
  round: number;
  /** Seed string of the PRNG for `random`: the same string gives the same pairings. */
  seed?: string;
  /** For `seeded`; default `split`. */
  seeding?: SeededMethod;
  /** Standings options used to rank players (points, tie-breaks, bye spread). */
  standings?: StandingsOptions;
  /**
   * The round whose standings rank the players (0: none yet, by seed); default `round − 1`.
   * A pairing with a lag ranks by an earlier round's standings, so that the rounds after it
   * need not have every result in: its games still count as met (rematches, byes, starts).
   * Overrides `standings.throughRound`.
   */
  standingsAfter?: number;
  /**
   * Swiss engine: `auto` (default) checks the score-group search against the
   * exact optimum up to 400 players and uses the search (polished by exact
   * windows) above that; `exact` and `greedy` force one engine (for tests and
   * diagnostics). See docs/pairing.md.
   */
  algorithm?: 'auto' | 'exact' | 'greedy';
  /**
   * Pairs to avoid as far as possible (Swiss): players of the same club (`clubs`: player id →
   * club; players without one are never club-mates) and pairs listed in `forbidden`. Such a
   * pair costs as much as half a rematch: a club-mate is met before anyone is met twice.
   */
  avoid?: {
    clubs?: Readonly<Record<string, string>>;
    forbidden?: readonly (readonly [string, string])[];
  };
  /**
   * Gibsonization (Swiss and King of the Hill): `rounds` is the number of rounds planned. A
   * leader who can no longer be caught for first place (ahead of the second by more points
   * than there are rounds left, this one included) is paired with the highest-ranked player
   * who can no longer reach the second place's points, so as not to affect the race behind.
   */
  gibson?: { rounds: number };
  /**
   * The most times two players may meet (1: never a rematch; absent: no limit). Swiss and King
   * of the Hill keep every pair under it as far as possible, before anything else but a repeat
   * bye; when no pairing can, they pair anyway with the fewest such pairs and count them
   * (`overLimit`). Other systems only count them.
   */
  maxMeetings?: number;
}

/** One table: `first` moves first; `second === null` is a bye. */
export interface Pairing {
  table: number;
  first: string;
  second: string | null;
}

export type PairingErrorCode =
  | 'invalid-round'
  | 'invalid-standings-round'
  | 'invalid-limit'
  | 'duplicate-player'
  | 'unknown-player'
  | 'missing-seed';

export type PairingOutcome =
  | {
      ok: true;
      pairings: Pairing[];
      /** Pairs in this round who have met before (0 unless unavoidable). */
      rematches: number;
      /** Pairs in this round that `avoid` asked to avoid (0 unless unavoidable). */
      avoided: number;
      /** Pairs in this round who had met `maxMeetings` times already (0 unless unavoidable). */
      overLimit: number;
      /** The leader paired by Gibsonization, and the opponent chosen; absent when none. */
      gibsonized?: { player: string; opponent: string | null };
      /** Remarks for the organiser, e.g. why a rematch or a second bye was given. */
      notes: string[];
    }
  | { ok: false; code: PairingErrorCode; message: string };

/** One problem found in a list of pairings given by hand. */
export interface PairingIssue {
  code:
    | 'unknown-player'
    | 'withdrawn-player'
    | 'missing-player'
    | 'duplicate-player'
    | 'self-pairing'
    | 'too-many-byes'
    | 'duplicate-table'
    | 'rematch'
    | 'repeat-bye';
  message: string;
  playerIds: string[];
}

/** Errors make the pairings unusable; warnings are for the organiser to confirm. */
export interface PairingValidation {
  ok: boolean;
  errors: PairingIssue[];
  warnings: PairingIssue[];
}

/** Re-exported so callers need one import. */
export type PairingHistory = readonly GameRecord[];
export type PairingPlayers = readonly Player[];
