import { EntityManager } from 'typeorm';
import { Conflict, NotFound, type ErrorDetails } from '../common/errors';
import { noteMoved } from '../database/moved';
import { keptText, placeholders, run } from '../database/sql';
import type { StandingsOptions, TieBreak as StandingsTieBreak } from '../standings';
import { Division } from './division.entity';
import { Tournament } from './tournament.entity';
import { PairingSystem, TieBreak } from './systems';

/** The standings options of a division: its tie-breaks, then the seed; its bye spread. */
export function standingsOptions(
  t: Pick<Division, 'tieBreaks' | 'byeSpread' | 'forfeitSpread' | 'spreadCap'>,
  throughRound?: number,
): StandingsOptions {
  const tieBreaks: StandingsTieBreak[] = [...t.tieBreaks, 'seed'];
  return {
    throughRound,
    byeSpread: t.byeSpread,
    byeRemainingSeconds: 0,
    forfeitSpread: t.forfeitSpread,
    tieBreaks,
    spreadCap: t.spreadCap ?? undefined,
  };
}

/**
 * The pairing system round `n` is paired by: King of the Hill for the division's last
 * `kothLastRounds` rounds, else the plan's entry (later rounds repeat the last one).
 */
export function plannedSystem(
  t: Pick<DivisionSettings, 'kothLastRounds' | 'roundsPlanned' | 'pairingPlan'>,
  n: number,
): PairingSystem {
  if (t.kothLastRounds > 0 && n > t.roundsPlanned - t.kothLastRounds) return 'king-of-the-hill';
  return t.pairingPlan[Math.min(n, t.pairingPlan.length) - 1];
}

export { isScheduled } from './systems';

/** True when the division's games are played at tables of more than two. */
export const playsAtTables = (division: { tableSize: number }): boolean => division.tableSize > 2;

/**
 * Marks divisions changed, inside the writing transaction, so that cached
 * standings and pages of those divisions are made again and live pages reload:
 * the new revisions reach this process's memory when the transaction commits,
 * and other servers on the same PostgreSQL database by NOTIFY (`noteMoved`).
 * Every write that changes what a division's pages show calls it. `resultsOf` says that all
 * the write changed was the results of games of that round (a result, a score sheet): pages of
 * the rounds before it (standings after an earlier round, its pairings) are then kept, and the
 * standings are brought up to date by reading that round's games again.
 */
export async function touchDivisions(
  m: EntityManager,
  ids: number | number[],
  options: { closing?: boolean; resultsOf?: number } = {},
): Promise<void> {
  const list = Array.isArray(ids) ? ids : [ids];
  if (list.length === 0) return;
  // One statement moves the revisions and says what a refusal needs of the tournaments.
  const sql = keptText(
    m,
    `touch divisions ${list.length}`,
    () => `UPDATE divisions SET revision = revision + 1, updated_at = CURRENT_TIMESTAMP
     WHERE id IN (${placeholders(m, list.length).join(', ')})
     RETURNING id, revision, tournament_id,
       (SELECT t.name FROM tournaments t WHERE t.id = divisions.tournament_id) AS tournament_name,
       (SELECT t.closed_at IS NOT NULL FROM tournaments t WHERE t.id = divisions.tournament_id) AS closed`,
  );
  const { records } = await run(m, sql, list);
  const rows = records as {
    id: number;
    revision: number;
    tournament_id: number;
    tournament_name: string;
    closed: number | boolean;
  }[];
  // A closed tournament's results are final: every write that would change what its pages
  // show comes here, and is refused (its transaction rolls back), except closing and reopening.
  const closed = rows.find((r) => Boolean(r.closed));
  if (closed && !options.closing) {
    throw new Conflict(
      'TOURNAMENT_CLOSED',
      `${closed.tournament_name} is closed: its results are final; reopen it (POST /api/tournaments/${closed.tournament_id}/reopen) to change anything`,
      { tournament: closed.tournament_id },
    );
  }
  await noteMoved(
    m,
    rows.map((r) => ({
      division: r.id,
      revision: r.revision,
      ...(options.resultsOf ? { resultsOf: options.resultsOf } : {}),
    })),
  );
}

/** The division and its tournament, or a 404. */
export async function findDivision(
  m: EntityManager,
  divisionId: number,
): Promise<{ division: Division; tournament: Tournament }> {
  const division = await m.findOneBy(Division, { id: divisionId });
  if (!division) throw new NotFound('division', divisionId);
  const tournament = await m.findOneByOrFail(Tournament, { id: division.tournamentId });
  return { division, tournament };
}

/** The rules a division's games are played by; a tournament keeps a set for new divisions. */
export interface DivisionSettings {
  ruleSet: string;
  options: Record<string, unknown>;
  roundsPlanned: number;
  pairingPlan: PairingSystem[];
  tieBreaks: TieBreak[];
  byeSpread: number;
  forfeitSpread: number;
  spreadCap: number | null;
  avoidSameClub: boolean;
  gibsonize: boolean;
  kothLastRounds: number;
  /** The most times two players may meet; null for no limit. */
  maxMeetings: number | null;
  /** Round N + 1 is paired from the standings after round N − `pairingLag` (0: after round N). */
  pairingLag: number;
  /** Seats a table: 2 for pairs, more for the games played at tables. */
  tableSize: number;
  /** Match points of each place by table size; null: a point a player finished ahead of. */
  placePoints: Record<string, number[]> | null;
}

/** Forfeit spread when the organiser sets none, and for documents written before it was kept. */
export const DEFAULT_FORFEIT_SPREAD = 50;

/** Settings as the API, its views and the export name them (`rounds` is `roundsPlanned`). */
export interface NamedSettings {
  ruleSet: string;
  options: Record<string, unknown>;
  rounds: number;
  pairingPlan: PairingSystem[];
  tieBreaks: TieBreak[];
  byeSpread: number;
  forfeitSpread: number;
  spreadCap: number | null;
  avoidSameClub: boolean;
  gibsonize: boolean;
  kothLastRounds: number;
  /** The most times two players may meet; null for no limit. */
  maxMeetings: number | null;
  /** Round N + 1 is paired from the standings after round N − `pairingLag` (0: after round N). */
  pairingLag: number;
  /** Seats a table: 2 for pairs, more for the games played at tables. */
  tableSize: number;
  /** Match points of each place by table size; null: a point a player finished ahead of. */
  placePoints: Record<string, number[]> | null;
}

/** The settings a document may leave out, having been written before they were kept. */
type LaterSettings =
  | 'forfeitSpread'
  | 'spreadCap'
  | 'avoidSameClub'
  | 'gibsonize'
  | 'kothLastRounds'
  | 'maxMeetings'
  | 'pairingLag'
  | 'tableSize'
  | 'placePoints';

/** A division's or tournament's settings as the API and the export name them. */
export function namedSettings(s: DivisionSettings): NamedSettings {
  return {
    ruleSet: s.ruleSet,
    options: s.options,
    rounds: s.roundsPlanned,
    pairingPlan: s.pairingPlan,
    tieBreaks: s.tieBreaks,
    byeSpread: s.byeSpread,
    forfeitSpread: s.forfeitSpread,
    spreadCap: s.spreadCap,
    avoidSameClub: s.avoidSameClub,
    gibsonize: s.gibsonize,
    kothLastRounds: s.kothLastRounds,
    maxMeetings: s.maxMeetings,
    pairingLag: s.pairingLag,
    tableSize: s.tableSize,
    placePoints: s.placePoints,
  };
}

/** Settings read back from a document; those it predates take what they were before they existed. */
export function settingsFromNamed(
  n: Omit<NamedSettings, LaterSettings> & Partial<Pick<NamedSettings, LaterSettings>>,
): DivisionSettings {
  return {
    ruleSet: n.ruleSet,
    options: n.options,
    roundsPlanned: n.rounds,
    pairingPlan: n.pairingPlan,
    tieBreaks: n.tieBreaks,
    byeSpread: n.byeSpread,
    forfeitSpread: n.forfeitSpread ?? DEFAULT_FORFEIT_SPREAD,
    spreadCap: n.spreadCap ?? null,
    avoidSameClub: n.avoidSameClub ?? false,
    gibsonize: n.gibsonize ?? false,
    kothLastRounds: n.kothLastRounds ?? 0,
    maxMeetings: n.maxMeetings ?? null,
    pairingLag: n.pairingLag ?? 0,
    tableSize: n.tableSize ?? 2,
    placePoints: n.placePoints ?? null,
  };
}

/** Settings as a change names them (the API's `rounds` is `roundsPlanned`). */
export interface SettingsChange {
  ruleSet?: string;
  options?: Record<string, unknown>;
  rounds?: number;
  pairingPlan?: PairingSystem[];
  tieBreaks?: TieBreak[];
  byeSpread?: number;
  forfeitSpread?: number;
  /** null removes the cap. */
  spreadCap?: number | null;
  avoidSameClub?: boolean;
  gibsonize?: boolean;
  kothLastRounds?: number;
  /** null removes the limit. */
  maxMeetings?: number | null;
  pairingLag?: number;
  tableSize?: number;
  /** null: back to a point a player finished ahead of. */
  placePoints?: Record<string, number[]> | null;
}

/** The settings of a division or tournament, copied. */
export function settingsOf(from: DivisionSettings): DivisionSettings {
  return {
    ruleSet: from.ruleSet,
    options: { ...from.options },
    roundsPlanned: from.roundsPlanned,
    pairingPlan: [...from.pairingPlan],
    tieBreaks: [...from.tieBreaks],
    byeSpread: from.byeSpread,
    forfeitSpread: from.forfeitSpread,
    spreadCap: from.spreadCap,
    avoidSameClub: from.avoidSameClub,
    gibsonize: from.gibsonize,
    kothLastRounds: from.kothLastRounds,
    maxMeetings: from.maxMeetings,
    pairingLag: from.pairingLag,
    tableSize: from.tableSize,
    placePoints: from.placePoints ? { ...from.placePoints } : null,
  };
}

/** `settings` with what the change names. */
export function applySettings(
  settings: DivisionSettings,
  change: SettingsChange,
): DivisionSettings {
  return {
    ruleSet: change.ruleSet ?? settings.ruleSet,
    options: change.options ?? settings.options,
    roundsPlanned: change.rounds ?? settings.roundsPlanned,
    pairingPlan: change.pairingPlan ?? settings.pairingPlan,
    tieBreaks: change.tieBreaks ?? settings.tieBreaks,
    byeSpread: change.byeSpread ?? settings.byeSpread,
    forfeitSpread: change.forfeitSpread ?? settings.forfeitSpread,
    spreadCap: change.spreadCap !== undefined ? change.spreadCap : settings.spreadCap,
    avoidSameClub: change.avoidSameClub ?? settings.avoidSameClub,
    gibsonize: change.gibsonize ?? settings.gibsonize,
    kothLastRounds: change.kothLastRounds ?? settings.kothLastRounds,
    maxMeetings: change.maxMeetings !== undefined ? change.maxMeetings : settings.maxMeetings,
    pairingLag: change.pairingLag ?? settings.pairingLag,
    tableSize: change.tableSize ?? settings.tableSize,
    placePoints: change.placePoints !== undefined ? change.placePoints : settings.placePoints,
  };
}

/** The API's name of each setting. */
const SETTING_NAMES: Record<keyof DivisionSettings, string> = {
  ruleSet: 'ruleSet',
  options: 'options',
  roundsPlanned: 'rounds',
  pairingPlan: 'pairingPlan',
  tieBreaks: 'tieBreaks',
  byeSpread: 'byeSpread',
  forfeitSpread: 'forfeitSpread',
  spreadCap: 'spreadCap',
  avoidSameClub: 'avoidSameClub',
  gibsonize: 'gibsonize',
  kothLastRounds: 'kothLastRounds',
  maxMeetings: 'maxMeetings',
  pairingLag: 'pairingLag',
  tableSize: 'tableSize',
  placePoints: 'placePoints',
};

/** Settings fixed once a division has paired a round: its games are played by them. */
const FIXED_ONCE_PAIRED: readonly (keyof DivisionSettings)[] = [
  'ruleSet',
  'options',
  'byeSpread',
  'tableSize',
];

/** One setting a change would alter, before and after. */
export interface SettingChange {
  setting: string;
  before: unknown;
  after: unknown;
}

declare module '../common/errors' {
  interface ErrorDetails {
    /**
     * What a change asks to be confirmed, by what asks: a running division's settings, a
     * tournament's closing (its games), seeds that move once a round is paired, or the last
     * round's removal (what goes with it). Reopening says nothing more.
     */
    CONFIRMATION_NEEDED:
      | { division: number; changes: SettingChange[] }
      | { pending: number; complete: number }
      | { paired: number; moves: { name: string; before: number; after: number }[] }
      | { round: number; games: number; results: number; sheets: number; drafts: number }
      | undefined;
  }
}

/** What a change would do to one division. */
export interface DivisionPlan {
  division: Division;
  paired: number;
  after: DivisionSettings;
  changes: SettingChange[];
  /** Settings the change alters that are fixed, the division having paired rounds. */
  locked: string[];
}

/** What `change` would do to a division that has paired `paired` rounds. */
export function planChanges(
  division: Division,
  change: SettingsChange,
  paired: number,
): DivisionPlan {
  const before = settingsOf(division);
  const after = applySettings(before, change);
  const changes: SettingChange[] = [];
  for (const key of Object.keys(SETTING_NAMES) as (keyof DivisionSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes.push({ setting: SETTING_NAMES[key], before: before[key], after: after[key] });
  }
  const locked =
    paired > 0
      ? FIXED_ONCE_PAIRED.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map(
          (k) => SETTING_NAMES[k],
        )
      : [];
  return { division, paired, after, changes, locked };
}

/**
 * Refuses a plan that would leave fewer rounds than are paired (409 ROUNDS_ALREADY_PAIRED), or
 * change a running division without `confirm` (409 CONFIRMATION_NEEDED, the changes as details).
 */
export function checkPlan(plan: DivisionPlan, confirm: boolean): void {
  const { division, paired, after, changes } = plan;
  if (after.roundsPlanned < paired) {
    throw new Conflict(
      'ROUNDS_ALREADY_PAIRED',
      `${paired} rounds of division ${division.name} are already paired; it cannot have ${after.roundsPlanned}`,
    );
  }
  if (paired > 0 && changes.length > 0 && !confirm) {
    const what = changes
      .map((c) => `${c.setting} ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`)
      .join(', ');
    throw new Conflict(
      'CONFIRMATION_NEEDED',
      `division ${division.name} has ${paired} paired round${paired === 1 ? '' : 's'}: changing ${what} affects it; send "confirm": true to change it`,
      { division: division.id, changes } satisfies ErrorDetails['CONFIRMATION_NEEDED'],
    );
  }
}
