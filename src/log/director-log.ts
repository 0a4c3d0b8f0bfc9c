import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { insertMany } from '../database/bulk';
import { insertRow } from '../database/sql';
import type { PublicUser } from '../auth/public-user';
import { DirectorLogEntry } from './director-log.entity';

/** Every action the director's log records, by its stable code. */
export const LOG_ACTIONS = [
  'tournament.created',
  'tournament.settings',
  'tournament.imported',
  'tournament.closed',
  'tournament.reopened',
  'division.added',
  'division.settings',
  'division.imported',
  'player.registered',
  'player.edited',
  'player.withdrawn',
  'player.reinstated',
  'player.removed',
  'player.absent',
  'player.absence-removed',
  'person.edited',
  'seeds.set',
  'round.paired',
  'round.swapped',
  'round.deleted',
  'round.repaired',
  'result.entered',
  'result.corrected',
  'result.cleared',
  'sheet.entered',
  'sheet.deleted',
  'role.granted',
  'role.removed',
  'invitation.sent',
  'invitation.accepted',
  'invitation.withdrawn',
  'entries.opened',
  'entries.closed',
  'entry.refused',
  'entry.withdrawn',
  'entry.restored',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/** Who is named when an action has no signed-in user (a script, a command). */
export const NO_USER_NOTE = 'no signed-in user';

/** Who is named when a player withdraws their own entry online: they have no account. */
export const ENTRY_LINK_NOTE = 'the player, by the private link of the entry';

/** Who acted: the account, or null. */
export type Actor = Pick<PublicUser, 'id' | 'name' | 'email'> | null;

/** One action, as a service records it. */
export interface LogFacts {
  tournamentId: number;
  divisionId?: number | null;
  playerId?: number | null;
  gameId?: number | null;
  round?: number | null;
  table?: number | null;
  action: LogAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Why no account is named, when there is none (else {@link NO_USER_NOTE}). */
  note?: string;
}

/**
 * Records an action in the director's log, with the manager of the action's own transaction:
 * an action that fails logs nothing, and one that is stored is never missing from the log.
 */
export async function writeLog(m: EntityManager, user: Actor, facts: LogFacts): Promise<void> {
  await insertRow(m, DirectorLogEntry, logRow(user, facts));
}

/** Records many actions at once (an import's), in multi-row inserts: as {@link writeLog} each. */
export async function writeLogs(
  m: EntityManager,
  user: Actor,
  facts: readonly LogFacts[],
): Promise<void> {
  await insertMany(
    m,
    DirectorLogEntry,
    // `before` and `after` are JSON columns of any value: the driver writes them as insertRow does.
    facts.map((f) => logRow(user, f) as QueryDeepPartialEntity<DirectorLogEntry>),
  );
}

/** The log's row of one action. */
function logRow(user: Actor, facts: LogFacts): Partial<DirectorLogEntry> {
  return {
    tournamentId: facts.tournamentId,
    divisionId: facts.divisionId ?? null,
    playerId: facts.playerId ?? null,
    gameId: facts.gameId ?? null,
    round: facts.round ?? null,
    tableNumber: facts.table ?? null,
    action: facts.action,
    userId: user?.id ?? null,
    userName: user?.name ?? null,
    userEmail: user?.email ?? null,
    note: user ? null : (facts.note ?? NO_USER_NOTE),
    before: facts.before ?? null,
    after: facts.after ?? null,
  };
}

/** One entry of a tournament's log, or null (for an action that undoes it). */
export function findEntry(
  m: EntityManager,
  tournamentId: number,
  id: number,
): Promise<DirectorLogEntry | null> {
  return m.findOneBy(DirectorLogEntry, { tournamentId, id });
}

/**
 * The fields of `after` that differ from `before`, each side with only those: what a log
 * entry keeps of an edit (`{ club: 'A' } → { club: 'B' }`), or null when nothing changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a };
}
