import { In, type EntityManager } from 'typeorm';
import type { Role, TournamentRole } from '../common/roles';
import { TournamentRoleRow } from './tournament-role.entity';
import { User } from './user.entity';

/** An account with its role in one tournament. */
export interface TournamentMember {
  userId: number;
  name: string;
  email: string;
  role: TournamentRole;
}

const ORDER: Record<TournamentRole, number> = { owner: 0, 'co-director': 1, judge: 2 };

/**
 * Gives `userId` the role `role` in tournament `tournamentId`, in `m`'s transaction (the
 * tournament's own, when it is made): a role held before is replaced. The role held before.
 */
export async function grantTournamentRole(
  m: EntityManager,
  tournamentId: number,
  userId: number,
  role: TournamentRole,
): Promise<TournamentRole | null> {
  const held = await m.findOneBy(TournamentRoleRow, { tournamentId, userId });
  if (held) {
    if (held.role !== role) await m.update(TournamentRoleRow, { id: held.id }, { role });
    return held.role;
  }
  await m.insert(TournamentRoleRow, { tournamentId, userId, role });
  return null;
}

/** Takes `userId`'s role in tournament `tournamentId` away; the role it held, if any. */
export async function removeTournamentRole(
  m: EntityManager,
  tournamentId: number,
  userId: number,
): Promise<TournamentRole | null> {
  const held = await m.findOneBy(TournamentRoleRow, { tournamentId, userId });
  if (held) await m.delete(TournamentRoleRow, { id: held.id });
  return held?.role ?? null;
}

/** The creator of a new tournament owns it (none for one made by the command line). */
export async function makeOwner(
  m: EntityManager,
  tournamentId: number,
  creator: { id: number } | null,
): Promise<void> {
  if (creator) await grantTournamentRole(m, tournamentId, creator.id, 'owner');
}

/** Everyone with a role in tournament `tournamentId`: owners, co-directors, judges, by name. */
export async function tournamentMembers(
  m: EntityManager,
  tournamentId: number,
): Promise<TournamentMember[]> {
  const rows = await m.findBy(TournamentRoleRow, { tournamentId });
  const users = new Map<number, User>();
  if (rows.length)
    for (const u of await m.findBy(User, { id: In(rows.map((r) => r.userId)) })) users.set(u.id, u);
  return rows
    .flatMap((r) => {
      const u = users.get(r.userId);
      return u ? [{ userId: u.id, name: u.name, email: u.email, role: r.role }] : [];
    })
    .sort((a, b) => ORDER[a.role] - ORDER[b.role] || a.name.localeCompare(b.name));
}

/** The account of `email` (lower-cased), if there is one. */
export async function accountByEmail(
  m: EntityManager,
  email: string,
): Promise<{ id: number; name: string; email: string; role: Role } | null> {
  const u = await m.findOne(User, {
    where: { email: email.trim().toLowerCase() },
    select: { id: true, name: true, email: true, role: true },
  });
  return u ?? null;
}
