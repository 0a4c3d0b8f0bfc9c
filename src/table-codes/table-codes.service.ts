import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { PublicUser } from '../auth/public-user';
import { BadInput, Conflict, DomainError, NotFound, TooManyRequests } from '../common/errors';
import { forUpdate } from '../database/lock';
import { Transactions } from '../database/transactions';
import type { VerificationReport } from '../engine';
import { playersById, type PlayerRow } from '../players/player-rows';
import { recordTableEvent } from '../results/result-writes';
import { GameContext, ResultsService } from '../results/results.service';
import { resultSnapshot } from '../rounds/game-facts';
import {
  gameOfId,
  gamesOfRound,
  lastRound,
  lockGame,
  roundNumbered,
  roundOfId,
  type GameRow,
  type RoundRow,
} from '../rounds/game-rows';
import { GameView } from '../rounds/game.view';
import { playerIdsOf, seatsOf } from '../rounds/tables';
import { tableSnapshot } from '../results/table-results';
import type { DivisionRow, TournamentRow } from '../tournaments/division-rows';
import { touchDivisions } from '../tournaments/tournament-rules';
import { canonicalCode, newCode } from './codes';
import { CodeThrottle, CodeWait, DEFAULT_CODE_THROTTLE, TableClient } from './code-throttle';
import { ConfigService } from '@nestjs/config';
import { throttleSettings } from '../config';
import { ThrottleCounters } from '../throttle/throttle-counters';
import { SheetSubmission } from './sheet-submission.entity';
import { TableCode } from './table-code.entity';
import {
  CodeView,
  DeskTableView,
  DeskView,
  GameCodesView,
  SeatRefView,
  SubmissionView,
} from './table-codes.view';

/** A code found, its game, and everything a submission is checked against. */
interface CodeContext {
  code: TableCode;
  game: GameRow;
  round: RoundRow;
  division: DivisionRow;
  tournament: TournamentRow;
  /** The game's players in turn order. */
  players: PlayerRow[];
  /** All of it as the results service read it, in one statement. */
  loaded: GameContext;
}

/**
 * Score sheets from the tables: every seat of a game has a code, printed on the round's papers;
 * with it a player sends the game's sheet from a phone, or confirms the sheet another player of
 * the table sent. A sheet the engine finds without fault, confirmed by every other player of the
 * table, becomes the result at once; any other goes to the judges' desk. A code is good while
 * its round is the division's last and the tournament is open, and only for its own game; wrong
 * codes are throttled by client, and strangers' by address (`CodeThrottle`).
 */
@Injectable()
export class TableCodesService {
  private readonly logger = new Logger('TableCodes');
  private readonly throttle: CodeThrottle;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly results: ResultsService,
    counters: ThrottleCounters,
    config: ConfigService,
  ) {
    // Waits as a sign-in's: SIGN_IN_FIRST_WAIT_MS, doubling up to SIGN_IN_MAX_WAIT_MS.
    const waits = throttleSettings((name) => config.get<string>(name));
    const hall = config.get<string>('CODE_HALL_FAILURES');
    this.throttle = new CodeThrottle(counters, {
      ...DEFAULT_CODE_THROTTLE,
      ...(hall ? { hallFailures: Number(hall) } : {}),
      firstWaitMs: waits.firstWaitMs,
      maxWaitMs: waits.maxWaitMs,
    });
  }

  /** The codes of a round's games (made the first time they are asked for), for the printouts. */
  async roundCodes(divisionId: number, number: number): Promise<GameCodesView[]> {
    const round = await roundNumbered(this.dataSource.manager, divisionId, number);
    if (!round) throw new NotFound(`round ${number} of division`, divisionId);
    return this.transactions.run(async (m) => {
      const games = (await gamesOfRound(m, round.id)).filter((g) => g.status !== 'bye');
      const seats = await seatsOf(
        m,
        games.map((g) => g.id),
      );
      const existing = await m.find(TableCode, {
        where: { gameId: In(games.length ? games.map((g) => g.id) : [0]) },
      });
      const have = new Set(existing.map((c) => `${c.gameId} ${c.seat}`));
      const made: TableCode[] = [];
      for (const g of games) {
        playerIdsOf(g, seats.get(g.id)).forEach((_, i) => {
          if (!have.has(`${g.id} ${i + 1}`))
            made.push(m.create(TableCode, { gameId: g.id, seat: i + 1, code: newCode() }));
        });
      }
      if (made.length > 0) await m.save(made);
      const codes = [...existing, ...made];
      const players = await playersById(
        m,
        games.flatMap((g) => playerIdsOf(g, seats.get(g.id))),
      );
      return games.map((g) => ({
        gameId: g.id,
        table: g.tableNumber,
        seats: playerIdsOf(g, seats.get(g.id)).map((playerId, i) => {
          const code = codes.find((c) => c.gameId === g.id && c.seat === i + 1)!.code;
          return {
            seat: i + 1,
            player: ref(players.get(playerId), playerId),
            code,
            url: `/t/${code}`,
          };
        }),
      }));
    });
  }

  /** What a code opens: its game, whose seat it is, the table's sheets so far. */
  async open(typed: string, client: TableClient): Promise<CodeView> {
    const ctx = await this.resolve(typed, client);
    return this.codeView(ctx);
  }

  /**
   * What a code opens, with the table's newest sheet as sent (its JSON text) and the engine's
   * report of it: every player of the table may read it before confirming it, and send it
   * again mended when a judge returned it.
   */
  async openWithNewest(
    typed: string,
    client: TableClient,
  ): Promise<{
    view: CodeView;
    newest: { sheet: string; report: VerificationReport } | null;
    /** The tournament's time zone, null for the server's: the sheet page's times are in it. */
    timeZone: string | null;
  }> {
    const ctx = await this.resolve(typed, client);
    const { view, subs } = await this.codeViewOf(ctx);
    const stored = subs[0] ?? null;
    return {
      view,
      newest: stored ? { sheet: stored.sheet, report: stored.report as VerificationReport } : null,
      timeZone: ctx.tournament.timeZone,
    };
  }

  /** The engine's reports of sheets sent from tables, by submission: what a judge reads at the desk. */
  async reportsOf(ids: number[]): Promise<Map<number, VerificationReport>> {
    if (ids.length === 0) return new Map();
    const subs = await this.dataSource.manager.find(SheetSubmission, {
      where: { id: In(ids) },
      select: { id: true, report: true },
    });
    return new Map(subs.map((s) => [s.id, s.report as VerificationReport]));
  }

  /**
   * A score sheet sent with a seat's code: verified at once (a sheet that cannot be read, or is
   * not this game's, is refused as a judge's would be, and nothing is kept); kept with its
   * report, replacing the table's earlier waiting sheets, and entered in the game's history.
   * The very sheet this seat sent and that still waits, sent again, is that one (idempotent).
   */
  async submit(
    typed: string,
    text: string | undefined,
    body: unknown,
    client: TableClient,
  ): Promise<SubmissionView> {
    if (text === undefined) {
      throw new DomainError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'send the score sheet as JSON with Content-Type: application/json',
      );
    }
    const ctx = await this.resolve(typed, client);
    this.checkOpen(ctx);
    const report = await this.results.checkSheet(ctx.game.id, body, text);
    const id = await this.transactions.run(async (m) => {
      // Two sends of one table take turns (PostgreSQL), so that the second sees the first.
      await lockGame(m, ctx.game.id);
      // The same sheet sent again from the same seat (a phone that lost the answer, a send held
      // while offline and pressed again) is the one already waiting, not a new one: its
      // confirmations stay.
      const waiting = await m.findOneBy(SheetSubmission, {
        gameId: ctx.game.id,
        seat: ctx.code.seat,
        status: 'waiting',
        sheet: text,
      });
      if (waiting) return waiting.id;
      await m.update(
        SheetSubmission,
        { gameId: ctx.game.id, status: 'waiting' },
        { status: 'replaced' },
      );
      const saved = await m.save(
        m.create(SheetSubmission, {
          gameId: ctx.game.id,
          seat: ctx.code.seat,
          sheet: text,
          report,
          ok: report.ok,
          confirmations: [],
          status: 'waiting',
        }),
      );
      await this.history(m, ctx, 'sheet-sent', {
        submission: saved.id,
        ok: report.ok,
      });
      await touchDivisions(m, ctx.division.id);
      return saved.id;
    });
    return this.submissionView(await this.submission(id), ctx.players);
  }

  /**
   * Another player of the table confirms the sheet `submissionId` with their own code. When the
   * sheet is without fault and every other player has confirmed it, it is entered as the result.
   */
  async confirm(typed: string, submissionId: number, client: TableClient): Promise<SubmissionView> {
    const ctx = await this.resolve(typed, client);
    if (ctx.game.status === 'complete') {
      // A confirm sent again (its answer lost on the way: a server gone, the Wi-Fi down) after
      // it entered the result is answered as the first was, not refused.
      const entered = await this.dataSource.manager.findOneBy(SheetSubmission, {
        id: submissionId,
      });
      if (
        entered?.gameId === ctx.game.id &&
        entered.status === 'accepted' &&
        entered.confirmations.includes(ctx.code.seat)
      ) {
        return this.submissionView(await this.submission(entered.id), ctx.players);
      }
    }
    this.checkOpen(ctx);
    const sub = await this.dataSource.manager.findOneBy(SheetSubmission, { id: submissionId });
    if (!sub || sub.gameId !== ctx.game.id) {
      throw new NotFound(`score sheet ${submissionId} of this table`, submissionId);
    }
    if (sub.status !== 'waiting') {
      throw new Conflict(
        'SUBMISSION_CLOSED',
        `sheet ${submissionId} is ${sub.status === 'replaced' ? 'replaced by a later one' : sub.status}: confirm the table's latest sheet`,
        { status: sub.status },
      );
    }
    if (sub.seat === ctx.code.seat) {
      throw new Conflict(
        'OWN_SUBMISSION',
        `you sent sheet ${submissionId} yourself: another player of the table confirms it with their own code`,
      );
    }
    await this.transactions.run(async (m) => {
      // Read again under a lock: two players of a table confirming at once both count.
      const now = await m.findOneOrFail(SheetSubmission, {
        where: { id: sub.id },
        ...forUpdate(m),
      });
      const confirmations = [...new Set([...now.confirmations, ctx.code.seat])].sort(
        (a, b) => a - b,
      );
      await m.update(SheetSubmission, { id: sub.id }, { confirmations });
      await this.history(m, ctx, 'sheet-confirmed', { submission: sub.id });
      await touchDivisions(m, ctx.division.id);
    });
    const updated = await this.submission(sub.id);
    const everyone = ctx.players.map((_, i) => i + 1).filter((s) => s !== updated.seat);
    if (
      updated.status === 'waiting' &&
      updated.ok &&
      everyone.every((s) => updated.confirmations.includes(s))
    ) {
      try {
        await this.accept(updated, null);
      } catch (e) {
        // The last two confirmations came at once and the other one entered it: so be it.
        if (!(e instanceof DomainError && e.code === 'RESULT_EXISTS')) throw e;
      }
      this.logger.log(
        `Table ${ctx.game.tableNumber} of round ${ctx.round.number} (division ${ctx.division.id}): sheet ${sub.id} confirmed by the table and entered`,
      );
    }
    return this.submissionView(await this.submission(sub.id), ctx.players);
  }

  /** The judges' desk of a round: each table's state and sheets, the tables to look at first. */
  async desk(divisionId: number, number: number): Promise<DeskView> {
    const m = this.dataSource.manager;
    const round = await roundNumbered(m, divisionId, number);
    if (!round) throw new NotFound(`round ${number} of division`, divisionId);
    const games = (await gamesOfRound(m, round.id)).filter((g) => g.status !== 'bye');
    const seats = await seatsOf(
      m,
      games.map((g) => g.id),
    );
    const players = await playersById(
      m,
      games.flatMap((g) => playerIdsOf(g, seats.get(g.id))),
    );
    const subs = games.length
      ? await m.find(SheetSubmission, {
          where: { gameId: In(games.map((g) => g.id)) },
          order: { id: 'DESC' },
        })
      : [];
    // The sheets entered as results (by a judge, or accepted from a table) and their verdicts.
    const verdicts = await this.results.sheetVerdicts(games.map((g) => g.id));
    const tables: DeskTableView[] = games.map((g) => {
      const order = playerIdsOf(g, seats.get(g.id)).map((id) => players.get(id)!);
      const own = subs.filter((s) => s.gameId === g.id);
      const waiting = own.find((s) => s.status === 'waiting');
      const sheetOk = verdicts.get(g.id) ?? null;
      const status =
        g.status === 'complete'
          ? sheetOk === false
            ? 'flagged'
            : 'done'
          : waiting && !waiting.ok
            ? 'flagged'
            : waiting
              ? 'unconfirmed'
              : 'no-result';
      return {
        gameId: g.id,
        table: g.tableNumber,
        players: order.map((p) => ref(p, p.id)),
        status,
        resultIn: g.status === 'complete',
        sheetOk,
        submissions: own.map((s) => this.submissionView(s, order)),
      };
    });
    const counts = { done: 0, flagged: 0, unconfirmed: 0, 'no-result': 0 };
    for (const t of tables) counts[t.status as keyof typeof counts]++;
    const rank = { flagged: 0, unconfirmed: 1, 'no-result': 2, done: 3 };
    tables.sort(
      (a, b) =>
        rank[a.status as keyof typeof rank] - rank[b.status as keyof typeof rank] ||
        a.table - b.table,
    );
    return { divisionId, round: number, counts, tables };
  }

  /**
   * Throws 404 unless sheet `submissionId` was sent for a game of round `number` of division
   * `divisionId`: the desk a judge acts from is that round's, and its route's check was of that
   * division's tournament, not of the sheet's.
   */
  async atDesk(submissionId: number, divisionId: number, number: number): Promise<void> {
    const m = this.dataSource.manager;
    const sub = await m.findOneBy(SheetSubmission, { id: submissionId });
    const round = sub ? await roundOfId(m, (await gameOfId(m, sub.gameId)).roundId) : null;
    if (round?.divisionId !== divisionId || round.number !== number) {
      throw new NotFound(`score sheet sent from a table of round ${number}`, submissionId);
    }
  }

  /** A judge enters a sheet sent from the table as the game's result, faults and all. */
  async acceptByJudge(submissionId: number, user: PublicUser | null): Promise<GameView> {
    const sub = await this.dataSource.manager.findOneBy(SheetSubmission, { id: submissionId });
    if (!sub) throw new NotFound('score sheet sent from a table', submissionId);
    if (sub.status !== 'waiting') {
      throw new Conflict(
        'SUBMISSION_CLOSED',
        `sheet ${submissionId} is ${sub.status}: only a sheet waiting at the desk is accepted`,
        { status: sub.status },
      );
    }
    return this.accept(sub, user);
  }

  /** A judge sends a sheet back to the table, saying why; the table may send another. */
  async returnByJudge(
    submissionId: number,
    note: string,
    user: PublicUser | null,
  ): Promise<SubmissionView> {
    const m = this.dataSource.manager;
    const sub = await m.findOneBy(SheetSubmission, { id: submissionId });
    if (!sub) throw new NotFound('score sheet sent from a table', submissionId);
    if (sub.status !== 'waiting') {
      throw new Conflict(
        'SUBMISSION_CLOSED',
        `sheet ${submissionId} is ${sub.status}: only a sheet waiting at the desk is returned`,
        { status: sub.status },
      );
    }
    const game = await gameOfId(m, sub.gameId);
    const seats = (await seatsOf(m, [game.id])).get(game.id);
    await this.transactions.run(async (tm) => {
      await tm.update(SheetSubmission, { id: sub.id }, { status: 'returned', note });
      const snapshot = seats ? tableSnapshot(game, seats) : resultSnapshot(game);
      await recordTableEvent(tm, {
        gameId: game.id,
        userId: user?.id ?? null,
        userName: user?.name ?? null,
        userEmail: user?.email ?? null,
        action: 'sheet-returned',
        before: snapshot,
        after: { ...snapshot, submission: sub.id, note },
      });
      const round = await roundOfId(tm, game.roundId);
      await touchDivisions(tm, round.divisionId);
    });
    const players = await playersById(m, playerIdsOf(game, seats));
    return this.submissionView(
      await this.submission(sub.id),
      playerIdsOf(game, seats).map((id) => players.get(id)!),
    );
  }

  // --- internals -------------------------------------------------------------

  private async accept(sub: SheetSubmission, user: PublicUser | null): Promise<GameView> {
    const game = await gameOfId(this.dataSource.manager, sub.gameId);
    const view = await this.results.enterSheet(
      sub.gameId,
      sub.sheet,
      JSON.parse(sub.sheet) as unknown,
      game.status === 'complete' ? game.version : undefined,
      user,
      // In the result's transaction: a server stopped between the two would leave the result in
      // and its sheet waiting, and the table's confirm, sent again, refused for good.
      async (m) => {
        await m.update(SheetSubmission, { id: sub.id }, { status: 'accepted' });
      },
    );
    return view;
  }

  /** The code's game and context, or 404 (throttled like a wrong password), or 410 when expired. */
  private async resolve(typed: string, client: TableClient): Promise<CodeContext> {
    const code = canonicalCode(typed);
    if (code === null) {
      // Not of a code's shape: refused unread, and no guess at a code either, so not counted.
      throw new BadInput(
        'BAD_CODE',
        `"${typed.slice(0, 40)}" is not a table code: a code is ten letters and digits, as printed on your score sheet`,
      );
    }
    const m = this.dataSource.manager;
    let guessed: Awaited<ReturnType<CodeThrottle['guess']>>;
    try {
      guessed = await this.throttle.guess(client, () => m.findOneBy(TableCode, { code }));
    } catch (e) {
      if (!(e instanceof CodeWait)) throw e;
      const seconds = Math.ceil(e.waitMs / 1000);
      throw new TooManyRequests(
        'CODE_THROTTLED',
        `too many wrong codes from this client: try again in ${seconds} s`,
        seconds,
      );
    }
    for (const lock of guessed.lockouts) {
      this.logger.warn(
        `Table codes locked for ${Math.ceil(lock.waitMs / 1000)} s: ${lock.failures} wrong codes from ${lock.label}`,
      );
    }
    const found = guessed.found as TableCode | null;
    if (found === null) {
      throw new DomainError(
        404,
        'CODE_UNKNOWN',
        `no table has the code ${code}: check it on your score sheet`,
      );
    }
    client.opened(code);
    const tableCode = found;
    const loaded = await this.results.gameContext(tableCode.gameId);
    const { game, round, division, tournament } = loaded;
    const last = await lastRound(m, division.id);
    if (last!.id !== round.id || tournament.closedAt !== null) {
      throw new DomainError(
        410,
        'CODE_EXPIRED',
        tournament.closedAt !== null
          ? `the code of round ${round.number}, table ${game.tableNumber} has expired: the tournament is closed`
          : `the code of round ${round.number}, table ${game.tableNumber} has expired: round ${last!.number} is paired`,
        { round: round.number, table: game.tableNumber },
      );
    }
    return {
      code: tableCode,
      game,
      round,
      division,
      tournament,
      players: playerIdsOf(game, loaded.seats).map((id) => loaded.players.get(id)!),
      loaded,
    };
  }

  /** Sheets come from a table only while its result is not in; after, a judge changes it. */
  private checkOpen(ctx: CodeContext): void {
    if (ctx.game.status === 'complete') {
      throw new Conflict(
        'RESULT_IN',
        `the result of round ${ctx.round.number}, table ${ctx.game.tableNumber} is in: ask a judge to change it`,
      );
    }
  }

  private async codeView(ctx: CodeContext): Promise<CodeView> {
    return (await this.codeViewOf(ctx)).view;
  }

  /** The code's view and the table's sheets as stored, newest first (read once for both). */
  private async codeViewOf(ctx: CodeContext): Promise<{ view: CodeView; subs: SheetSubmission[] }> {
    const m = this.dataSource.manager;
    const subs = await m.find(SheetSubmission, {
      where: { gameId: ctx.game.id },
      order: { id: 'DESC' },
    });
    const view: CodeView = {
      game: this.results.viewOf(ctx.loaded),
      you: {
        seat: ctx.code.seat,
        player: ref(ctx.players[ctx.code.seat - 1], ctx.players[ctx.code.seat - 1].id),
      },
      rules: ctx.division.ruleSet,
      options: ctx.division.options,
      players: ctx.players.map((p) => p.name),
      submissions: subs.map((s) => this.submissionView(s, ctx.players)),
    };
    return { view, subs };
  }

  private submissionView(s: SheetSubmission, players: readonly PlayerRow[]): SubmissionView {
    const seatRef = (seat: number): SeatRefView => ({
      seat,
      player: ref(players[seat - 1], players[seat - 1]?.id ?? 0),
    });
    const report = s.report as VerificationReport;
    return {
      id: s.id,
      gameId: s.gameId,
      from: seatRef(s.seat),
      at: s.createdAt,
      ok: s.ok,
      issues: faultsOf(report),
      status: s.status,
      confirmedBy: s.confirmations.map(seatRef),
      waitingFor:
        s.status === 'waiting'
          ? players
              .map((_, i) => i + 1)
              .filter((seat) => seat !== s.seat && !s.confirmations.includes(seat))
              .map(seatRef)
          : [],
      note: s.note,
    };
  }

  private async submission(id: number): Promise<SheetSubmission> {
    return this.dataSource.manager.findOneByOrFail(SheetSubmission, { id });
  }

  /** A sheet sent or confirmed from the table, in the game's history: who, by which seat's code. */
  private async history(
    m: EntityManager,
    ctx: CodeContext,
    action: 'sheet-sent' | 'sheet-confirmed',
    facts: Record<string, unknown>,
  ): Promise<void> {
    const seats = (await seatsOf(m, [ctx.game.id])).get(ctx.game.id);
    const snapshot = seats ? tableSnapshot(ctx.game, seats) : resultSnapshot(ctx.game);
    const player = ctx.players[ctx.code.seat - 1];
    await recordTableEvent(m, {
      gameId: ctx.game.id,
      userId: null,
      // Who, as the table code says: the player of that seat (no account is involved).
      userName: `${player.name} (seat ${ctx.code.seat}, table code ${ctx.code.code.slice(0, 3)}…)`,
      userEmail: null,
      action,
      before: snapshot,
      after: { ...snapshot, ...facts },
    });
  }
}

function ref(p: Pick<PlayerRow, 'name' | 'seed'> | undefined, id: number) {
  return { id, name: p?.name ?? `#${id}`, seed: p?.seed ?? 0 };
}

/** What the engine found wrong: its findings, and the turns whose score or play it refused. */
function faultsOf(report: VerificationReport): number {
  const turns = (report.turns ?? []).filter(
    (t) => t.status === 'score-mismatch' || t.status === 'illegal',
  ).length;
  return (report.issues?.length ?? 0) + turns;
}
