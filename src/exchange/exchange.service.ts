import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm';
import { User } from '../auth/user.entity';
import { NotFound, Unprocessable } from '../common/errors';
import { GameSeat } from '../rounds/game-seat.entity';
import { seatsOf } from '../rounds/tables';
import { insertMany } from '../database/bulk';
import { Transactions } from '../database/transactions';
import { Actor, writeLog } from '../log/director-log';
import { DirectorLogEntry } from '../log/director-log.entity';
import { Absence } from '../players/absence.entity';
import { absentRoundsOf } from '../players/absences';
import { Player } from '../players/player.entity';
import { attachPersons } from '../registry/persons';
import { ResultChange } from '../results/result-change.entity';
import { ScoreSheet } from '../results/score-sheet.entity';
import { ResultSnapshot } from '../rounds/game-facts';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { Division } from '../tournaments/division.entity';
import { namedSettings, settingsFromNamed, settingsOf } from '../tournaments/tournament-rules';
import { Tournament } from '../tournaments/tournament.entity';
import { TournamentsService } from '../tournaments/tournaments.service';
import { TournamentView } from '../tournaments/tournament.view';
import { parseUploadedWordList } from '../dictionary/upload';
import { ruleSetWordReader } from '../dictionary/judge';
import { SetWordList } from '../engine';
import { TournamentWordList } from '../words/word-list.entity';
import { WordRuling } from '../words/word-ruling.entity';
import {
  checkDocument,
  DivisionDocument,
  EXCHANGE_FORMAT,
  GameDocument,
  HistoryDocument,
  TournamentDocument,
  WordListDocument,
  WordRulingDocument,
} from './format';
import { gamesRemovedLater, LogDocument } from './log-format';
import { reverifySheets, unstorableText } from './sheets';

/** Rows fetched per `IN (…)` list, under SQLite's parameter limit. */
const CHUNK = 500;

async function inChunks<T>(ids: number[], fetch: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await fetch(ids.slice(i, i + CHUNK))));
  return out;
}

@Injectable()
export class ExchangeService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly tournaments: TournamentsService,
  ) {}

  /** The whole tournament as one document (`arbiter-tournament/1`). */
  async export(id: number): Promise<TournamentDocument> {
    const m = this.dataSource.manager;
    const t = await m.findOneBy(Tournament, { id });
    if (!t) throw new NotFound('tournament', id);
    const divisions = await m.find(Division, { where: { tournamentId: id }, order: { id: 'ASC' } });
    const docs: DivisionDocument[] = [];
    const refs = new Map<number, number>();
    const gamesAt = new Map<number, { division: string; round: number; table: number }>();
    for (const d of divisions) docs.push(await this.exportDivision(m, d, refs, gamesAt));
    const list = await m.findOneBy(TournamentWordList, { tournamentId: id });
    return {
      format: EXCHANGE_FORMAT,
      exportedAt: new Date().toISOString(),
      tournament: {
        name: t.name,
        ...namedSettings(t),
        place: t.place,
        startDate: t.startsOn,
        endDate: t.endsOn,
      },
      divisions: docs,
      log: await this.exportLog(m, id, divisions, refs),
      wordList: list ? { name: list.name, words: list.words.split('\n') } : null,
      wordRulings: await this.exportRulings(m, id, gamesAt),
    };
  }

  /** The word judge's rulings, oldest first, games named by division, round and table. */
  private async exportRulings(
    m: EntityManager,
    tournamentId: number,
    gamesAt: ReadonlyMap<number, { division: string; round: number; table: number }>,
  ): Promise<WordRulingDocument[]> {
    const rows = await m.find(WordRuling, { where: { tournamentId }, order: { id: 'ASC' } });
    return rows.map((r) => {
      const game = r.gameId === null ? undefined : gamesAt.get(r.gameId);
      return {
        at: r.createdAt.toISOString(),
        by: r.userName === null ? null : { name: r.userName },
        division: game?.division ?? null,
        round: game?.round ?? null,
        table: game?.table ?? null,
        turn: r.turn,
        ruleSet: r.ruleSet,
        // The id of the tournament's own list is this database's; the document names it by role.
        wordList: r.wordList.startsWith('tournament:') ? 'tournament' : r.wordList,
        words: r.words,
        verdict: r.verdict,
      };
    });
  }

  /** The director's log, oldest first: divisions by name, players by ref, games by round and table. */
  private async exportLog(
    m: EntityManager,
    tournamentId: number,
    divisions: Division[],
    refs: ReadonlyMap<number, number>,
  ): Promise<LogDocument[]> {
    const names = new Map(divisions.map((d) => [d.id, d.name]));
    const rows = await m.find(DirectorLogEntry, { where: { tournamentId }, order: { id: 'ASC' } });
    return rows.map((r) => ({
      at: r.createdAt.toISOString(),
      action: r.action,
      by: r.userName === null ? null : { name: r.userName, email: r.userEmail },
      note: r.note,
      division: r.divisionId === null ? null : (names.get(r.divisionId) ?? null),
      player: r.playerId === null ? null : (refs.get(r.playerId) ?? null),
      round: r.round,
      table: r.tableNumber,
      before: (r.before as Record<string, unknown> | null) ?? null,
      after: (r.after as Record<string, unknown> | null) ?? null,
    }));
  }

  private async exportDivision(
    m: EntityManager,
    d: Division,
    refs: Map<number, number>,
    gamesAt: Map<number, { division: string; round: number; table: number }>,
  ): Promise<DivisionDocument> {
    const players = await m.find(Player, { where: { divisionId: d.id }, order: { id: 'ASC' } });
    const refOf = new Map(players.map((p, i) => [p.id, i + 1]));
    for (const [id, ref] of refOf) refs.set(id, ref);
    const absent = await absentRoundsOf(
      m,
      players.map((p) => p.id),
    );
    const rounds = await m.find(Round, { where: { divisionId: d.id }, order: { number: 'ASC' } });
    const games = await inChunks(
      rounds.map((r) => r.id),
      (ids) => m.find(Game, { where: { roundId: In(ids) }, order: { tableNumber: 'ASC' } }),
    );
    const gameIds = games.map((g) => g.id);
    const seats = await seatsOf(m, gameIds);
    const roundNumber = new Map(rounds.map((r) => [r.id, r.number]));
    for (const g of games) {
      gamesAt.set(g.id, {
        division: d.name,
        round: roundNumber.get(g.roundId)!,
        table: g.tableNumber,
      });
    }
    const sheets = new Map(
      (await inChunks(gameIds, (ids) => m.findBy(ScoreSheet, { gameId: In(ids) }))).map((s) => [
        s.gameId,
        s,
      ]),
    );
    const changes = await inChunks(gameIds, (ids) =>
      m.find(ResultChange, { where: { gameId: In(ids) }, order: { id: 'ASC' } }),
    );
    const historyOf = new Map<number, HistoryDocument[]>();
    for (const c of changes.sort((a, b) => a.id - b.id)) {
      const list = historyOf.get(c.gameId) ?? [];
      list.push({
        at: c.createdAt.toISOString(),
        action: c.action,
        by: c.userName === null ? null : { name: c.userName, email: c.userEmail },
        before: c.before as ResultSnapshot,
        after: c.after as ResultSnapshot,
      });
      historyOf.set(c.gameId, list);
    }
    return {
      name: d.name,
      settings: namedSettings(d),
      players: players.map((p) => ({
        ref: refOf.get(p.id)!,
        name: p.name,
        club: p.club,
        rating: p.rating,
        seed: p.seed,
        active: p.active,
        joinedRound: p.joinedRound,
        absences: [...(absent.get(p.id) ?? [])].sort((a, b) => a - b),
      })),
      rounds: rounds.map((r) => ({
        number: r.number,
        system: r.system,
        notes: r.notes ?? [],
        games: games
          .filter((g) => g.roundId === r.id)
          .map((g): GameDocument => {
            const table = seats.get(g.id);
            const sheet = sheets.get(g.id);
            if (table) {
              return {
                table: g.tableNumber,
                first: refOf.get(g.firstPlayerId)!,
                second: refOf.get(g.secondPlayerId!)!,
                status: g.status,
                winner: null,
                scores: null,
                remaining: null,
                timeLoss: null,
                source: g.status === 'pending' ? null : g.resultSource,
                kind: null,
                scoresheet: sheet
                  ? { text: sheet.sheet, report: sheet.report, ok: sheet.ok }
                  : null,
                history: historyOf.get(g.id) ?? [],
                seats: table.map((s) => ({
                  player: refOf.get(s.playerId)!,
                  score: s.score,
                  remaining: s.remaining,
                  cards: s.cards,
                  place: s.place,
                })),
              };
            }
            const done = g.status !== 'pending';
            const forfeit = g.status === 'complete' && g.resultKind !== null;
            return {
              table: g.tableNumber,
              first: refOf.get(g.firstPlayerId)!,
              second: g.secondPlayerId === null ? null : refOf.get(g.secondPlayerId)!,
              status: g.status,
              winner: done ? g.winner : null,
              scores: done && !forfeit ? [g.firstScore ?? 0, g.secondScore ?? 0] : null,
              remaining:
                g.status === 'complete' && !forfeit
                  ? [g.firstRemaining ?? 0, g.secondRemaining ?? 0]
                  : null,
              timeLoss:
                g.timeLossPlayerId === null ? null : g.timeLossPlayerId === g.firstPlayerId ? 0 : 1,
              ...(g.firstCards !== null && g.secondCards !== null
                ? { cards: [g.firstCards, g.secondCards] as [number, number] }
                : {}),
              source: done ? g.resultSource : null,
              kind: forfeit ? g.resultKind : null,
              scoresheet: sheet ? { text: sheet.sheet, report: sheet.report, ok: sheet.ok } : null,
              history: historyOf.get(g.id) ?? [],
            };
          }),
      })),
    };
  }

  /**
   * Creates a new tournament from a document, in one transaction: every row or
   * none. History keeps its times and authors; an author is linked to the
   * account here with the same email, if there is one.
   */
  async import(doc: unknown, user: Actor): Promise<TournamentView> {
    let errors = checkDocument(doc);
    if (errors.length === 0) errors = unstorableText(doc);
    const ownList = errors.length === 0 ? readWordList(doc as TournamentDocument) : null;
    if (ownList && !ownList.ok) errors = ownList.errors;
    // Every sheet verified again from its own text: a stored report is never trusted.
    if (errors.length === 0) {
      const words = ownList?.ok ? new SetWordList(ownList.words) : null;
      errors = reverifySheets(doc as TournamentDocument, words);
    }
    if (errors.length > 0) {
      throw new Unprocessable(
        'IMPORT_INVALID',
        `the document cannot be imported: ${errors
          .slice(0, 10)
          .map((e) => `${e.path || '(the document)'}: ${e.message}`)
          .join('; ')}${errors.length > 10 ? `; and ${errors.length - 10} more` : ''}`,
        errors,
      );
    }
    const d = doc as TournamentDocument;
    const id = await this.transactions.run(async (m) => {
      const t = await m.save(
        m.create(Tournament, {
          name: d.tournament.name,
          ...settingsFromNamed(d.tournament),
          place: d.tournament.place ?? null,
          startsOn: d.tournament.startDate ?? null,
          endsOn: d.tournament.endDate ?? null,
        }),
      );
      const users = new Map((await m.find(User)).map((u) => [u.email, u.id]));
      const imported = new Map<string, ImportedDivision>();
      for (const division of d.divisions) {
        imported.set(division.name, await this.importDivision(m, t, division, users));
      }
      await this.importLog(m, t.id, d.log ?? [], imported, users);
      if (ownList?.ok && d.wordList) {
        await m.insert(TournamentWordList, {
          tournamentId: t.id,
          name: d.wordList.name,
          words: ownList.words.join('\n'),
          wordCount: ownList.words.length,
        });
      }
      await this.importRulings(m, t.id, d.wordRulings ?? [], imported);
      await writeLog(m, user, {
        tournamentId: t.id,
        action: 'tournament.imported',
        after: { name: t.name, exportedAt: typeof d.exportedAt === 'string' ? d.exportedAt : null },
      });
      return t.id;
    });
    return this.tournaments.get(id);
  }

  private async importDivision(
    m: EntityManager,
    tournament: Tournament,
    doc: DivisionDocument,
    users: Map<string, number>,
  ): Promise<ImportedDivision> {
    const own = doc.settings;
    const games = new Map<string, number>();
    const settings = own ? settingsFromNamed(own) : settingsOf(tournament);
    const division = await m.save(
      m.create(Division, { ...settings, tournamentId: tournament.id, name: doc.name }),
    );
    await insertMany(
      m,
      Player,
      doc.players.map((p) => ({
        divisionId: division.id,
        name: p.name,
        club: p.club,
        rating: p.rating,
        seed: p.seed,
        active: p.active,
        joinedRound: p.joinedRound,
      })),
    );
    await attachPersons(m, division.id);
    const bySeed = new Map(
      (
        await m.find(Player, {
          where: { divisionId: division.id },
          select: { id: true, seed: true },
        })
      ).map((p) => [p.seed, p.id]),
    );
    const idOf = new Map(doc.players.map((p) => [p.ref, bySeed.get(p.seed)!]));
    await insertMany(
      m,
      Absence,
      doc.players.flatMap((p) =>
        (p.absences ?? []).map((round) => ({ playerId: idOf.get(p.ref)!, round })),
      ),
    );
    for (const r of doc.rounds) {
      const round = await m.save(
        m.create(Round, {
          divisionId: division.id,
          number: r.number,
          system: r.system,
          notes: r.notes,
        }),
      );
      await insertMany(
        m,
        Game,
        r.games.map((g) => {
          const first = idOf.get(g.first)!;
          const second = g.second === null ? null : idOf.get(g.second)!;
          return {
            roundId: round.id,
            tableNumber: g.table,
            firstPlayerId: first,
            secondPlayerId: second,
            status: g.status,
            winner: g.winner,
            firstScore: g.scores?.[0] ?? null,
            secondScore: g.scores?.[1] ?? null,
            firstRemaining: g.remaining?.[0] ?? null,
            secondRemaining: g.remaining?.[1] ?? null,
            timeLossPlayerId: g.timeLoss === null ? null : g.timeLoss === 0 ? first : second,
            firstCards: g.cards?.[0] ?? null,
            secondCards: g.cards?.[1] ?? null,
            resultSource: g.source,
            resultKind: g.kind ?? null,
            version: 1,
          };
        }),
      );
      const byTable = new Map(
        (
          await m.find(Game, {
            where: { roundId: round.id },
            select: { id: true, tableNumber: true },
          })
        ).map((g) => [g.tableNumber, g.id]),
      );
      for (const [table, gameId] of byTable) games.set(`${r.number}/${table}`, gameId);
      await insertMany(
        m,
        GameSeat,
        r.games.flatMap((g) =>
          (g.seats ?? []).map((s, i) => ({
            gameId: byTable.get(g.table)!,
            seat: i + 1,
            playerId: idOf.get(s.player)!,
            score: s.score,
            remaining: s.remaining,
            cards: s.cards,
            place: s.place,
          })),
        ),
      );
      const sheets = r.games.filter((g) => g.scoresheet !== null);
      await insertMany(
        m,
        ScoreSheet,
        sheets.map(
          (g) =>
            ({
              gameId: byTable.get(g.table)!,
              sheet: g.scoresheet!.text,
              report: g.scoresheet!.report,
              ok: g.scoresheet!.ok,
            }) as QueryDeepPartialEntity<ScoreSheet>,
        ),
        50,
      );
      await insertMany(
        m,
        ResultChange,
        r.games.flatMap((g) =>
          g.history.map((h) => ({
            gameId: byTable.get(g.table)!,
            userId: h.by?.email ? (users.get(h.by.email) ?? null) : null,
            userName: h.by?.name ?? null,
            userEmail: h.by?.email ?? null,
            action: h.action,
            before: h.before,
            after: h.after,
            createdAt: new Date(h.at),
            updatedAt: new Date(h.at),
          })),
        ),
        200,
      );
    }
    return { id: division.id, players: idOf, games };
  }

  /** The word judge's rulings, in their order, games found again by round and table. */
  private async importRulings(
    m: EntityManager,
    tournamentId: number,
    rulings: WordRulingDocument[],
    divisions: ReadonlyMap<string, ImportedDivision>,
  ): Promise<void> {
    // A ruling names its judge, not an account: none is linked.
    await insertMany(
      m,
      WordRuling,
      rulings.map((r) => {
        const division = r.division === null ? undefined : divisions.get(r.division);
        return {
          tournamentId,
          gameId: division ? (division.games.get(`${r.round}/${r.table}`) ?? null) : null,
          turn: r.turn,
          ruleSet: r.ruleSet,
          wordList: r.wordList === 'tournament' ? `tournament:${tournamentId}` : r.wordList,
          words: r.words,
          verdict: r.verdict,
          userId: null,
          userName: r.by?.name ?? null,
          createdAt: new Date(r.at),
          updatedAt: new Date(r.at),
        };
      }),
      200,
    );
  }

  /** The document's log, in its order, with its times and authors; ids found again by ref. */
  private async importLog(
    m: EntityManager,
    tournamentId: number,
    log: LogDocument[],
    divisions: ReadonlyMap<string, ImportedDivision>,
    users: Map<string, number>,
  ): Promise<void> {
    const removedLater = gamesRemovedLater(log);
    await insertMany(
      m,
      DirectorLogEntry,
      log.map((e, i) => {
        const division = e.division === null ? undefined : divisions.get(e.division);
        const gameId =
          division && e.round !== null && e.table !== null && !removedLater[i]
            ? (division.games.get(`${e.round}/${e.table}`) ?? null)
            : null;
        return {
          tournamentId,
          divisionId: division?.id ?? null,
          playerId: division && e.player !== null ? (division.players.get(e.player) ?? null) : null,
          gameId,
          round: e.round,
          tableNumber: e.table,
          action: e.action,
          userId: e.by?.email ? (users.get(e.by.email) ?? null) : null,
          userName: e.by?.name ?? null,
          userEmail: e.by?.email ?? null,
          note: e.note ?? null,
          before: e.before,
          after: e.after,
          createdAt: new Date(e.at),
        } as QueryDeepPartialEntity<DirectorLogEntry>;
      }),
      200,
    );
  }
}

/**
 * The document's word list read as an upload is (its rule set's letters, one word a line), or
 * null when it has none; a word that is not of the rule set is a problem at its path.
 */
function readWordList(
  doc: TournamentDocument,
):
  | { ok: true; words: string[] }
  | { ok: false; errors: { path: string; message: string }[] }
  | null {
  const list: WordListDocument | null | undefined = doc.wordList;
  if (!list) return null;
  const parsed = parseUploadedWordList(
    list.words.join('\n'),
    ruleSetWordReader(doc.tournament.ruleSet),
  );
  if (parsed.errors.length > 0) {
    return {
      ok: false,
      errors: parsed.errors.slice(0, 100).map((e) => ({
        path: `wordList.words[${e.line - 1}]`,
        message: `${e.message} (${doc.tournament.ruleSet})`,
      })),
    };
  }
  return { ok: true, words: parsed.words };
}

/** What an imported division's log entries are found again by: its id, players by ref, games by round and table. */
interface ImportedDivision {
  id: number;
  players: Map<number, number>;
  games: Map<string, number>;
}
