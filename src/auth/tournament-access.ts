import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { pathId } from '../common/api/path-id';
import { Forbidden, Unauthenticated, type ErrorDetails } from '../common/errors';
import type { PublicUser } from '../common/public-user';
import {
  tournamentRoleAllows,
  type RouteCheck,
  type RouteRole,
  type TournamentRole,
} from '../common/roles';
import { placeholders } from '../database/sql';
import { readJoined, tableOf } from '../database/prepared-read';
import { TournamentRoleRow } from './tournament-role.entity';
import {
  DIVISION_ROW_KINDS,
  SCOPE_KINDS,
  TournamentScopes,
  type DivisionRowKind,
  type ScopeKind,
} from './tournament-scopes';

const isDivisionRow = (kind: ScopeKind): kind is DivisionRowKind =>
  DIVISION_ROW_KINDS.includes(kind);

declare module '../common/errors' {
  interface ErrorDetails {
    /** A route of a tournament the sender holds no role in. */
    NOT_IN_TOURNAMENT: { tournament: number; name: string };
    /** A director's route of a tournament the sender judges. */
    TOURNAMENT_ROLE_TOO_LOW: { tournament: number; name: string; role: TournamentRole };
  }
}

/** At most this many rows' tournaments are remembered (a row's tournament never changes). */
const KNOWN_ROWS = 50_000;

/** Throws the 401 or 403 for a site route that `user` may not call. */
export function checkSiteRoles(
  user: PublicUser | undefined | null,
  roles: readonly RouteRole[],
  bearer: boolean,
): asserts user is PublicUser {
  if (!user)
    throw new Unauthenticated(
      bearer ? 'the bearer token is unknown or has expired' : 'sign in first',
    );
  if (user.admin) return;
  if (roles.includes('administrator') && !roles.some((r) => r !== 'administrator'))
    throw new Forbidden('only the site administrator may do this', 'ADMINISTRATOR_ONLY', {});
  if (user.role === 'organiser' || roles.includes(user.role)) return;
  throw new Forbidden(
    `only ${roles.join(' or ')} accounts may do this; you are signed in as a ${user.role}`,
  );
}

/**
 * Who may act in which tournament: an account's role there (`tournament_roles`), or the site
 * administrator everywhere. Asked before a route's body is read, by the path alone.
 */
@Injectable()
export class TournamentAccess {
  /** `kind:id` → its tournament: a division, game, player or entry never moves to another. */
  private readonly known = new Map<string, number>();
  private roleRead?: string;
  /** Each request's check, made once (before its body, then by the guard). */
  private readonly checked = new WeakMap<Request, Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly scopes: TournamentScopes,
  ) {}

  /**
   * Throws 401 or 403 unless the sender of `req` may call the route `check` describes: a role
   * in the tournament its path names (any role for a judge's route, owner or co-director for an
   * organiser's), else, for a route of the site (or a path naming no row that exists: the
   * route answers 400 or 404), the account's own role.
   */
  authorise(
    req: Request,
    user: PublicUser | undefined,
    bearer: boolean,
    check: RouteCheck,
  ): Promise<void> {
    let done = this.checked.get(req);
    if (!done) {
      done = this.decide(user, bearer, check);
      this.checked.set(req, done);
    }
    return done;
  }

  private async decide(
    user: PublicUser | undefined,
    bearer: boolean,
    check: RouteCheck,
  ): Promise<void> {
    if (!check.scope || !user || user.admin) return checkSiteRoles(user, check.roles, bearer);
    const kind = check.scope.kind as ScopeKind;
    // The row as the route will read it: `02` or `2.0` is row 2, and checked as row 2.
    const rowId = SCOPE_KINDS.includes(kind) ? pathId(check.scope.id) : null;
    const tournamentId = rowId === null ? null : await this.tournamentOf(kind, rowId);
    // No such row: the account's own role decides, and the route answers 400 or 404.
    if (tournamentId === null) return checkSiteRoles(user, check.roles, bearer);
    await this.require(user, tournamentId, check.roles);
  }

  /**
   * Throws 403 unless `user` holds a role in tournament `tournamentId` that lets them do what
   * `roles` ask (or is the administrator): for routes whose body names the tournament.
   */
  async require(
    user: PublicUser,
    tournamentId: number,
    roles: readonly RouteRole[],
    m: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (user.admin) return;
    const held = await this.roleIn(user.id, tournamentId, m);
    if (held && tournamentRoleAllows(held, roles)) return;
    const name = (await this.scopes.nameOf(m, tournamentId)) ?? String(tournamentId);
    throw held
      ? new Forbidden(
          `you are a ${held} of tournament ${tournamentId} ("${name}"): only its owner or a co-director may do this`,
          'TOURNAMENT_ROLE_TOO_LOW',
          {
            tournament: tournamentId,
            name,
            role: held,
          } satisfies ErrorDetails['TOURNAMENT_ROLE_TOO_LOW'],
        )
      : new Forbidden(
          `you have no role in tournament ${tournamentId} ("${name}"): its owner adds co-directors and judges by invitation`,
          'NOT_IN_TOURNAMENT',
          { tournament: tournamentId, name } satisfies ErrorDetails['NOT_IN_TOURNAMENT'],
        );
  }

  /**
   * The tournaments `user` holds a role in, with the role; `all` for the administrator, who
   * acts in every one (the lists of an organiser's and a judge's first pages).
   */
  async tournamentsOf(user: PublicUser): Promise<Map<number, TournamentRole> | 'all'> {
    if (user.admin) return 'all';
    const rows = await this.dataSource.manager.find(TournamentRoleRow, {
      where: { userId: user.id },
      select: { id: true, tournamentId: true, role: true },
    });
    return new Map(rows.map((r) => [r.tournamentId, r.role]));
  }

  /**
   * Whether `user` acts in tournament `tournamentId` (any role there, or the administrator): what
   * a public page shows its staff only (the table codes on the blank score sheets).
   */
  async actsIn(user: PublicUser | null, tournamentId: number): Promise<boolean> {
    if (!user) return false;
    return user.admin || (await this.roleIn(user.id, tournamentId)) !== null;
  }

  /** The tournament a row of `kind` belongs to; null when there is no such row. */
  async tournamentOf(kind: ScopeKind, id: number): Promise<number | null> {
    const key = `${kind}:${id}`;
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const m = this.dataSource.manager;
    let found: number | null;
    if (isDivisionRow(kind)) {
      // A game's (player's, sheet's) division, then the division's tournament, kept.
      const division = await this.scopes.divisionOf(m, kind, id);
      found = division === null ? null : await this.tournamentOf('divisions', division);
    } else {
      found = await this.scopes.tournamentOf(m, kind, id);
    }
    if (found !== null) {
      if (this.known.size >= KNOWN_ROWS) this.known.clear();
      this.known.set(key, found);
    }
    return found;
  }

  /** The role `userId` holds in `tournamentId`, if any. */
  async roleIn(
    userId: number,
    tournamentId: number,
    m: EntityManager = this.dataSource.manager,
  ): Promise<TournamentRole | null> {
    // Asked for every signed-in write but the administrator's: one statement, made once.
    this.roleRead ??=
      `SELECT "role" FROM ${tableOf(this.dataSource, TournamentRoleRow)} ` +
      `WHERE "user_id" = ${placeholders(m, 2)[0]} AND "tournament_id" = ${placeholders(m, 2)[1]}`;
    // Kept prepared on SQLite, as the token's own read is: a hall's judge asks it every write.
    const [row] = await readJoined(m, this.roleRead, [userId, tournamentId]);
    return row ? (row.values[0] as TournamentRole) : null;
  }
}
