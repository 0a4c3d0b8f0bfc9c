import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { DataSource } from 'typeorm';
import { BadInput, NotFound } from '../common/errors';
import { renderGate, SingleFlight } from '../common/render-gate';
import type { CachedPage } from '../web/page-cache';
import { readRows } from '../database/prepared-read';
import { Revisions } from '../tournaments/revisions';
import { placeholders } from '../database/sql';
import { formatClock } from '../engine';
import { GameRecord } from '../pairing';
import type { PlayerRow as StoredPlayer } from '../players/player-rows';
import { gameRecord, GameFacts } from '../rounds/game-facts';
import type { SeatRow } from '../rounds/game-rows';
import {
  rankTally,
  StandingsOptions,
  StandingsTally,
  tallyFits,
  tallyGames,
  Player as StandingsPlayer,
} from '../standings';
import type { DivisionRow, TournamentRow } from '../tournaments/division-rows';
import { findDivision, playsAtTables, standingsOptions } from '../tournaments/tournament-rules';
import { computeGroupStandings } from '../standings/placements';
import { groupTieBreaks, seatsOf, tableResult } from '../rounds/tables';
import { StandingsRowView, StandingsView } from './standings.view';

/**
 * What the standings pages and PDFs read: the table, the games it was computed
 * from (for the cross-table), and the division and tournament, all as of one
 * revision of the division (`revision`).
 */
export interface StandingsSnapshot {
  revision: number;
  view: StandingsView;
  records: GameRecord[];
  division: DivisionRow;
  tournament: TournamentRow;
  /** Every player of the division (late entries too), with the rounds they were marked absent. */
  players: SnapshotPlayer[];
  /** The options the table was computed with (spread cap, bye and forfeit spread, tie-breaks). */
  options: StandingsOptions;
}

/** A player of a snapshot: what scorecards and the wall chart name and number. */
export interface SnapshotPlayer {
  id: number;
  name: string;
  club: string | null;
  seed: number;
  active: boolean;
  joinedRound: number;
  absentRounds: number[];
}

/**
 * A standings table ready to send: its JSON's bytes, an entity tag for conditional requests,
 * and the bytes compressed when first asked for ({@link encodedBody}).
 */
export type StandingsJson = CachedPage;

/** Standings tables kept, most recently used last. */
const CACHE_SIZE = 64;
/** Divisions whose games are kept in memory, most recently used last. */
const STATES_KEPT = 16;

/** A game as the standings read it. */
type GameRow = GameFacts & { roundId: number; id: number };

/** A player as the standings read them. */
type PlayerRow = Pick<StoredPlayer, 'id' | 'name' | 'club' | 'seed' | 'active' | 'joinedRound'>;

/**
 * What a division's standings are made from, as of one revision: its settings, rounds,
 * players, absences and every game, kept in memory. A write that changed only results of one
 * round (`Revisions.resultsChangedSince`) is caught up with by reading that round's games
 * again; anything else, or a step not known, reads everything again.
 */
interface DivisionState {
  revision: number;
  division: DivisionRow;
  tournament: TournamentRow;
  numberOf: ReadonlyMap<number, number>;
  paired: number;
  players: readonly PlayerRow[];
  absent: ReadonlyMap<number, number[]>;
  /** Each round's games, by round number. */
  games: ReadonlyMap<number, readonly GameRow[]>;
  /** Each round's games as src/standings reads them, by round number. */
  records: ReadonlyMap<number, readonly GameRecord[]>;
  /** The seats of each game at a table of more than two (divisions played at tables). */
  seats: ReadonlyMap<number, SeatRow[]>;
  /**
   * The games of rounds 1…N added up, by N, as made for a table after round N + 1: kept while
   * those rounds stand, so that a result of the last round adds up that round alone.
   */
  tallies: Map<number, StandingsTally>;
  /** Every player as snapshots list them, made once for the players read. */
  everyone?: SnapshotPlayer[];
  /** The players a table lists when every one of them had joined by its round: made once for the players read. */
  lineup?: Lineup;
}

/** The players of a table, by id, and as src/standings counts them. */
interface Lineup {
  listed: readonly PlayerRow[];
  byId: ReadonlyMap<string, PlayerRow>;
  counted: readonly StandingsPlayer[];
}

/** `listed` by id, and as src/standings counts them. */
function lineupOf(listed: readonly PlayerRow[]): Lineup {
  return {
    listed,
    byId: new Map(listed.map((p) => [String(p.id), p])),
    counted: listed.map((p) => ({ id: String(p.id), seed: p.seed, active: p.active })),
  };
}

/** The columns the standings read of a game, under the names of {@link GameFacts}. */
const GAME_COLUMNS = [
  ['round_id', 'roundId'],
  ['id', 'id'],
  ['first_player_id', 'firstPlayerId'],
  ['second_player_id', 'secondPlayerId'],
  ['status', 'status'],
  ['winner', 'winner'],
  ['first_score', 'firstScore'],
  ['second_score', 'secondScore'],
  ['first_remaining', 'firstRemaining'],
  ['second_remaining', 'secondRemaining'],
  ['first_cards', 'firstCards'],
  ['second_cards', 'secondCards'],
  ['time_loss_player_id', 'timeLossPlayerId'],
  ['result_source', 'resultSource'],
  ['result_kind', 'resultKind'],
]
  .map(([column, name]) => `g.${column} AS "${name}"`)
  .join(', ');

/**
 * Standings of a division after any round, from src/standings. The table, its JSON and the
 * pages made of it are kept until the division's revision moves (every write that can change
 * them bumps the revision in its own transaction, and {@link Revisions} knows the current one
 * in memory), so repeated reads of a busy standings page do not touch the database. After a
 * result, only the games of its round are read again, and what was made for the rounds before
 * it (`?round=N`) is kept.
 */
@Injectable()
export class StandingsService {
  private readonly cache = new Map<
    string,
    StandingsJson & { revision: number; view: StandingsView }
  >();
  private readonly snapshots = new Map<string, StandingsSnapshot>();
  private readonly states = new Map<number, DivisionState>();
  /** Tables being made: asked for again meanwhile, they are waited for, not made again. */
  private readonly making = new SingleFlight<
    StandingsJson & { revision: number; view: StandingsView }
  >();
  private readonly snapshotting = new SingleFlight<StandingsSnapshot>();
  private readonly loading = new SingleFlight<DivisionState>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly revisions: Revisions,
  ) {}

  /** The table as JSON, made from the snapshot of the same revision (which pages share). */
  async json(divisionId: number, round?: number): Promise<StandingsJson> {
    const revision = await this.revisions.get(divisionId);
    if (revision === null) throw new NotFound('division', divisionId);
    const key = `${divisionId}:${round ?? 'last'}`;
    const hit = this.cache.get(key);
    if (hit && hit.revision === revision) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    return this.making.run(`${revision} ${key}`, async () => {
      const { view } = await this.snapshot(divisionId, round);
      // The same table (a round before the last write's): the same bytes, now current.
      const body = hit?.view === view ? hit.body : viewJson(view);
      const etag =
        hit?.view === view
          ? hit.etag
          : `W/"${createHash('sha1').update(body).digest('base64url')}"`;
      const entry = {
        revision,
        view,
        body,
        etag,
        ...(hit?.view === view ? { br: hit.br, gzip: hit.gzip } : {}),
      };
      this.cache.delete(key);
      this.cache.set(key, entry);
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      return entry;
    });
  }

  /**
   * The table kept for the division and round (`undefined`: the last round paired) when it is
   * the table of the division's current revision known in memory, without waiting; else
   * undefined. For answering before routing (src/standings-api/kept-pages.ts).
   */
  keptTable(divisionId: number, round: number | undefined): StandingsJson | undefined {
    const hit = this.cache.get(`${divisionId}:${round ?? 'last'}`);
    return hit && hit.revision === this.revisions.peek(divisionId) ? hit : undefined;
  }

  /**
   * The table with its games, division and tournament, for pages: kept (by
   * division and round) until the division's revision moves, like {@link json}, and a past
   * round's across writes of results of later rounds.
   * No database read when nothing changed; made once however many ask for it meanwhile.
   */
  async snapshot(divisionId: number, round?: number): Promise<StandingsSnapshot> {
    const revision = await this.revisions.get(divisionId);
    if (revision === null) throw new NotFound('division', divisionId);
    const key = `${divisionId}:${round ?? 'last'}`;
    const hit = this.snapshots.get(key);
    if (hit && hit.revision === revision) {
      this.snapshots.delete(key);
      this.snapshots.set(key, hit);
      return hit;
    }
    return this.snapshotting.run(`${revision} ${key}`, async () => {
      const entry =
        hit && round !== undefined && this.unchangedThrough(divisionId, round, hit.revision)
          ? { ...hit, revision }
          : await renderGate().run(async () => {
              const state = await this.state(divisionId, revision);
              return { revision, ...this.computeFull(state, round, hit?.view.rows) };
            });
      this.snapshots.delete(key);
      this.snapshots.set(key, entry);
      if (this.snapshots.size > CACHE_SIZE) {
        this.snapshots.delete(this.snapshots.keys().next().value!);
      }
      return entry;
    });
  }

  /**
   * Whether what was made at revision `since` of the division for round `round` (standings
   * after it, its pairings) still holds: every write since changed only results of later rounds.
   */
  unchangedThrough(divisionId: number, round: number, since: number): boolean {
    return this.revisions.resultsChangedSince(divisionId, since) > round;
  }

  /**
   * The division's state at `revision`: kept, caught up by reading the games of the rounds
   * whose results alone changed since, or read whole.
   */
  private state(divisionId: number, revision: number): Promise<DivisionState> {
    const kept = this.states.get(divisionId);
    if (kept && kept.revision === revision) return Promise.resolve(kept);
    return this.loading.run(`${revision} ${divisionId}`, async () => {
      const from = kept ? this.revisions.resultsChangedSince(divisionId, kept.revision) : 0;
      const state =
        kept && from >= 1 && from !== Infinity && kept.division.tableSize <= 2
          ? await this.catchUp(kept, revision, from)
          : await this.read(divisionId, revision);
      const now = this.states.get(divisionId);
      if (!now || now.revision <= revision) {
        this.states.delete(divisionId);
        this.states.set(divisionId, state);
        if (this.states.size > STATES_KEPT) this.states.delete(this.states.keys().next().value!);
      }
      return state;
    });
  }

  /** Everything the standings need of the division, read afresh. */
  private async read(divisionId: number, revision: number): Promise<DivisionState> {
    const m = this.dataSource.manager;
    const { division, tournament } = await findDivision(m, divisionId);
    const [p] = placeholders(m, 1);
    const rounds = await readRows<{ id: number; number: number }>(
      m,
      `SELECT id, number FROM rounds WHERE division_id = ${p}`,
      [divisionId],
    );
    const players = (
      await readRows<PlayerRow & { active: boolean | number }>(
        m,
        `SELECT id, name, club, seed, active, joined_round AS "joinedRound" FROM players WHERE division_id = ${p}`,
        [divisionId],
      )
    ).map((r) => ({ ...r, active: Boolean(r.active) }));
    const absent = new Map<number, number[]>();
    for (const a of await readRows<{ playerId: number; round: number }>(
      m,
      `SELECT a.player_id AS "playerId", a.round FROM absences a
       INNER JOIN players p ON p.id = a.player_id WHERE p.division_id = ${p}`,
      [divisionId],
    )) {
      absent.set(a.playerId, [...(absent.get(a.playerId) ?? []), a.round]);
    }
    const numberOf = new Map(rounds.map((r) => [r.id, r.number]));
    const state: DivisionState = {
      revision,
      division,
      tournament,
      numberOf,
      paired: rounds.reduce((max, r) => Math.max(max, r.number), 0),
      players,
      absent,
      games: new Map(),
      records: new Map(),
      seats: new Map(),
      tallies: new Map(),
    };
    const games = await this.readGames(divisionId, 1);
    if (division.tableSize > 2) {
      state.seats = await seatsOf(
        m,
        games.map((g) => g.id),
      );
    }
    return this.withGames(state, games, 1);
  }

  /** The state with the games of rounds `from` on read again, at `revision`. */
  private async catchUp(
    kept: DivisionState,
    revision: number,
    from: number,
  ): Promise<DivisionState> {
    const games = await this.readGames(kept.division.id, from);
    return this.withGames({ ...kept, revision }, games, from);
  }

  /** The games of the division's rounds `from` on, as stored now. */
  private readGames(divisionId: number, from: number): Promise<GameRow[]> {
    const m = this.dataSource.manager;
    const [d, r] = placeholders(m, 2);
    return readRows<GameRow>(
      m,
      `SELECT ${GAME_COLUMNS} FROM games g INNER JOIN rounds r ON r.id = g.round_id
       WHERE r.division_id = ${d} AND r.number >= ${r}`,
      [divisionId, from],
    );
  }

  /** `state` with its games of rounds `from` on replaced by `games` (new maps: older snapshots keep theirs). */
  private withGames(state: DivisionState, games: GameRow[], from: number): DivisionState {
    const byRound = new Map([...state.games].filter(([n]) => n < from));
    for (const g of games) {
      const n = state.numberOf.get(g.roundId)!;
      const list = byRound.get(n);
      if (list) (list as GameRow[]).push(g);
      else byRound.set(n, [g]);
    }
    const records = new Map([...state.records].filter(([n]) => n < from));
    for (const [n, list] of byRound) {
      if (n >= from)
        records.set(
          n,
          list.map((g) => gameRecord(g, n)),
        );
    }
    const tallies = new Map([...state.tallies].filter(([n]) => n < from));
    return { ...state, games: byRound, records, tallies };
  }

  /**
   * The games of rounds 1…`through` added up for `players`: the last round's added to the kept
   * tally of the rounds before it (made and kept when there is none that fits).
   */
  private tallied(
    state: DivisionState,
    players: readonly StandingsPlayer[],
    options: StandingsOptions,
    through: number,
  ): StandingsTally {
    const before: GameRecord[] = [];
    if (through < 2) {
      for (let n = 1; n <= through; n++) before.push(...(state.records.get(n) ?? []));
      return tallyGames(players, before, options);
    }
    let kept = state.tallies.get(through - 1);
    if (!kept || !tallyFits(kept, players, options)) {
      for (let n = 1; n < through; n++) before.push(...(state.records.get(n) ?? []));
      kept = tallyGames(players, before, options);
      state.tallies.set(through - 1, kept);
    }
    return tallyGames(players, state.records.get(through) ?? [], options, kept);
  }

  /**
   * The table of `state` after `round` (the last paired when undefined). Rows equal to those
   * of `before` (the table kept for the same round at an earlier revision) are those rows, so
   * that what was made of them (their JSON, their lines of the page) is made again only for
   * the rows a write changed.
   */
  private computeFull(
    state: DivisionState,
    round?: number,
    before?: readonly StandingsRowView[],
  ): {
    view: StandingsView;
    records: GameRecord[];
    division: DivisionRow;
    tournament: TournamentRow;
    players: SnapshotPlayer[];
    options: StandingsOptions;
  } {
    const { division: settings, tournament, paired, players, absent } = state;
    if (round !== undefined && round > paired) {
      throw new BadInput(
        'ROUND_OUT_OF_RANGE',
        `round must be a whole number from 0 to ${paired}, the rounds paired in division ${settings.id}`,
        { min: 0, max: paired },
      );
    }
    const through = round ?? paired;
    const games: GameRow[] = [];
    const records: GameRecord[] = [];
    for (let n = 1; n <= through; n++) {
      games.push(...(state.games.get(n) ?? []));
      records.push(...(state.records.get(n) ?? []));
    }
    const everyone = (state.everyone ??= players.map((p) => ({
      id: p.id,
      name: p.name,
      club: p.club,
      seed: p.seed,
      active: p.active,
      joinedRound: p.joinedRound,
      absentRounds: [...(absent.get(p.id) ?? [])].sort((x, y) => x - y),
    })));
    if (playsAtTables(settings)) {
      const tables = this.computeTables(state, games, through);
      tables.view.rows = keepEqualRows(tables.view.rows, before);
      return {
        ...tables,
        division: settings,
        players: everyone,
      };
    }
    let pendingGames = 0;
    for (const g of games) if (g.status === 'pending') pendingGames++;
    const { byId, counted } = this.lineup(state, records, through);
    const options = standingsOptions(settings, through);
    const rows = rankTally(this.tallied(state, counted, options, through), options);
    const view: StandingsView = {
      divisionId: settings.id,
      tournamentId: tournament.id,
      round: through,
      roundsPaired: paired,
      pendingGames,
      tieBreaks: [...options.tieBreaks!],
      rows: rows.map((r) => {
        const p = byId.get(r.playerId)!;
        return {
          rank: r.rank,
          playerId: p.id,
          name: p.name,
          club: p.club,
          seed: r.seed,
          active: r.active,
          points: r.points,
          wins: r.wins,
          draws: r.draws,
          losses: r.losses,
          byes: r.byes,
          forfeitWins: r.forfeitWins,
          forfeitLosses: r.forfeitLosses,
          absences: absencesThrough(absent.get(p.id), through),
          gamesPlayed: r.gamesPlayed,
          spread: r.spread,
          remainingSeconds: r.remainingSeconds,
          remaining: formatClock(r.remainingSeconds),
          totalScore: r.totalScore,
          cards: r.cards,
          buchholz: r.buchholz,
          headToHead: r.headToHead,
          tieBreakValues: r.tieBreaks,
        };
      }),
    };
    view.rows = keepEqualRows(view.rows, before);
    return { view, records, division: settings, tournament, players: everyone, options };
  }

  /**
   * The players a table after round `through` lists: those who had joined by then, and a late
   * entry who was already seated in a game of `records`. When every player had joined by then
   * (a division without late entries), the same for every table of the players read.
   */
  private lineup(state: DivisionState, records: readonly GameRecord[], through: number): Lineup {
    const { players } = state;
    const by = Math.max(through, 1);
    if (players.every((p) => p.joinedRound <= by)) return (state.lineup ??= lineupOf(players));
    const seated = new Set<string>();
    for (const g of records) {
      seated.add(g.a);
      if (g.b !== null) seated.add(g.b);
    }
    return lineupOf(players.filter((p) => p.joinedRound <= by || seated.has(String(p.id))));
  }

  /**
   * Standings of a division played at tables ({@link computeGroupStandings}): match points by
   * place, then the sum of scores, the spread against the table average and (Quivit) the cards.
   * `wins` counts first places; `places` every place; `spread` is the table spread.
   */
  private computeTables(state: DivisionState, games: readonly GameRow[], through: number) {
    const { division: settings, tournament, players, absent, numberOf, paired } = state;
    const results = games.map((g) =>
      tableResult(g, state.seats.get(g.id), numberOf.get(g.roundId)!),
    );
    const pendingGames = games.filter((g) => g.status === 'pending').length;
    const seated = new Set(results.flatMap((r) => r.seats));
    const listed = players.filter(
      (p) => p.joinedRound <= Math.max(through, 1) || seated.has(String(p.id)),
    );
    const byId = new Map(listed.map((p) => [String(p.id), p]));
    const tieBreaks = groupTieBreaks(settings);
    const rows = computeGroupStandings(
      listed.map((p) => ({ id: String(p.id), seed: p.seed, active: p.active })),
      results,
      { tieBreaks, throughRound: through, placePoints: settings.placePoints ?? undefined },
    );
    const view: StandingsView = {
      divisionId: settings.id,
      tournamentId: tournament.id,
      round: through,
      roundsPaired: paired,
      pendingGames,
      tableSize: settings.tableSize,
      tieBreaks: [...tieBreaks],
      rows: rows.map((r) => {
        const p = byId.get(r.playerId)!;
        return {
          rank: r.rank,
          playerId: p.id,
          name: p.name,
          club: p.club,
          seed: r.seed,
          active: r.active,
          points: r.points,
          wins: r.places[0] ?? 0,
          draws: 0,
          losses: 0,
          byes: r.byes,
          forfeitWins: 0,
          // Tables not come to: the last place each, no score (counted in the tables).
          forfeitLosses: r.forfeits,
          absences: absencesThrough(absent.get(p.id), through),
          gamesPlayed: r.tables,
          spread: r.tableSpread,
          remainingSeconds: 0,
          remaining: formatClock(0),
          totalScore: r.totalScore,
          cards: r.cards,
          buchholz: 0,
          headToHead: 0,
          // Every place of a full table counted, none left out: `[0, 1, 0, 0]` at tables of four.
          places: Array.from({ length: settings.tableSize }, (_, i) => r.places[i] ?? 0),
          tieBreakValues: r.tieBreaks,
        };
      }),
    };
    return {
      view,
      records: [],
      tournament,
      options: standingsOptions(settings, through),
    };
  }
}

/**
 * What rows equal in all but their rank stand for ({@link rowRest}): after a result most rows
 * only move up or down, and what was made of the rest of them is kept.
 */
const restOf = new WeakMap<StandingsRowView, object>();

/**
 * The row's stand-in for what follows its rank: the same object for rows of one player that
 * differ only in their rank (across revisions), so that their JSON and their page lines after
 * the rank are made once.
 */
export function rowRest(row: StandingsRowView): object {
  return restOf.get(row) ?? row;
}

/**
 * `rows`, each replaced by the row of `before` of the same player when every value is the same
 * (kept rows are never changed: they are shared by the tables of several revisions), and
 * sharing that row's {@link rowRest} when only the rank moved.
 */
function keepEqualRows(
  rows: StandingsRowView[],
  before: readonly StandingsRowView[] | undefined,
): StandingsRowView[] {
  if (!before || before.length === 0 || rows.length === 0) return rows;
  // Every row of a table, and of the tables before it in this process, is made by one object
  // literal: the same keys in the same order.
  const keys = (Object.keys(rows[0]) as (keyof StandingsRowView)[]).filter((k) => k !== 'rank');
  const old = new Map(before.map((r) => [r.playerId, r]));
  return rows.map((r) => {
    const o = old.get(r.playerId);
    if (!o || !sameValues(r, o, keys)) return r;
    if (r.rank === o.rank) return o;
    restOf.set(r, rowRest(o));
    return r;
  });
}

/** Whether two rows hold the same values under `keys` (lists compared item by item). */
function sameValues(
  a: StandingsRowView,
  b: StandingsRowView,
  keys: readonly (keyof StandingsRowView)[],
): boolean {
  for (let i = 0; i < keys.length; i++) {
    const x = a[keys[i]];
    const y = b[keys[i]];
    if (x === y) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}

/** How many of a player's absences (`rounds`) were in rounds 1…`through`. */
function absencesThrough(rounds: readonly number[] | undefined, through: number): number {
  let n = 0;
  if (rounds) for (const r of rounds) if (r <= through) n++;
  return n;
}

/** Each row's JSON after its rank (`,"playerId":…}`), made once for its {@link rowRest}. */
const restJson = new WeakMap<object, Buffer>();
const COMMA = Buffer.from(',');
/** Each row's JSON up to its rank (`{"rank":12`), by rank (a few thousand at most), made once each. */
const leadJson = new Map<number, Buffer>();
const LEADS_KEPT = 10_000;

/** `{"rank":N` as bytes. */
function leadBytes(rank: number, lead: string): Buffer {
  let bytes = leadJson.get(rank);
  if (!bytes) {
    bytes = Buffer.from(lead, 'latin1');
    if (leadJson.size < LEADS_KEPT) leadJson.set(rank, bytes);
  }
  return bytes;
}

/**
 * `JSON.stringify(view)` as UTF-8 bytes, from each row's JSON after its rank made once: after
 * a result, only the rows it changed in more than their rank are written again.
 */
function viewJson(view: StandingsView): Buffer {
  const head = JSON.stringify({ ...view, rows: [] });
  // `rows` is the last key: the rows go between its brackets.
  if (!head.endsWith('"rows":[]}')) return Buffer.from(JSON.stringify(view), 'utf8');
  const parts: Buffer[] = [Buffer.from(head.slice(0, -2), 'utf8')];
  view.rows.forEach((r, i) => {
    if (i > 0) parts.push(COMMA);
    // `rank` is each row's first key: what follows it is kept.
    const lead = `{"rank":${JSON.stringify(r.rank)}`;
    const rest = rowRest(r);
    let bytes = restJson.get(rest);
    if (!bytes) {
      const json = JSON.stringify(r);
      if (!json.startsWith(lead)) {
        parts.push(Buffer.from(json, 'utf8'));
        return;
      }
      bytes = Buffer.from(json.slice(lead.length), 'utf8');
      restJson.set(rest, bytes);
    }
    parts.push(leadBytes(r.rank, lead), bytes);
  });
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}
