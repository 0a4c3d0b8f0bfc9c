import { In, type EntityManager } from 'typeorm';
import type { Role } from '../common/roles';
import { Invitation } from './invitation.entity';
import { User } from './user.entity';

/** An invitation's row as the access context reads it (its token's hash never leaves here). */
export type InvitationRow = Omit<Invitation, 'tokenHash' | 'createdAt' | 'updatedAt'>;

const rowOf = (i: Invitation): InvitationRow => ({
  id: i.id,
  tournamentId: i.tournamentId,
  role: i.role,
  email: i.email,
  name: i.name,
  lang: i.lang,
  expiresAt: i.expiresAt,
  acceptedAt: i.acceptedAt,
  invitedBy: i.invitedBy,
});

/** Stores a new invitation in `m`'s transaction; its id. */
export async function insertInvitation(
  m: EntityManager,
  row: Omit<InvitationRow, 'id' | 'acceptedAt'> & { tokenHash: string },
): Promise<number> {
  const saved = await m.save(m.create(Invitation, { ...row, acceptedAt: null }));
  return saved.id;
}

/** The invitation `id`, if any. */
export async function invitationById(m: EntityManager, id: number): Promise<InvitationRow | null> {
  const found = await m.findOneBy(Invitation, { id });
  return found ? rowOf(found) : null;
}

/** The invitation whose token has the hash `tokenHash`, if any. */
export async function invitationByHash(
  m: EntityManager,
  tokenHash: string,
): Promise<InvitationRow | null> {
  const found = await m.findOneBy(Invitation, { tokenHash });
  return found ? rowOf(found) : null;
}

/** Every invitation of tournament `tournamentId`, the newest first. */
export async function invitationsOf(
  m: EntityManager,
  tournamentId: number,
): Promise<InvitationRow[]> {
  return (await m.find(Invitation, { where: { tournamentId }, order: { id: 'DESC' } })).map(rowOf);
}

/**
 * Marks invitation `id` accepted at `at` unless it was accepted already, in one conditional
 * UPDATE: of two requests racing, one alone gets true (on PostgreSQL the second waits for the
 * first's row lock, then finds `accepted_at` set).
 */
export async function claimInvitation(m: EntityManager, id: number, at: Date): Promise<boolean> {
  const result = await m
    .createQueryBuilder()
    .update(Invitation)
    .set({ acceptedAt: at })
    .where('id = :id', { id })
    .andWhere('accepted_at IS NULL')
    .execute();
  return result.affected === 1;
}

/** Deletes invitation `id`. */
export async function deleteInvitation(m: EntityManager, id: number): Promise<void> {
  await m.delete(Invitation, { id });
}

/** The accounts' names by id (accounts gone are left out). */
export async function accountNames(m: EntityManager, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const users = await m.find(User, { where: { id: In(ids) }, select: { id: true, name: true } });
  for (const u of users) out.set(u.id, u.name);
  return out;
}

/** Sets account `id`'s own role (a judge made an organiser by a co-director's invitation). */
export async function setAccountRole(m: EntityManager, id: number, role: Role): Promise<void> {
  await m.update(User, { id }, { role });
}
