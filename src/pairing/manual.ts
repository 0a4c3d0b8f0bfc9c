import { GameRecord, Pairing, PairingIssue, PairingValidation, Player } from './types';

/**
 * Checks pairings made by hand. Errors: an unknown or withdrawn player, an active
 * player missing or listed twice, a player paired with themself, more than one
 * bye, a table number used twice. Warnings (when `history` is given): a rematch,
 * or a bye to a player who already had one while someone active has had none.
 */
export function validatePairings(
  players: readonly Player[],
  pairings: readonly Pairing[],
  history: readonly GameRecord[] = [],
): PairingValidation {
  const errors: PairingIssue[] = [];
  const warnings: PairingIssue[] = [];
  const byId = new Map(players.map((p) => [p.id, p]));
  const seen = new Map<string, number>();
  const tables = new Set<number>();
  let byes = 0;

  for (const pairing of pairings) {
    if (tables.has(pairing.table)) {
      errors.push({
        code: 'duplicate-table',
        message: `table ${pairing.table} is used twice`,
        playerIds: [],
      });
    }
    tables.add(pairing.table);
    if (pairing.second === null) byes++;
    if (pairing.second !== null && pairing.first === pairing.second) {
      errors.push({
        code: 'self-pairing',
        message: `table ${pairing.table}: ${pairing.first} is paired with themself`,
        playerIds: [pairing.first],
      });
    }
    for (const id of pairing.second === null ? [pairing.first] : [pairing.first, pairing.second]) {
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  }
  for (const [id, count] of seen) {
    const player = byId.get(id);
    if (!player) {
      errors.push({ code: 'unknown-player', message: `unknown player ${id}`, playerIds: [id] });
    } else if (!player.active) {
      errors.push({
        code: 'withdrawn-player',
        message: `${id} has withdrawn and cannot be paired`,
        playerIds: [id],
      });
    }
    if (count > 1) {
      errors.push({
        code: 'duplicate-player',
        message: `${id} appears ${count} times`,
        playerIds: [id],
      });
    }
  }
  for (const p of players) {
    if (p.active && !seen.has(p.id)) {
      errors.push({ code: 'missing-player', message: `${p.id} is not paired`, playerIds: [p.id] });
    }
  }
  if (byes > 1) {
    errors.push({
      code: 'too-many-byes',
      message: `${byes} byes; at most one is allowed`,
      playerIds: pairings.filter((x) => x.second === null).map((x) => x.first),
    });
  }

  if (history.length > 0) {
    const met = new Set<string>();
    const hadBye = new Set<string>();
    for (const g of history) {
      if (g.b === null) hadBye.add(g.a);
      else met.add(pairKey(g.a, g.b));
    }
    for (const x of pairings) {
      if (x.second !== null && met.has(pairKey(x.first, x.second))) {
        warnings.push({
          code: 'rematch',
          message: `table ${x.table}: ${x.first} and ${x.second} have met before`,
          playerIds: [x.first, x.second],
        });
      }
      if (
        x.second === null &&
        hadBye.has(x.first) &&
        players.some((p) => p.active && !hadBye.has(p.id))
      ) {
        warnings.push({
          code: 'repeat-bye',
          message: `${x.first} already had a bye while others have had none`,
          playerIds: [x.first],
        });
      }
    }
  }
  return { ok: errors.length === 0, errors, warnings };
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/**
 * Exchanges two players' places in a list of pairings and returns a new list.
 * Both at one table: they swap who moves first. Only one of them listed: the
 * other takes that place (substituting a player who was not paired). Throws when
 * neither is listed or `x === y`.
 */
export function swapPlayers(pairings: readonly Pairing[], x: string, y: string): Pairing[] {
  if (x === y) throw new RangeError('cannot swap a player with themself');
  const has = (id: string): boolean => pairings.some((p) => p.first === id || p.second === id);
  if (!has(x) && !has(y)) throw new RangeError(`neither ${x} nor ${y} is in the pairings`);
  const swap = (id: string | null): string | null => (id === x ? y : id === y ? x : id);
  return pairings.map((p) => ({ table: p.table, first: swap(p.first)!, second: swap(p.second) }));
}
