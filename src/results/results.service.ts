import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { deleteRows, insertRow } from '../database/sql';
import type { PublicUser } from '../auth/public-user';
import { Conflict, DomainError, NotFound, Unprocessable } from '../common/errors';
import { Transactions } from '../database/transactions';
import { Actor, changedFields, LogAction, writeLog } from '../log/director-log';
import {
  compileRules,
  findRuleSet,
  parseClock,
  RuleSet,
  SheetTerms,
  VerificationReport,
  verifyGameSheet,
  WordList,
} from '../engine';
import { WordsService } from '../words/words.service';
import { nameKey } from '../i18n/names';
import { resultSnapshot, ResultSnapshot } from '../rounds/game-facts';
import { gameExists, SeatFigures, updateGameAt, updateSeatFigures } from '../rounds/game-rows';
import { gameView, GameView } from '../rounds/game.view';
import { touchDivisions } from '../tournaments/tournament-rules';
import type { DivisionRow } from '../tournaments/division-rows';
import { EnterResultDto } from './dto/result.dto';
import {
  contradictions,
  decideTyped,
  figuresFromReport,
  ResultFigures,
  TypedFigures,
} from './figures';
import { GameContext, GameContextReader } from './game-context';
import { ResultChange } from './result-change.entity';
import { HistoryEntryView, ScoreSheetView } from './result.view';
import { ScoreSheet } from './score-sheet.entity';
import {
  Action,
  ImportedResult,
  insertChange,
  recordImported,
  ResultColumns,
  storeResult,
} from './result-writes';
import { SheetRefused } from './sheet-refused';
import { SheetDraft } from './sheet-draft.entity';
import { EnterTableResultDto } from './dto/table-result.dto';
import { placeTable, tableFiguresOfReport } from './table-places';
import { tableInWords, tableRefusal, tableSnapshot } from './table-results';

export type { ResultColumns } from './result-writes';
export type { GameContext } from './game-context';

/** A game's score sheet as statistics read it. */
export interface SheetReport {
  gameId: number;
  /** True when the engine verified it without fault; false or null otherwise. */
  ok: boolean | null;
  /** The engine's report, null while there is none. */
  report: VerificationReport | null;
}

/** One game of a round's results page, to write ({@link ResultsService.enterRoundResults}). */
export interface RoundResultWrite {
  gameId: number;
  /** The table, named by a refusal. */
  table: number;
  /** The version the page was built from. */
  version: number;
  /** The judge ticked to replace the game's score sheet by the typed result. */
  replaceSheet: boolean;
  result: { pair: EnterResultDto } | { table: EnterTableResultDto };
}

/** A refusal of one table of a round's results: the whole post is refused, nothing saved. */
export class RoundLineRefused extends DomainError {
  constructor(
    readonly table: number,
    readonly refusal: DomainError,
  ) {
    super(refusal.status, refusal.code, `table ${table}: ${refusal.message}`, refusal.details);
  }
}

/** The director's log's code of each change to a result. */
const LOGGED: Record<Action, LogAction> = {
  result: 'result.entered',
  correction: 'result.corrected',
  scoresheet: 'sheet.entered',
  'scoresheet-removed': 'sheet.deleted',
  'result-cleared': 'result.cleared',
};

@Injectable()
export class ResultsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly words: WordsService,
    private readonly contexts: GameContextReader,
  ) {}

  async game(id: number): Promise<GameView> {
    return this.view(await this.load(this.dataSource.manager, id));
  }

  /**
   * The game with its round, division, tournament and players, read in one statement (a table's
   * code opens it on every phone of the hall); {@link viewOf} makes its view without reading again.
   */
  gameContext(id: number): Promise<GameContext> {
    return this.load(this.dataSource.manager, id);
  }

  /** The view of a game read by {@link gameContext}. */
  viewOf(ctx: GameContext): GameView {
    return this.view(ctx);
  }

  /** A result typed in; refused when it contradicts the game's verified score sheet. */
  async enterResult(
    id: number,
    dto: EnterResultDto,
    ifMatch: number | undefined,
    user: PublicUser | null,
  ): Promise<GameView> {
    return this.write(id, (m, ctx) => this.resultIn(m, ctx, dto, ifMatch, user));
  }

  /** {@link enterResult} in the transaction `m`, of the game read (and locked) as `ctx`. */
  private async resultIn(
    m: EntityManager,
    ctx: GameContext,
    dto: EnterResultDto,
    ifMatch: number | undefined,
    user: PublicUser | null,
  ): Promise<void> {
    const id = ctx.game.id;
    refuseTable(ctx);
    this.checkWritable(ctx, ifMatch);
    const action: Action = ctx.game.status === 'complete' ? 'correction' : 'result';
    if (dto.kind === 'forfeit' || dto.kind === 'double-forfeit') {
      if (ctx.sheet) {
        throw new Conflict(
          'SHEET_PRESENT',
          `game ${id} has a score sheet, so it was played: remove the sheet before entering a forfeit`,
        );
      }
      await this.apply(m, ctx, forfeitColumns(dto.kind, dto.absent), action, user, false);
      return;
    }
    const typed = decideTyped(gameRules(ctx.division), typedFigures(dto));
    const sheet = ctx.sheet ? await m.findOneBy(ScoreSheet, { gameId: id }) : null;
    if (sheet?.report) {
      const differences = contradictions(
        typed,
        figuresFromReport(sheet.report as VerificationReport),
      );
      if (differences.length > 0) {
        throw new Unprocessable(
          'RESULT_CONTRADICTS_SHEET',
          `the result contradicts the game's verified score sheet: ${differences.join('; ')}. ` +
            'Correct the sheet (PUT …/scoresheet) or remove it first.',
          { differences },
        );
      }
      // The sheet stays the source of the figures; an agreeing typed result changes nothing.
      return;
    }
    await this.apply(m, ctx, figuresToColumns(ctx, typed, 'result'), action, user, false);
  }

  /**
   * A round's results typed on one page, in one transaction: each game read and locked, its
   * version checked, and written as {@link enterResult} or {@link enterTableResult} would; a
   * game whose sheet the judge chose to replace loses its sheet first (its result stays in the
   * history). Any refusal refuses them all, as a {@link RoundLineRefused} naming the table.
   * Answers how many games' results changed.
   */
  async enterRoundResults(
    divisionId: number,
    round: number,
    writes: readonly RoundResultWrite[],
    user: PublicUser | null,
  ): Promise<number> {
    return this.transactions.run(async (m) => {
      let changed = 0;
      for (const w of writes) {
        try {
          const ctx = await this.load(m, w.gameId, true);
          if (ctx.round.divisionId !== divisionId || ctx.round.number !== round) {
            throw new NotFound(`game of round ${round} of division ${divisionId}`, w.gameId);
          }
          const read = ctx.game.version;
          let version = w.version;
          if (w.replaceSheet && ctx.sheet) {
            this.checkWritable(ctx, version);
            await m.delete(ScoreSheet, { gameId: ctx.game.id });
            ctx.sheet = null;
            if (ctx.seats.length > 0) {
              await this.applyTable(m, ctx, ctx.seats, 'scoresheet-removed', user, 'result');
            } else {
              await this.apply(
                m,
                ctx,
                { resultSource: 'result' },
                'scoresheet-removed',
                user,
                true,
              );
            }
            // The sheet's removal is this post's own change: the version read still stands.
            version = ctx.game.version;
          }
          if ('table' in w.result) {
            await this.tableIn(m, ctx, w.result.table, version, user);
          } else {
            await this.resultIn(m, ctx, w.result.pair, version, user);
          }
          if (ctx.game.version !== read) changed++;
        } catch (e) {
          if (e instanceof DomainError) throw new RoundLineRefused(w.table, e);
          throw e;
        }
      }
      return changed;
    });
  }

  /**
   * A score sheet: verified by the engine, stored exactly as sent with its
   * report, and the game's result taken from the engine's figures. `alongside` is written in
   * the same transaction (the table's sheet marked as the one entered): both or neither.
   */
  async enterSheet(
    id: number,
    text: string | undefined,
    body: unknown,
    ifMatch: number | undefined,
    user: PublicUser | null,
    alongside?: (m: EntityManager) => Promise<void>,
  ): Promise<GameView> {
    if (text === undefined) {
      throw new DomainError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'send the score sheet as JSON with Content-Type: application/json',
      );
    }
    return this.write(id, async (m, ctx) => {
      this.checkWritable(ctx, ifMatch);
      const { list } = await this.words.listForTournament(
        ctx.tournament,
        ctx.division.ruleSet,
        ctx.wordList,
      );
      const report = this.verify(ctx, body, list, text);
      // A table's places come from the sheet's figures, decided as a typed table's are.
      const placing =
        ctx.seats.length > 0
          ? placeTable(
              gameRules(ctx.division),
              tableFiguresOfReport(gameRules(ctx.division), report),
            )
          : null;
      if (placing && !placing.ok) throw tableRefusal(gameRules(ctx.division), placing.problem);
      if (ctx.sheet) {
        await m.update(ScoreSheet, { gameId: id }, { sheet: text, report, ok: report.ok });
      } else {
        await insertRow(m, ScoreSheet, { gameId: id, sheet: text, report, ok: report.ok });
      }
      ctx.sheet = { ok: report.ok };
      // The sheet is in: what was being typed for it is done with.
      await deleteRows(m, SheetDraft, { gameId: id });
      if (placing?.ok) {
        const rules = gameRules(ctx.division);
        await this.applyTable(
          m,
          ctx,
          report.players.map((p, i) => ({
            score: p.final,
            remaining: rules.cards ? null : p.remainingSeconds,
            cards: p.cards ?? null,
            place: placing.places[i],
          })),
          'scoresheet',
          user,
          'scoresheet',
        );
      } else {
        await this.apply(
          m,
          ctx,
          figuresToColumns(ctx, figuresFromReport(report), 'scoresheet'),
          'scoresheet',
          user,
          true,
        );
      }
      if (alongside) await alongside(m);
    });
  }

  /**
   * Verifies a sheet against a game exactly as {@link enterSheet} would (rules,
   * options, players, the tournament's word list) and stores nothing: the
   * judge's "check" before saving. Throws the same errors.
   */
  async checkSheet(id: number, body: unknown, text?: string): Promise<VerificationReport> {
    const ctx = await this.load(this.dataSource.manager, id);
    if (ctx.game.status === 'bye') {
      throw new Conflict('GAME_IS_BYE', `game ${id} is a bye: it has no result to enter`);
    }
    const { list } = await this.words.listForTournament(
      ctx.tournament,
      ctx.division.ruleSet,
      ctx.wordList,
    );
    return this.verify(ctx, body, list, text);
  }

  /** Removes a game's score sheet; the result stays, now as a typed result. */
  async removeSheet(
    id: number,
    ifMatch: number | undefined,
    user: PublicUser | null,
  ): Promise<GameView> {
    return this.write(id, async (m, ctx) => {
      if (!ctx.sheet) throw new NotFound('score sheet of game', id);
      this.checkWritable(ctx, ifMatch);
      await m.delete(ScoreSheet, { gameId: id });
      ctx.sheet = null;
      if (ctx.seats.length > 0) {
        // The figures stay, now as a typed result.
        await this.applyTable(m, ctx, ctx.seats, 'scoresheet-removed', user, 'result');
        return;
      }
      await this.apply(m, ctx, { resultSource: 'result' }, 'scoresheet-removed', user, true);
    });
  }

  /** Takes a result back: the game is pending again. */
  async clearResult(
    id: number,
    ifMatch: number | undefined,
    user: PublicUser | null,
  ): Promise<GameView> {
    return this.write(id, async (m, ctx) => {
      this.checkWritable(ctx, ifMatch);
      if (ctx.game.status === 'pending') {
        throw new Conflict('NO_RESULT', `game ${id} has no result to clear`);
      }
      if (ctx.sheet) {
        throw new Conflict('SHEET_PRESENT', `game ${id} has a score sheet: remove it first`);
      }
      if (ctx.seats.length > 0) {
        await this.applyTable(m, ctx, null, 'result-cleared', user);
        return;
      }
      await this.apply(
        m,
        ctx,
        {
          status: 'pending',
          winner: null,
          firstScore: null,
          secondScore: null,
          firstRemaining: null,
          secondRemaining: null,
          timeLossPlayerId: null,
          resultSource: null,
          firstCards: null,
          secondCards: null,
          resultKind: null,
        },
        'result-cleared',
        user,
        false,
      );
    });
  }

  async sheet(id: number): Promise<ScoreSheetView> {
    const m = this.dataSource.manager;
    if (!(await gameExists(m, id))) throw new NotFound('game', id);
    const sheet = await m.findOneBy(ScoreSheet, { gameId: id });
    if (!sheet) throw new NotFound('score sheet of game', id);
    return {
      gameId: id,
      text: sheet.sheet,
      report: sheet.report,
      ok: sheet.ok,
      updatedAt: sheet.updatedAt,
    };
  }

  async history(id: number): Promise<HistoryEntryView[]> {
    const m = this.dataSource.manager;
    if (!(await gameExists(m, id))) throw new NotFound('game', id);
    const changes = await m.find(ResultChange, { where: { gameId: id }, order: { id: 'ASC' } });
    return changes.map(historyEntry);
  }

  /**
   * The score sheets of these games (none read when there are none), in the order the database
   * gives them: whether each verified, and its report. One read, for statistics over many games.
   */
  async sheetReports(gameIds: readonly number[]): Promise<SheetReport[]> {
    if (gameIds.length === 0) return [];
    const sheets = await this.dataSource.manager.find(ScoreSheet, {
      where: { gameId: In([...gameIds]) },
      select: { id: true, gameId: true, ok: true, report: true },
    });
    return sheets.map((s) => ({
      gameId: s.gameId,
      ok: s.ok,
      report: (s.report ?? null) as VerificationReport | null,
    }));
  }

  /**
   * Whether each of these games' stored score sheets agrees with the rules, by game (a game
   * without a sheet is absent): true when the engine found no fault, false when it found some or
   * could not read it. One read of two columns, no report: what the judges' desk counts.
   */
  async sheetVerdicts(gameIds: readonly number[]): Promise<Map<number, boolean>> {
    if (gameIds.length === 0) return new Map();
    const sheets = await this.dataSource.manager.find(ScoreSheet, {
      where: { gameId: In([...gameIds]) },
      select: { id: true, gameId: true, ok: true },
    });
    return new Map(sheets.map((s) => [s.gameId, s.ok === true]));
  }

  /**
   * A table's result typed in (a game of more than two): each seat's score and clock (cards in
   * Quivit), placed by the rule set ({@link placeTable}); the places and figures are the seats'.
   */
  async enterTableResult(
    id: number,
    dto: EnterTableResultDto,
    ifMatch: number | undefined,
    user: PublicUser | null,
  ): Promise<GameView> {
    return this.write(id, (m, ctx) => this.tableIn(m, ctx, dto, ifMatch, user));
  }

  /** {@link enterTableResult} in the transaction `m`, of the game read (and locked) as `ctx`. */
  private async tableIn(
    m: EntityManager,
    ctx: GameContext,
    dto: EnterTableResultDto,
    ifMatch: number | undefined,
    user: PublicUser | null,
  ): Promise<void> {
    const id = ctx.game.id;
    if (ctx.seats.length === 0) {
      if (ctx.game.status === 'bye') {
        throw new Conflict('GAME_IS_BYE', `game ${id} is a bye: it has no result to enter`);
      }
      throw new Conflict(
        'NOT_A_TABLE',
        `game ${id} is a game of two: enter its result with PUT /api/games/${id}/result`,
      );
    }
    this.checkWritable(ctx, ifMatch);
    const seats = ctx.seats.length;
    if (ctx.sheet) {
      // The verified sheet's figures stand: a typed result may only agree with them.
      const differing = ctx.seats.flatMap((s, i) =>
        dto.scores[i] === s.score
          ? []
          : [`seat ${i + 1}: ${dto.scores[i]} but the sheet gives ${s.score}`],
      );
      if (differing.length > 0 || dto.scores.length !== seats) {
        throw new Unprocessable(
          'RESULT_CONTRADICTS_SHEET',
          `the result contradicts the game's verified score sheet: ${differing.join('; ') || 'another number of seats'}. Correct the sheet (PUT …/scoresheet) or remove it first.`,
          { differences: differing },
        );
      }
      return;
    }
    if (dto.scores.length !== seats) {
      throw tableRefusal(gameRules(ctx.division), {
        code: 'FIGURE_COUNT',
        field: 'scores',
        expected: seats,
        got: dto.scores.length,
      });
    }
    const rules = gameRules(ctx.division);
    // Seats that did not come: placed last, without figures; the others are placed among
    // themselves. Nobody present is the table's double forfeit.
    const absent = [...new Set(dto.absent ?? [])].sort((a, b) => a - b);
    const wrongSeat = absent.find((s) => s >= seats);
    if (wrongSeat !== undefined) {
      throw tableRefusal(rules, {
        code: 'SEAT_OUT_OF_RANGE',
        field: 'absent',
        seats,
        got: wrongSeat,
      });
    }
    if (absent.length > 0 && ctx.sheet) {
      throw new Conflict(
        'SHEET_PRESENT',
        `game ${id} has a score sheet, so every seat played: remove the sheet before entering an absence`,
      );
    }
    if (absent.length === seats - 1) {
      throw new Unprocessable(
        'TABLE_ONE_PRESENT',
        `game ${id}: only one seat came, and one player alone plays no game; mark every seat absent (a double forfeit) or enter the seats that played`,
        { seats },
      );
    }
    const present = ctx.seats.map((_, i) => i).filter((i) => !absent.includes(i));
    const at = <T>(xs: readonly T[] | undefined) => (xs ? present.map((i) => xs[i]) : undefined);
    const remaining = dto.clocks ? dto.clocks.map((c) => parseClock(c)!) : null;
    const placing =
      present.length === 0
        ? null
        : placeTable(rules, {
            scores: at(dto.scores)!,
            remaining: remaining ? at(remaining)! : null,
            typed: true,
            cards: at(dto.cards),
            targetFirst:
              dto.targetFirst === undefined ? undefined : present.indexOf(dto.targetFirst),
          });
    if (placing && !placing.ok) {
      const p = placing.problem;
      // The problem names the seats present by their order among them: back to the table's.
      if (p.code === 'FIGURE_NEEDED')
        throw tableRefusal(rules, { ...p, seats: p.seats.map((s) => present[s]) });
      if (p.code === 'CLOCK_ABOVE_START')
        throw tableRefusal(rules, { ...p, player: present[p.player] });
      throw tableRefusal(rules, p);
    }
    const action: Action = ctx.game.status === 'complete' ? 'correction' : 'result';
    await this.applyTable(
      m,
      ctx,
      ctx.seats.map((_, i) => {
        const k = present.indexOf(i);
        return k < 0
          ? { score: null, remaining: null, cards: null, place: seats }
          : {
              score: dto.scores[i],
              remaining: remaining?.[i] ?? null,
              cards: dto.cards?.[i] ?? null,
              place: placing!.ok ? placing!.places[k] : seats,
            };
      }),
      action,
      user,
      'result',
      absent.length === 0 ? null : absent.length === seats ? 'double-forfeit' : 'forfeit',
    );
  }

  /**
   * Writes a table's seats (or clears them, `figures` null) if the version read is still
   * current, with the history row, the log entry and the division's standings marked stale.
   */
  private async applyTable(
    m: EntityManager,
    ctx: GameContext,
    figures: SeatFigures[] | null,
    action: Action,
    user: PublicUser | null,
    source: 'result' | 'scoresheet' = 'result',
    resultKind: 'forfeit' | 'double-forfeit' | null = null,
  ): Promise<void> {
    const { game } = ctx;
    const before = tableSnapshot(game, ctx.seats);
    const status = figures ? 'complete' : 'pending';
    const resultSource = figures ? source : null;
    const afterSeats = ctx.seats.map((s, i) => ({
      ...s,
      score: figures?.[i].score ?? null,
      remaining: figures?.[i].remaining ?? null,
      cards: figures?.[i].cards ?? null,
      place: figures?.[i].place ?? null,
    }));
    const after = tableSnapshot({ status, resultSource }, afterSeats);
    // A sheet is recorded even when it changes no figure: the history says it came in.
    if (JSON.stringify(before) === JSON.stringify(after) && action !== 'scoresheet') return;
    await updateGameAt(m, game, {
      status,
      resultSource,
      winner: null,
      resultKind: figures ? resultKind : null,
    });
    for (const [i, seat] of afterSeats.entries()) {
      const columns = pick(seat, 'score', 'remaining', 'cards', 'place');
      await updateSeatFigures(m, seat.id, columns);
      Object.assign(ctx.seats[i], columns);
    }
    await insertChange(m, game, user, action, before, after);
    await touchDivisions(m, ctx.round.divisionId, { resultsOf: ctx.round.number });
    const changed = changedFields({ ...before }, { ...after });
    await writeLog(m, user, {
      tournamentId: ctx.tournament.id,
      divisionId: ctx.division.id,
      gameId: game.id,
      round: ctx.round.number,
      table: game.tableNumber,
      action: LOGGED[action],
      before: changed?.before ?? {},
      after: changed?.after ?? {},
    });
  }

  // --- internals -------------------------------------------------------------

  /**
   * Runs `work` on the game, read and (PostgreSQL) locked first, in one transaction, and
   * answers the game as written: the writes keep `ctx` current (the game's row, its seats,
   * its sheet), so nothing is read back.
   */
  private async write(
    id: number,
    work: (m: EntityManager, ctx: GameContext) => Promise<void>,
  ): Promise<GameView> {
    // The game's row is locked first (PostgreSQL), so two writes of one game take turns and
    // the second is checked against what the first wrote.
    const ctx = await this.transactions.run(async (m) => {
      const loaded = await this.load(m, id, true);
      await work(m, loaded);
      return loaded;
    });
    return this.view(ctx);
  }

  /**
   * The game with its round, division, tournament and players, read in one statement (a
   * table's seats and their players in two more): a write reads this before anything else.
   */
  private async load(m: EntityManager, id: number, lock = false): Promise<GameContext> {
    const ctx = await this.contexts.read(m, id, lock);
    if (!ctx) throw new NotFound('game', id);
    return ctx;
  }

  private view(ctx: GameContext): GameView {
    return gameView(ctx.game, ctx.round, ctx.players, ctx.sheet, ctx.seats);
  }

  /**
   * A bye takes no result. A game that has one is only changed by a client that
   * says which version it read (If-Match), so two judges never overwrite each
   * other unknowingly.
   */
  private checkWritable(ctx: GameContext, ifMatch: number | undefined): void {
    const { game } = ctx;
    if (game.status === 'bye') {
      throw new Conflict('GAME_IS_BYE', `game ${game.id} is a bye: it has no result to enter`);
    }
    // What changed is said: the result as it is now, in the message and in `details.current`.
    const table = ctx.seats.length > 0 ? tableSnapshot(game, ctx.seats) : null;
    const current = table ?? resultSnapshot(game);
    const words = table ? tableInWords(table) : resultInWords(resultSnapshot(game));
    if (ifMatch !== undefined && ifMatch !== game.version) {
      throw new Conflict(
        'STALE_VERSION',
        `game ${game.id} has changed since you read it (you sent version ${ifMatch}, it is at ${game.version}; ` +
          `its result is now ${words}): reload it and try again`,
        { version: game.version, current },
      );
    }
    if (ifMatch === undefined && game.status === 'complete') {
      throw new Conflict(
        'RESULT_EXISTS',
        `game ${game.id} already has a result (${words}); to change it send If-Match: ${game.version} (the version you corrected)`,
        { version: game.version, current },
      );
    }
  }

  /**
   * Verifies a sheet for the game through the engine's one decision
   * ({@link verifyGameSheet}): its rule set, options and players; refused as
   * {@link SheetRefused}.
   */
  private verify(
    ctx: GameContext,
    body: unknown,
    words: WordList | null,
    text?: string,
  ): VerificationReport {
    const verified = verifyGameSheet(body, sheetTerms(ctx), { words });
    if (!verified.ok)
      throw new SheetRefused(
        verified.refusal,
        text === undefined ? undefined : { text, doc: body },
      );
    return verified.report;
  }

  /**
   * Writes new result columns if the version read is still current (else 409),
   * records the change in the history and marks the division's standings stale.
   */
  private async apply(
    m: EntityManager,
    ctx: GameContext,
    changes: ResultColumns,
    action: Action,
    user: PublicUser | null,
    recordUnchanged: boolean,
  ): Promise<void> {
    const stored = await storeResult(m, ctx.game, changes, action, user, recordUnchanged);
    if (!stored) return;
    const { game } = ctx;
    await touchDivisions(m, ctx.round.divisionId, { resultsOf: ctx.round.number });
    const changed = changedFields({ ...stored.before }, { ...stored.after });
    await writeLog(m, user, {
      tournamentId: ctx.tournament.id,
      divisionId: ctx.division.id,
      gameId: game.id,
      round: ctx.round.number,
      table: game.tableNumber,
      action: LOGGED[action],
      before: changed?.before ?? {},
      after: changed?.after ?? {},
    });
  }

  /**
   * Results of a whole division read from a file (TSH): each written and kept in its game's
   * history as a typed result is, the division's standings marked stale; the import itself
   * is one entry of the director's log, written by the importer.
   */
  recordImported(
    m: EntityManager,
    divisionId: number,
    results: ImportedResult[],
    user: Actor,
  ): Promise<void> {
    return recordImported(m, divisionId, results, user);
  }
}

function pick<T, K extends keyof T>(o: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}

/** A table's typed result goes through its own route, a score and clock for each seat. */
function refuseTable(ctx: GameContext): void {
  if (ctx.seats.length === 0) return;
  const id = ctx.game.id;
  throw new Conflict(
    'TABLE_GAME',
    `game ${id} is a table of ${ctx.seats.length}: enter its result with PUT /api/games/${id}/table-result (a score and clock for each seat)`,
    { seats: ctx.seats.length },
  );
}

/** A result in a few words for a refusal's message: `412 : 380, won by the first player, from a score sheet`. */
function resultInWords(r: ResultSnapshot): string {
  if (r.status === 'pending') return 'none';
  const parts = [
    r.scores ? `${r.scores[0]} : ${r.scores[1]}` : (r.reason ?? r.status),
    r.winner === 'first' || r.winner === 'second'
      ? `won by the ${r.winner} player`
      : r.winner === 'draw'
        ? 'a draw'
        : 'no winner',
  ];
  if (r.source === 'scoresheet') parts.push('from a score sheet');
  return parts.join(', ');
}

/** What the game asks of its score sheet: its division's rules and options, the players in order. */
function sheetTerms(ctx: GameContext): SheetTerms {
  return {
    rules: ctx.division.ruleSet,
    options: ctx.division.options,
    players:
      ctx.seats.length > 0
        ? ctx.seats.map((s) => ctx.players.get(s.playerId)!.name)
        : [ctx.first.name, ctx.second!.name],
    // A name sent as stored (the commonest) is the same without folding it (ICU, per call).
    sameName: (a, b) => a === b || nameKey(a) === nameKey(b),
  };
}

/**
 * The division's rule set with its options applied, as the engine keeps it compiled for those
 * options: applied afresh, it was a new rule set for every typed result.
 */
function gameRules(t: Pick<DivisionRow, 'ruleSet' | 'options'>): RuleSet {
  const ruleSet = findRuleSet(t.ruleSet);
  if (!ruleSet) throw new Conflict('UNKNOWN_RULE_SET', `unknown rule set ${t.ruleSet}`);
  return compileRules(ruleSet, t.options ?? undefined).ruleSet;
}

const pair = (v: number[] | undefined) => v as [number, number] | undefined;

/** A typed result's figures, clocks in seconds. */
function typedFigures(dto: EnterResultDto): TypedFigures {
  return {
    scores: dto.scores as [number, number],
    remaining: dto.clocks!.map((c) => parseClock(c)!) as [number, number],
    timeLoss: dto.timeLoss,
    cards: pair(dto.cards),
    safePoints: pair(dto.safePoints),
    tilesPlayed: pair(dto.tilesPlayed),
    biggestSteal: pair(dto.biggestSteal),
    targetFirst: dto.targetFirst,
  };
}

function figuresToColumns(
  ctx: GameContext,
  f: ResultFigures,
  source: 'result' | 'scoresheet',
): ResultColumns {
  return {
    status: 'complete',
    winner: f.winner,
    firstScore: f.scores[0],
    secondScore: f.scores[1],
    firstRemaining: f.remaining[0],
    firstCards: f.cards?.[0] ?? null,
    secondCards: f.cards?.[1] ?? null,
    secondRemaining: f.remaining[1],
    timeLossPlayerId:
      f.timeLoss === null
        ? null
        : f.timeLoss === 0
          ? ctx.game.firstPlayerId
          : ctx.game.secondPlayerId,
    resultSource: source,
    resultKind: null,
  };
}

/**
 * A forfeit's columns: nothing was played, so no scores, clocks, cards or time loss. A single
 * forfeit is won by the player present; a double forfeit has no winner (`none`).
 */
function forfeitColumns(
  kind: 'forfeit' | 'double-forfeit',
  absent: 0 | 1 | undefined,
): ResultColumns {
  return {
    status: 'complete',
    winner: kind === 'double-forfeit' ? 'none' : absent === 0 ? 'second' : 'first',
    firstScore: null,
    secondScore: null,
    firstRemaining: null,
    secondRemaining: null,
    firstCards: null,
    secondCards: null,
    timeLossPlayerId: null,
    resultSource: 'result',
    resultKind: kind,
  };
}

export function historyEntry(c: ResultChange): HistoryEntryView {
  return {
    at: c.createdAt,
    action: c.action,
    by: c.userName === null ? null : { userId: c.userId, name: c.userName },
    before: c.before as ResultSnapshot,
    after: c.after as ResultSnapshot,
  };
}
